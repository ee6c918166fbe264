import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { nameStatements } from './pg-named.js';
import { tracingOptions } from './query-tracing.js';
import {
  connectionStats,
  transaction as sqliteTransaction,
  type ConnectionStats,
} from './sqlite/group-commit.js';
import { openSqlite } from './sqlite/open.js';
import type { Database } from './types.js';
import { isPostgresUrl, sqliteFile } from './url.js';

export { isPostgresUrl } from './url.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  db: Kysely<Database>;
  dialect: Dialect;
  /** A short description for logs and /health, without credentials. */
  label: string;
  close(): Promise<void>;
  /**
   * Issue 54, metrics: the connections (PostgreSQL's pool; SQLite's one connection, held by one
   * transaction at a time, and the transactions waiting for it).
   */
  connections?(): ConnectionStats;
}

// PostgreSQL answers bigint (count, sum) and numeric as strings; every such value here fits
// in a double exactly (money is integer cents, points integer ×10⁶), so read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** SQLite file under DATA_DIR by default; PostgreSQL when DATABASE_URL is postgres://… */
export function createDb(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** SQLite only: NORMAL (default) or FULL, which fsyncs every commit (see below). */
  sqliteSynchronous?: 'NORMAL' | 'FULL';
}): Db {
  const url = opts.databaseUrl ?? '';
  if (isPostgresUrl(url)) {
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
    // The hot path's fixed queries as named statements on each connection (db/pg-named.ts).
    pool.on('connect', nameStatements);
    // An idle connection the server drops (restart, failover, admin command) is an 'error'
    // event on the pool; unheard, it would crash the process. pg discards that connection and
    // the next query opens a new one, so a warning is all it takes.
    pool.on('error', (err) => {
      process.emitWarning(`conexão ociosa com o PostgreSQL perdida: ${err.message}`);
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...tracingOptions() });
    const u = new URL(url);
    return {
      db,
      dialect: 'postgres',
      label: `postgres ${u.hostname}:${u.port || 5432}${u.pathname}`,
      close: () => db.destroy(),
      connections: () => ({
        size: pool.totalCount,
        inUse: pool.totalCount - pool.idleCount,
        waiting: pool.waitingCount,
      }),
    };
  }
  const file = sqliteFile(url, opts.dataDir);
  const { db, close } = openSqlite(file, { synchronous: opts.sqliteSynchronous });
  return {
    db,
    dialect: 'sqlite',
    label: `sqlite ${file}`,
    close,
    connections: () => connectionStats(db) ?? { size: 1, inUse: 0, waiting: 0 },
  };
}

/**
 * Runs `fn` in one transaction of either dialect: `db.transaction().execute(fn)`, or on SQLite
 * the group-commit driver's own path to the same transaction (db/sqlite/README.md). `fn`'s
 * transaction must not be used once `fn` has returned.
 */
export function transaction<T>(db: Kysely<Database>, fn: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return sqliteTransaction(db, fn);
}
