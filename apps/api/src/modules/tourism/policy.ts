import { isAdmin, type Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';
import { adminCityScope } from '../cities/policy.js';

/** The tourism guide is kept by admins and super-admins; partners and consumers get 403. */
export const mayAdministerTourism: Rule = isAdmin;

/** Whose city is it (domain §3): the super-admin any city, an admin only its own. */
export function mayAdministerCity(u: AuthUser, codCidade: number): boolean {
  const scope = adminCityScope(u);
  return scope === undefined || scope === codCidade;
}
