import { isAdmin, isSuperadmin, type Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';

/** Admin lists of cities: any admin. */
export const mayListAdminCities: Rule = isAdmin;

/** The city an admin is limited to; undefined for a super-admin, who sees every city. */
export const adminCityScope = (u: AuthUser): number | undefined => (u.superadmin ? undefined : u.cod_cidade);

/** Whose city is it (domain §3): the super-admin any city, an admin only its own. */
export function mayAdministerCity(u: AuthUser, codCidade: number): boolean {
  const scope = adminCityScope(u);
  return scope === undefined || scope === codCidade;
}

/** The apurações' promoter (issue 49): read by any admin (the service checks the city)... */
export const mayReadPromoter: Rule = isAdmin;

/** ...written by the super-admin alone. */
export const mayWritePromoter: Rule = isSuperadmin;
