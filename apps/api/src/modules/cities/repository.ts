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

const PROMOTER_FIELDS = ['cod_cidade', 'cidade', 'uf', 'promotor_nome', 'promotor_cnpj'] as const;

/** A city with its apurações' promoter (issue 49). */
export function findPromoter(db: Kysely<Database>, codCidade: number) {
  return db
    .selectFrom('cidades')
    .select(PROMOTER_FIELDS)
    .where('cod_cidade', '=', codCidade)
    .executeTakeFirst();
}

export async function updatePromoter(
  db: Kysely<Database>,
  codCidade: number,
  promotor: { promotor_nome: string; promotor_cnpj: string },
): Promise<void> {
  await db.updateTable('cidades').set(promotor).where('cod_cidade', '=', codCidade).execute();
}
