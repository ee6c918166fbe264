import { isAdmin, type Rule } from '../auth/policy.js';

/** Images are uploaded by admins and super-admins (for the editors), limited per person. */
export const mayUploadImages: Rule = isAdmin;
