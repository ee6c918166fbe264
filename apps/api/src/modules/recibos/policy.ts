import { isAdmin, isConsumer, type Rule } from '../auth/policy.js';

/** Any signed-in person sends the receipts they hold and reads their own (issue 53). */
export const maySendRecibos: Rule = isConsumer;

/** A city's receipts are read by its admins (the super-admin any city: cities/policy.ts). */
export const mayListCityRecibos: Rule = isAdmin;
