import { isAdmin, type Rule } from '../auth/policy.js';

/**
 * The audit log is read by admins and super-admins (partners and consumers get 403): an admin
 * the entries of its city, the super-admin any city's (cities/admin-scope.ts). It is written
 * only by the audited writes themselves, never through a route.
 */
export const mayReadAudit: Rule = isAdmin;
