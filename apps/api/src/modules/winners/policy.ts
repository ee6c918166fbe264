import { isAdmin, type Rule } from '../auth/policy.js';

/**
 * Anyone may read a city's winners. Winners are administered by admins and super-admins
 * (partners and consumers get 403), each by an admin of its campaign's city
 * (cities/admin-scope.ts): the list, each winner and the campaign a write names.
 */
export const mayAdministerWinners: Rule = isAdmin;
