import { isAdmin, type Rule } from '../auth/policy.js';

/**
 * Anyone may read a city's running campaigns, a partner those of its shop (sales screen).
 * Campaigns are administered by admins and super-admins (partners and consumers get 403),
 * each by an admin of its city (cities/admin-scope.ts): the list, each campaign and the city
 * a write asks for.
 */
export const mayAdministerCampaigns: Rule = isAdmin;
