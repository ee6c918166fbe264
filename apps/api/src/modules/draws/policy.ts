import { isAdmin, type Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';
import { mayAdministerCity } from '../cities/policy.js';

/** Draws are made (and their records listed) by admins and super-admins. */
export const mayDraw: Rule = isAdmin;

/** Of the campaign's city only: an admin its own city, the super-admin any (domain §3). */
export const mayDrawInCity = (u: AuthUser, codCidade: number): boolean => mayAdministerCity(u, codCidade);
