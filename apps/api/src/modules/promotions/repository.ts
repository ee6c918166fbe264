import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/** Paid promotions of a shop running on `day`. */
export function listCurrentPaid(db: Kysely<Database>, idEstabelecimento: number, day: string) {
  return db
    .selectFrom('promocoes')
    .select([
      'id_promocao',
      'id_estabelecimento',
      'dat_inicio',
      'dat_final',
      'imagem',
      'linkproduto',
      'val_desconto_e4',
      'porc_desconto_e4',
      'val_minimo_centavos',
      'cod_produto',
      'regra',
    ])
    .where('id_estabelecimento', '=', idEstabelecimento)
    .where('ies_pago', '=', 'S')
    .where('dat_inicio', '<=', day)
    .where('dat_final', '>=', day)
    .orderBy('dat_final')
    .orderBy('id_promocao')
    .execute();
}
