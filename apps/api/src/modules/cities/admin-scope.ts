import type { Kysely } from 'kysely';
import { MSG_ADMIN } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import type { AuthUser } from '../auth/types.js';
import { mayAdministerCity } from './policy.js';
import { findCity } from './service.js';

/**
 * The city scope of the admin screens (domain §3), for the modules whose admin records belong
 * to a city: the super-admin administers every city, an admin only its own (403 otherwise).
 */

/** 403 unless the caller administers the city. */
export function checkAdminCity(user: AuthUser, codCidade: number): void {
  if (!mayAdministerCity(user, codCidade)) throw new HttpError(403, MSG_ADMIN.outraCidade);
}

/**
 * The city an admin list asks for: `cod_cidade` (or the spec's `codcidade`), else the
 * caller's; 403 when it is not the caller's to administer.
 */
export function requestedAdminCity(
  user: AuthUser,
  query: { cod_cidade?: number; codcidade?: number },
): number {
  const codCidade = query.cod_cidade ?? query.codcidade ?? user.cod_cidade;
  checkAdminCity(user, codCidade);
  return codCidade;
}

/** A record loaded by id: 404 with `notFound` when there is none, 403 when it is of another city. */
export function recordInAdminCity<T extends { cod_cidade: number }>(
  user: AuthUser,
  row: T | undefined,
  notFound: string,
): T {
  if (!row) throw new HttpError(404, notFound);
  checkAdminCity(user, row.cod_cidade);
  return row;
}

/** 400 when a write names a city that does not exist; else the city (its name and UF). */
export async function checkCityExists(
  db: Kysely<Database>,
  codCidade: number,
): Promise<{ cod_cidade: number; cidade: string; uf: string }> {
  const city = await findCity(db, codCidade);
  if (!city) throw new HttpError(400, MSG_ADMIN.cidadeNaoEncontrada);
  return city;
}
