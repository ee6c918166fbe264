import { isAdmin, type Rule } from '../auth/policy.js';

/**
 * The dashboard is read by admins and super-admins (partners and consumers get 403): an admin
 * its own city's figures, the super-admin any city's (cities/admin-scope.ts).
 */
export const mayReadDashboard: Rule = isAdmin;
