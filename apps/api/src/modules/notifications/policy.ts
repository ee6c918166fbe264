import { isAdmin, isConsumer, type Rule } from '../auth/policy.js';

/** Anyone signed in reads, receives and dismisses their own notifications and push tokens. */
export const mayReceiveNotifications: Rule = isConsumer;

/** Notifications are sent (and registration tokens kept) by admins and super-admins. */
export const maySendNotifications: Rule = isAdmin;
