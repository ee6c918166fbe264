import { isAdmin, isConsumer, type Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';
import { mayAdministerCity } from '../cities/policy.js';

/** Apurações are scheduled, moved and decided by admins and super-admins. */
export const mayApurar: Rule = isAdmin;

/** Of the campaign's city only: an admin its own city, the super-admin any (domain §3). */
export const mayApurarInCity = (u: AuthUser, codCidade: number): boolean => mayAdministerCity(u, codCidade);

/** Anyone signed in reads their own numbers; never another person's. */
export const mayReadOwnNumbers: Rule = isConsumer;
