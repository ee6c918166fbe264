/**
 * zod 4 compiles object parsers with `new Function` unless told not to, and probes for it
 * with `Function('')` on the first parse. Under the app's Content-Security-Policy (no
 * 'unsafe-eval', docs/security.md) that probe is a reported violation. zod reads this shared
 * config object lazily, so setting it here, before anything parses, keeps it from trying;
 * this module imports nothing, so zod stays out of the first page's bundle.
 */
const g = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(g.__zod_globalConfig ??= {}).jitless = true;

export {};
