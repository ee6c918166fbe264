import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type Dialect } from '../src/db/index.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Database } from '../src/db/types.js';
import { randomToken } from '../src/lib/crypto.js';

/** The tests' Loteria Federal calendar anchor (test/apuracao-helpers.ts computes from it). */
export const TEST_LOTERIA_REFERENCIA = '2900:2026-01-03';

export const dialect: Dialect = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.PG_TEST_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database of this run's dialect: its URL and how to throw it away. */
async function freshDatabase(dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') return { url: `sqlite:${path.join(dataDir, 'test.db')}`, drop: async () => {} };
  const name = `praca_t_${randomToken(8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(process.env.PG_TEST_URL ?? '');
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/**
 * The real app (buildApp with production options, no demo seed) on a fresh database.
 * `env` overrides environment variables as the server would read them.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  build: Parameters<typeof buildApp>[2] = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-test-'));
  const database = await freshDatabase(dataDir);
  const config = loadConfig({
    NODE_ENV: 'production',
    INIT_CWD: dataDir,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'sem-web'),
    // Issue 49: a calendar anchor (contest 2900 on Saturday 2026-01-03) and an auditor.
    LOTERIA_FEDERAL_REFERENCIA: TEST_LOTERIA_REFERENCIA,
    APURACAO_AUDITORES: 'auditoria@controle.test',
    // Issue 54: no load shedding in the test apps (a loaded CI host's event loop must not turn a
    // test's request into 503); readiness.test.ts proves it with thresholds of its own.
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    OVERLOAD_HEAP_USED_PCT: '0',
    ...env,
  });
  const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir, poolSize: 4 });
  await migrateToLatest(db.db);
  const app = await buildApp(config, db, build);
  await app.ready();
  return {
    app,
    db: db.db,
    config,
    dataDir,
    async close() {
      await app.close();
      await db.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One app per test file (or describe block): built before its tests, closed after. */
export function useTestApp(
  env: Record<string, string> = {},
  build: Parameters<typeof buildApp>[2] = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env, build));
  });
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

/**
 * A second instance of the app on the same database as `t` (PostgreSQL), as a deployment with
 * two servers has: `instance()` answers it inside the tests; it closes after them.
 */
export function useSecondInstance(t: TestApp): () => FastifyInstance {
  let other: FastifyInstance;
  let otherDb: ReturnType<typeof createDb>;
  beforeAll(async () => {
    otherDb = createDb({ databaseUrl: t.config.DATABASE_URL, dataDir: t.dataDir, poolSize: 2 });
    other = await buildApp(t.config, otherDb);
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
  });
  return () => other;
}

/**
 * The plan the database makes for `q`, as text: SQLite's `explain query plan` details, or
 * PostgreSQL's `explain` with sequential scans off (a test database is small enough for
 * PostgreSQL to prefer reading a whole table, which says nothing of a city's).
 */
export async function queryPlan(db: Kysely<Database>, q: CompiledQuery): Promise<string> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await trx.executeQuery(CompiledQuery.raw(`explain ${q.sql}`, [...q.parameters]));
      return rows.map((r) => String(Object.values(r as object)[0])).join('\n');
    }
    const { rows } = await trx.executeQuery(
      CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]),
    );
    return rows.map((r) => String((r as { detail: string }).detail)).join('\n');
  });
}
