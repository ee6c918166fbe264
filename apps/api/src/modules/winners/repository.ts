import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { couponsTable } from '../coupons/queries.js';
import { salesTable } from '../sales/live.js';

/** The most recent winners of a city's campaigns; an annulled winner is not one (issue 36). */
export function listByCity(db: Kysely<Database>, codCidade: number, limit: number) {
  return db
    .selectFrom('contemplados as w')
    .innerJoin('campanhas as c', 'c.id_campanha', 'w.id_campanha')
    .leftJoin('estabelecimentos as e', 'e.id_estabelecimento', 'w.id_estabelecimento')
    .leftJoin(couponsTable('k'), 'k.id_cupom', 'w.id_cupom')
    .leftJoin(salesTable('v'), 'v.id_venda', 'w.id_venda')
    .select([
      'w.id_sorteado',
      'k.numero as numero_cupom',
      'w.id_campanha',
      'c.den_campanha',
      'c.banner',
      'w.id_estabelecimento',
      'e.nome as nom_estabelecimento',
      'w.nome_sorteado',
      'w.data_sorteio',
      'v.dat_venda',
    ])
    .where('c.cod_cidade', '=', codCidade)
    .where('w.anulado_em', 'is', null)
    .orderBy('w.data_sorteio', 'desc')
    .orderBy('w.id_sorteado', 'desc')
    .limit(limit)
    .execute();
}

export function listPhotos(db: Kysely<Database>, idsSorteado: number[]) {
  if (idsSorteado.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contemplado_fotos')
    .select(['id_sorteado', 'url_foto'])
    .where('id_sorteado', 'in', idsSorteado)
    .orderBy('id_sorteado')
    .orderBy('ordem')
    .orderBy('id')
    .execute();
}
