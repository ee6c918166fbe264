import { isAdmin, isSuperadmin, type Rule } from '../auth/policy.js';

/**
 * Anyone may read a shop's paid, running promotions. Promotions are administered by admins
 * and super-admins (partners and consumers get 403), each by an admin of its shop's city.
 */
export const mayAdministerPromotions: Rule = isAdmin;

/**
 * The payment flag is the super-admin's alone (spec §6 "editable only if a permission check
 * passes", domain §3). The same rule guards what was paid for: the plan and the shop of a
 * promotion already marked paid.
 */
export const mayChangePayment: Rule = isSuperadmin;
