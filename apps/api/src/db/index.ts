import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** A short description for logs and /health, without credentials. */
  label: string;
  close(): Promise<void>;
}

// PostgreSQL answers bigint (count, sum) and numeric as strings; every such value here fits
// in a double exactly (money is integer cents, points integer ×10⁶), so read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

/** SQLite file under DATA_DIR by default; PostgreSQL when DATABASE_URL is postgres://… */
export function createDb(opts: { databaseUrl?: string; dataDir: string; poolSize?: number }): Db {
  const url = opts.databaseUrl ?? '';
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
    // An idle connection the server drops (restart, failover, admin command) is an 'error'
    // event on the pool; unheard, it would crash the process. pg discards that connection and
    // the next query opens a new one, so a warning is all it takes.
    pool.on('error', (err) => {
      process.emitWarning(`conexão ociosa com o PostgreSQL perdida: ${err.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const u = new URL(url);
    return {
      db,
      dialect: 'postgres',
      label: `postgres ${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: () => db.destroy(),
    };
  }
  const file = url.startsWith('sqlite:')
    ? url.replace(/^sqlite:(\/\/)?/, '')
    : path.join(opts.dataDir, 'praca.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // FULL: a sale answered 201 survives a crash or power loss (docs/decisions/002-data-model.md).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', label: `sqlite ${file}`, close: () => db.destroy() };
}
