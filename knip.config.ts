import type { KnipConfig } from 'knip';

/**
 * Unused files, dependencies and exports (`npm run lint`). Knip's plugins find the entry points
 * of vite, vitest, playwright and eslint from their configs (test files are entries, so what a
 * test imports counts as used); the entries here are the scripts run by hand or by package.json
 * scripts. Every rule is at knip's default, an error. One export is kept by a `@public` JSDoc
 * tag in the source, with its reason: two table types of apps/api/src/db/types.ts that the
 * declaration of `salesOf` names.
 */
const config: KnipConfig = {
  workspaces: {
    '.': {
      entry: ['scripts/*.mjs'],
      project: ['scripts/*.mjs', '*.{js,ts}'],
      // scripts/make-icons.mjs is run by hand with the API's sharp.
      ignoreDependencies: ['sharp'],
    },
    'packages/contract': {
      project: ['src/**/*.ts'],
    },
    'apps/api': {
      entry: [
        'src/cli/*.ts',
        // The OpenTelemetry bootstrap, loaded by the start scripts' `--import` (issue 54).
        'src/telemetry.ts',
        'src/db/seed/cli.ts',
        // Each migration's `up`/`down` is read by Kysely's migrator through the `import * as`
        // map in src/db/migrate.ts, never by name.
        'src/db/migrations/*.ts',
        // A large export's worker thread, started by URL from modules/exports/thread.ts.
        'src/modules/exports/worker.ts',
        // An import's reading thread (issue 52), started by URL from modules/imports/read-thread.ts.
        'src/modules/imports/read-worker.ts',
      ],
      project: ['src/**/*.ts', 'test/**/*.ts'],
      // Backups and restores run the PostgreSQL client's programs (src/db/backup.ts), installed
      // with the database, not from npm.
      ignoreBinaries: ['pg_restore', 'psql'],
    },
    'apps/web': {
      project: ['src/**/*.{ts,tsx}', '*.ts'],
      // The brand font's file is named by src/app/fonts.css (a CSS url()), which knip does not read.
      ignoreDependencies: ['@fontsource-variable/plus-jakarta-sans'],
    },
    e2e: {
      // The stubs the playwright config starts as web servers.
      entry: ['*.mjs'],
      project: ['tests/**/*.ts', '*.{ts,mjs}'],
    },
    bench: {
      project: ['src/**/*.ts', 'test/**/*.ts'],
      ignoreDependencies: [
        // bench-http.ts loads it with createRequire (it ships no types).
        'autocannon',
        // bench-web.ts takes lighthouse's own, at the versions lighthouse brings.
        'chrome-launcher',
        'puppeteer-core',
      ],
    },
  },
};

export default config;
