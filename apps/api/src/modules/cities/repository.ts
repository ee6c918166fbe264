import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

const FIELDS = ['cod_cidade', 'cidade', 'uf'] as const;

export function listCities(db: Kysely<Database>, onlyCod?: number) {
  let q = db.selectFrom('cidades').select(FIELDS);
  if (onlyCod !== undefined) q = q.where('cod_cidade', '=', onlyCod);
  return q.orderBy('cidade').orderBy('uf').execute();
}

export function findCity(db: Kysely<Database>, codCidade: number) {
  return db.selectFrom('cidades').select(FIELDS).where('cod_cidade', '=', codCidade).executeTakeFirst();
}
