import { isAdmin, type Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';
import { adminCityScope } from '../cities/policy.js';

/** Winners are administered by admins and super-admins; partners and consumers get 403. */
export const mayAdministerWinners: Rule = isAdmin;

/**
 * Only admins of the campaign's city (domain §3): the super-admin administers every city, an
 * admin only its own. Applies to the list, to each winner (its campaign's city) and to the
 * campaign a write names.
 */
export function mayAdministerCity(u: AuthUser, codCidade: number): boolean {
  const scope = adminCityScope(u);
  return scope === undefined || scope === codCidade;
}

/** The city a list asks for: `cod_cidade` (or the spec's `codcidade`), else the caller's. */
export function requestedCity(u: AuthUser, q: { cod_cidade?: number; codcidade?: number }): number {
  return q.cod_cidade ?? q.codcidade ?? u.cod_cidade;
}
