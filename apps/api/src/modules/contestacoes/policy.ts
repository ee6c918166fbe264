import { isAdmin, isConsumer, type Rule } from '../auth/policy.js';

/** Any signed-in person may contest a line of their own statement, or a purchase not credited. */
export const mayContest: Rule = isConsumer;

/** Complaints are decided by admins of the shop's city (the super-admin any: cities/policy.ts). */
export const mayDecideContests: Rule = isAdmin;
