import { isAdmin, isConsumer, type Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';
import { mayAdministerCity } from '../cities/policy.js';

/** Any signed-in person may contest a line of their own statement, or a purchase not credited. */
export const mayOpenContestacao: Rule = isConsumer;

/** Complaints are decided by admins of the shop's city (the super-admin any: cities/policy.ts). */
export const mayDecideContestacoes: Rule = isAdmin;

/**
 * A receipt's photo is private (it can carry a CPF): read by the complaint's author and by the
 * admins who decide it, those of its city (the super-admin any city).
 */
export const mayReadReceipt = (u: AuthUser, c: { id_usuario: number; cod_cidade: number }): boolean =>
  c.id_usuario === u.id || (isAdmin(u) && mayAdministerCity(u, c.cod_cidade));
