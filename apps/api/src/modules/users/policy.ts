import type { Rule } from '../auth/policy.js';

/** The customer search of the sales screen: partners, admins and super-admins (domain §3). */
export const maySearchCustomers: Rule = (u) => u.parceiro || u.admin || u.superadmin;
