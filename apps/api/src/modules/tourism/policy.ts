import { isAdmin, type Rule } from '../auth/policy.js';

/** The tourism guide is kept by admins and super-admins; partners and consumers get 403. */
export const mayAdministerTourism: Rule = isAdmin;
