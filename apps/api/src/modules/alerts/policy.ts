import { isAdmin, type Rule } from '../auth/policy.js';

/**
 * The city's alerts are read by admins and super-admins (partners and consumers get 403): an
 * admin those of its city, the super-admin any city's (cities/admin-scope.ts).
 */
export const mayReadAlerts: Rule = isAdmin;
