import { isConsumer, type Rule } from '../auth/policy.js';

/** Anyone signed in reads their own coupons, balances and statement; never another person's. */
export const mayReadOwnCoupons: Rule = isConsumer;
