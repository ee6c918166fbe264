import { isAdmin, type Rule } from '../auth/policy.js';

/**
 * A large export's progress and file: admins (the service lets in whom asked for it and the
 * admins of its city). A partner's own sales export stays under the immediate limit of one
 * shop in practice; when it does not, the partner follows it here too.
 */
export const mayFollowExports: Rule = (u) => isAdmin(u) || u.parceiro;
