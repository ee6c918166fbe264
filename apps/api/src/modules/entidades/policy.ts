import { isAdmin, isConsumer, type Rule } from '../auth/policy.js';

/** Admins register their city's social entities (the super-admin any city's). */
export const mayRegisterEntities: Rule = isAdmin;

/** The same admins list and edit them (the service checks the city). */
export const mayAdministerEntities: Rule = isAdmin;

/** Anyone logged in may give their coupons (the service refuses an entity's own account). */
export const mayDonate: Rule = isConsumer;
