import { isAdmin, isConsumer, type Rule } from '../auth/policy.js';

/** Any signed-in person proves the CPF of their own account (issue 52). */
export const mayProveOwnCpf: Rule = isConsumer;

/**
 * Proofs are read and decided by the admins of the person's city, the super-admin any city
 * (the service checks the city: cities/admin-scope.ts).
 */
export const mayDecideCpfProofs: Rule = isAdmin;
