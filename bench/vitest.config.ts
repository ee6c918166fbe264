import { defineConfig } from 'vitest/config';

/**
 * The bench workspace's tests: the data generator at tiny scale (SQLite, and PostgreSQL when
 * PG_TEST_URL or 127.0.0.1:5432 answers). Generation takes seconds, hence the long timeouts.
 */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    env: { PG_TEST_URL: process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
  },
});
