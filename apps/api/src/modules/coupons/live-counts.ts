import * as repo from './repository.js';

/**
 * The coupons each sale still has (not annulled), for lists of sales: the coupons module's
 * answer without its service's graph, so the export worker (decision 048) can load it light.
 */
export const liveCountBySale = repo.liveCountBySale;
