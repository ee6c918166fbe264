import type { Kysely } from 'kysely';
import type { EstabelecimentoPublico } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { presentShop } from './presenter.js';
import * as repo from './repository.js';

export async function listForConsumers(
  db: Kysely<Database>,
  codCidade: number,
): Promise<EstabelecimentoPublico[]> {
  return (await repo.listActiveByCity(db, codCidade)).map(presentShop);
}

export const findShopBrief = repo.findShopBrief;
export const addToRating = repo.addToRating;
