import { isAdmin, type Rule } from '../auth/policy.js';

/**
 * Notices are kept by admins and super-admins (partners and consumers get 403), each record
 * by an admin of its city (cities/admin-scope.ts). Anyone may read a city's valid notices.
 */
export const mayAdministerNotices: Rule = isAdmin;
