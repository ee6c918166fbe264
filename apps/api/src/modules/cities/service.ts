import type { Kysely } from 'kysely';
import type { Cidade } from '@praca/contract';
import type { Database } from '../../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { adminCityScope } from './policy.js';
import { presentCity } from './presenter.js';
import * as repo from './repository.js';

export const listCities = async (db: Kysely<Database>): Promise<Cidade[]> =>
  (await repo.listCities(db)).map(presentCity);

/** A super-admin gets every city, an admin only its own. */
export const listCitiesForAdmin = async (db: Kysely<Database>, user: AuthUser): Promise<Cidade[]> =>
  (await repo.listCities(db, adminCityScope(user))).map(presentCity);

export async function findCity(db: Kysely<Database>, codCidade: number): Promise<Cidade | undefined> {
  const c = await repo.findCity(db, codCidade);
  return c && presentCity(c);
}
