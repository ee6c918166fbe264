import type { Kysely } from 'kysely';
import type { PromocaoPublica } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { presentPublicPromotion } from './presenter.js';
import * as repo from './repository.js';

/** What consumers see of a shop's promotions: paid and running today (domain §7). */
export async function listForConsumers(
  db: Kysely<Database>,
  idEstabelecimento: number,
  day: string,
): Promise<PromocaoPublica[]> {
  return (await repo.listCurrentPaid(db, idEstabelecimento, day)).map(presentPublicPromotion);
}
