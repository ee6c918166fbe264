import { isConsumer, type Rule } from '../auth/policy.js';
import type { AuthUser } from '../auth/types.js';

/**
 * Anyone signed in, whatever the role, keeps their own account: the profile and its photo,
 * the data export, the removal request (limited per person) and the sessions. No one acts on
 * another person's account here.
 */
export const mayManageOwnAccount: Rule = isConsumer;

/** A profile is read by its own person only (domain §3). */
export const mayReadProfile = (u: AuthUser, idUsuario: number): boolean => idUsuario === u.id;
