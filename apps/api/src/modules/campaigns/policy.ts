import { isAdmin, type Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';
import { adminCityScope } from '../cities/policy.js';

/** Campaigns are administered by admins and super-admins; partners and consumers get 403. */
export const mayAdministerCampaigns: Rule = isAdmin;

/**
 * Whose city is it (domain §3): the super-admin administers every city, an admin only its
 * own. Applies to lists, to each campaign (its stored city) and to the city a write asks for.
 */
export function mayAdministerCity(u: AuthUser, codCidade: number): boolean {
  const scope = adminCityScope(u);
  return scope === undefined || scope === codCidade;
}

/** The city an admin request is about: `cod_cidade` (or the spec's `codcidade`), else the caller's. */
export function requestedCity(u: AuthUser, q: { cod_cidade?: number; codcidade?: number }): number {
  return q.cod_cidade ?? q.codcidade ?? u.cod_cidade;
}
