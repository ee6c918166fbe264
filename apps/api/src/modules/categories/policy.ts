import { isAdmin, type Rule } from '../auth/policy.js';

/** Categories feed the admin's establishment editor. */
export const mayListCategories: Rule = isAdmin;
