import type { Insertable, Kysely } from 'kysely';
import { cnpjDaChave } from '@praca/contract';
import type { Database, EstabelecimentosTable } from '../../db/types.js';
import { batches } from '../imports/kind.js';

export { insertCnpjs, takenCnpjs } from './cnpjs.js';

/** The CNPJs among `cnpjs` (formatted) some shop (of any city) has as its main one. */
export async function takenMainCnpjs(db: Kysely<Database>, cnpjs: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const slice of batches(cnpjs, BATCH)) {
    const rows = await db.selectFrom('estabelecimentos').select('cnpj').where('cnpj', 'in', slice).execute();
    for (const r of rows) taken.add(cnpjDaChave(r.cnpj));
  }
  return taken;
}

/**
 * SQL of the establishments import (issue 39, decision 049): what the checks need, read in a
 * few statements for the whole file, and the inserts in batches.
 */

/** Rows per INSERT: 500 × 24 columns stays under both dialects' bound-parameter limits. */
const BATCH = 500;

export const allCategories = (db: Kysely<Database>) =>
  db.selectFrom('categorias').select(['id_categoria', 'categoria']).execute();

export const cityCampaigns = (db: Kysely<Database>, codCidade: number) =>
  db
    .selectFrom('campanhas')
    .select(['id_campanha', 'den_campanha', 'exige_nfce'])
    .where('cod_cidade', '=', codCidade)
    .execute();

/** Every shop's name and address in the city. */
export const cityShopNames = (db: Kysely<Database>, codCidade: number) =>
  db
    .selectFrom('estabelecimentos')
    .select(['nome', 'endereco'])
    .where('cod_cidade', '=', codCidade)
    .execute();

/**
 * Inserts the shops; answers their ids in the order given. `key` tells the rows apart (name
 * and address are unique in one import), so the order RETURNING uses does not matter.
 */
export async function insertShops(
  trx: Kysely<Database>,
  shops: Insertable<EstabelecimentosTable>[],
  key: (nome: string, endereco: string) => string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const slice of batches(shops, BATCH)) {
    const rows = await trx
      .insertInto('estabelecimentos')
      .values(slice)
      .returning(['id_estabelecimento', 'nome', 'endereco'])
      .execute();
    const byKey = new Map(rows.map((r) => [key(r.nome, r.endereco), r.id_estabelecimento]));
    for (const s of slice) ids.push(byKey.get(key(s.nome, s.endereco ?? '')) ?? 0);
  }
  return ids;
}

export async function insertSellers(
  trx: Kysely<Database>,
  sellers: { id_estabelecimento: number; nome_vendedor: string }[],
): Promise<void> {
  for (const slice of batches(sellers, BATCH * 4)) await trx.insertInto('vendedores').values(slice).execute();
}

export async function insertParticipations(
  trx: Kysely<Database>,
  rows: {
    id_campanha: number;
    id_estabelecimento: number;
    fator_cashback_e4: number;
    fator_sorteio_e4: number;
  }[],
): Promise<void> {
  for (const slice of batches(rows, BATCH * 2)) {
    await trx.insertInto('campanha_estabelecimentos').values(slice).execute();
  }
}
