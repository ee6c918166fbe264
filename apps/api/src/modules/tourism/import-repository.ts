import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { batches } from '../imports/kind.js';
import type { TourismValues } from './admin-repository.js';

/** SQL of the tourism import (issue 39): the city's items once, the inserts in batches. */

const BATCH = 500;

export const cityItems = (db: Kysely<Database>, codCidade: number) =>
  db.selectFrom('turismo').select(['descricao', 'tipo']).where('cod_cidade', '=', codCidade).execute();

/** Inserts the items; answers their ids in the order given (`key` tells the rows apart). */
export async function insertItems(
  trx: Kysely<Database>,
  items: TourismValues[],
  at: string,
  key: (descricao: string, tipo: number) => string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const slice of batches(items, BATCH)) {
    const rows = await trx
      .insertInto('turismo')
      .values(slice.map((v) => ({ ...v, criado_em: at, atualizado_em: at })))
      .returning(['id_turismo', 'descricao', 'tipo'])
      .execute();
    const byKey = new Map(rows.map((r) => [key(r.descricao, r.tipo), r.id_turismo]));
    for (const v of slice) ids.push(byKey.get(key(v.descricao, v.tipo)) ?? 0);
  }
  return ids;
}
