import type { Kysely } from 'kysely';
import type { PromocaoPublica } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { centsToReais, fromE4 } from '../coupons/units.js';
import * as repo from './repository.js';

/** What consumers see of a shop's promotions: paid and running today (domain §7). */
export async function listForConsumers(
  db: Kysely<Database>,
  idEstabelecimento: number,
  day: string,
): Promise<PromocaoPublica[]> {
  return (await repo.listCurrentPaid(db, idEstabelecimento, day)).map((p) => ({
    id_promocao: p.id_promocao,
    id_estabelecimento: p.id_estabelecimento,
    dat_inicio: p.dat_inicio,
    dat_final: p.dat_final,
    imagem: p.imagem,
    linkproduto: p.linkproduto,
    val_desconto: fromE4(p.val_desconto_e4),
    porc_desconto: fromE4(p.porc_desconto_e4),
    val_minimo: centsToReais(p.val_minimo_centavos),
    cod_produto: p.cod_produto,
    regra: p.regra,
  }));
}
