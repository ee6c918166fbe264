import type { Kysely } from 'kysely';
import type { Cidade } from '@praca/contract';
import type { Database } from '../../db/types.js';
import type { AuthUser } from '../auth/types.js';
import { adminCityScope } from './policy.js';
import * as repo from './repository.js';

export const listCities = (db: Kysely<Database>): Promise<Cidade[]> => repo.listCities(db);

/** A super-admin gets every city, an admin only its own. */
export const listCitiesForAdmin = (db: Kysely<Database>, user: AuthUser): Promise<Cidade[]> =>
  repo.listCities(db, adminCityScope(user));

export const findCity = (db: Kysely<Database>, codCidade: number): Promise<Cidade | undefined> =>
  repo.findCity(db, codCidade);
