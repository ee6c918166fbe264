import { isAdmin, type Rule } from '../auth/policy.js';
import { mayRunShops } from '../establishments/policy.js';

/**
 * Sales (domain §3): partners, admins and super-admins reach the sales routes; consumers get
 * 403. Which shop's sales each may read, register, change or delete is the shop rule of
 * establishments/policy.ts (`mayRunShop`): the super-admin anywhere, a partner on the shops
 * linked to it, an admin on the shops of its city. It is checked on the shop of the stored
 * sale and, when an edit moves the sale, on the new shop too.
 */
export const mayRegisterSales: Rule = mayRunShops;

/** Any logged-in person may claim a hand-over code once (domain §4). */
export const mayClaimSale: Rule = () => true;

/** The city's sales list and its exports (issue 39): admins of the city, the super-admin any. */
export const mayListCitySales: Rule = isAdmin;
