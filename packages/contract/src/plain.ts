/**
 * `@praca/contract/plain`: the contract's constants, texts and pure helpers without zod. The
 * web's consumer path (entry, layout, session, home) imports these from here so its first
 * load does not carry zod; everything is also exported from the package root as before.
 */
export * from './limits.js';
export * from './messages.js';
export * from './first-load-texts.js';
export * from './validators.js';
export * from './dates.js';
export * from './notification-texts.js';
export * from './coupon-code.js';
export * from './govbr-texts.js';
