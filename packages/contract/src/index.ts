export * from './limits.js';
export * from './messages.js';
export * from './common.js';
export * from './auth.js';
export * from './users.js';
export * from './catalog.js';
export * from './validators.js';
