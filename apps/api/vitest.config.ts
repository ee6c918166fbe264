import pg from 'pg';
import { defineConfig } from 'vitest/config';

/**
 * The API suite runs once per dialect (two projects, TEST_DIALECT=sqlite|postgres). Each test
 * file gets a fresh database: a temp SQLite file, or `praca_t_<random>` created on the
 * PostgreSQL server of PG_TEST_URL and dropped afterwards. Without PostgreSQL the suite runs on
 * SQLite only and says so loudly; on CI (CI=true) that is a failure.
 */
const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_TEST_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default defineConfig(async () => {
  const dialects = ['sqlite'];
  if (await postgresAnswers()) dialects.push('postgres');
  else if (process.env.CI === 'true') {
    throw new Error(
      `PostgreSQL não responde em ${PG_TEST_URL}: no CI a suíte da API roda em SQLite e PostgreSQL.`,
    );
  } else {
    console.warn(
      `\n${'!'.repeat(78)}\n!! PostgreSQL não responde em ${PG_TEST_URL}.\n` +
        `!! A suíte da API roda SÓ em SQLite. Inicie o PostgreSQL ou defina PG_TEST_URL.\n${'!'.repeat(78)}\n`,
    );
  }
  return {
    test: {
      include: ['test/**/*.test.ts'],
      testTimeout: 20_000,
      hookTimeout: 60_000,
      projects: dialects.map((dialect) => ({
        extends: true as const,
        test: { name: dialect, env: { TEST_DIALECT: dialect, PG_TEST_URL } },
      })),
    },
  };
});
