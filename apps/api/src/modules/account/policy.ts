import { isConsumer, type Rule } from '../auth/policy.js';

/**
 * Anyone signed in, whatever the role, keeps their own account: the profile and its photo,
 * the data export, the removal request (limited per person) and the sessions. No one acts on
 * another person's account here.
 */
export const mayManageOwnAccount: Rule = isConsumer;
