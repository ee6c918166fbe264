import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, type SqliteDatabase } from 'kysely';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.js';
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
  // NORMAL in WAL mode: a commit is durable once it is in the WAL in the operating system's
  // hands, so a killed or crashed server loses nothing it answered; only a power cut or a
  // kernel crash can take back the last commits, never corrupting the file. FULL's fsync per
  // commit capped sales at a few hundred per second (docs/decisions/018-sale-write-path.md).
  // A city that would rather lose nothing to a power cut sets SQLITE_SYNCHRONOUS=FULL.
  sqlite.pragma(`synchronous = ${opts.sqliteSynchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  // 0: SQLite's busy handler would sleep on the event loop, in steps of up to 100 ms, while
  // another connection holds the write lock (the checkpoint worker restarting the WAL, a
  // backup, a second instance). The group-commit driver waits for it itself, asynchronously,
  // a few milliseconds at a time (`whenNotBusy` in sqlite-group-commit.ts).
  sqlite.pragma('busy_timeout = 0');
  // 32 MB of page cache (the default is 2 MB): the indexes a sale touches stay in memory.
  sqlite.pragma('cache_size = -32768');
  // Temporary data in memory: each transaction of a group commit is a savepoint, and SQLite
  // kept each savepoint's undo pages in a temporary file of its own (opened, unlinked, written
  // a page at a time): 79 pwrite calls and an open, an access and an unlink a sale, against 23
  // pwrite calls in memory, and about 15 % less CPU a sale (decision 023).
  sqlite.pragma('temp_store = MEMORY');
  // Checkpoints (copying the WAL into the database file, with its fsync) run in a worker
  // thread on its own connection, so no request waits for one. The connection's own automatic
  // checkpoint, which would run on every commit once the WAL passes its threshold (and did,
  // under a steady stream of sales: the p99's tail), is off while the worker runs and back at
  // SQLite's default if the worker stops. The WAL file keeps its size (up to ~300 MB, the
  // worker restarts it past 256 MB) rather than being cut back at each restart: the writer cuts
  // it, on the event loop, and cutting some 200 MB stalled every request (decision 024).
  sqlite.pragma('journal_size_limit = 402653184');
  const checkpointer =
    file === ':memory:'
      ? null
      : startCheckpointer(path.resolve(file), {
          onStop: () => {
            if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
          },
        });
  if (checkpointer) sqlite.pragma('wal_autocheckpoint = 0');
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(withStatementCache(sqlite)) });
  return {
    db,
    dialect: 'sqlite',
    label: `sqlite ${file}`,
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/**
 * better-sqlite3 behind Kysely, with each statement prepared once per SQL text: Kysely asks
 * for a new prepared statement on every query, and preparing costs more than running most of
 * ours. A statement still iterating (a stream) is never handed out twice.
 */
export function withStatementCache(sqlite: SQLite.Database, max = 1000): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: (sql: string) => {
      const kept = statements.get(sql);
      if (kept && !kept.busy) return kept;
      const stmt = sqlite.prepare(sql);
      if (!kept && statements.size >= max) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sql, stmt);
      return stmt;
    },
  };
}

const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('busy_timeout = 1000');
const fs = require('node:fs');
const pageSize = db.pragma('page_size', { simple: true });
// For fdatasync: a checkpoint that cannot reach the WAL's end (writes keep coming) copies
// pages into the database file without syncing it; the sync comes with the first one that
// does, and would otherwise hold every writer while the kernel writes out hundreds of MB.
const dbFd = fs.openSync(workerData.file, 'r');
const passive = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
const checkpoint = () => {
  try {
    // Under a steady stream of writes a PASSIVE checkpoint keeps the file up to date but the
    // WAL never starts over. Past restartBytes, RESTART waits for the writer's group to end and
    // holds the next one while it copies the last frames, syncs the file and starts the WAL
    // from the top. The file is synced here first, with no lock held (and the frames written
    // meanwhile copied, again until a sync comes quick), so RESTART has little left to sync.
    if (passive().log * pageSize > workerData.restartBytes) {
      for (let round = 0; round < 3; round++) {
        const start = Date.now();
        fs.fdatasyncSync(dbFd);
        passive();
        if (Date.now() - start < 20) break;
      }
      db.pragma('wal_checkpoint(RESTART)');
    }
  } catch {
    // busy or locked: the next tick tries again
  }
};
const timer = setInterval(checkpoint, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  try {
    passive();
  } catch {
    // busy: the server's connection, closing last, checkpoints what is left
  }
  db.close();
  fs.closeSync(dbFd);
  parentPort.postMessage('closed');
});
`;

/**
 * A worker thread that checkpoints the SQLite file's WAL every `everyMs` (PASSIVE: it never
 * waits for nor blocks the server's connection). Once the WAL passes `restartBytes` it syncs
 * the database file with no lock held, then RESTARTs the WAL, which holds the server's writes
 * only while it copies and syncs what was written since (decision 024).
 * `stop()` closes its connection first, so the server's connection is the last one and leaves
 * no WAL behind when it closes. `onStop` runs if the worker fails or ends on its own.
 */
export function startCheckpointer(
  file: string,
  { everyMs = 200, restartBytes = 256 * 1024 * 1024, onStop = () => {} } = {},
): { stop(): Promise<void> } {
  const worker = new Worker(CHECKPOINTER_SOURCE, {
    eval: true,
    workerData: {
      file,
      everyMs,
      restartBytes,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
    },
  });
  worker.unref();
  let stopping = false;
  // A worker that cannot open the file, or dies, only costs the speed-up: the connection's own
  // automatic checkpoint takes over (onStop).
  worker.on('error', (err) => process.emitWarning(`checkpoint do SQLite parado: ${err.message}`));
  worker.on('exit', () => {
    if (!stopping) onStop();
  });
  let stopped: Promise<void> | null = null;
  return {
    stop: () =>
      (stopped ??= new Promise<void>((resolve) => {
        stopping = true;
        const done = () => {
          clearTimeout(timeout);
          void worker.terminate().then(() => resolve());
        };
        const timeout = setTimeout(done, 2000);
        worker.once('message', done);
        worker.once('exit', done);
        worker.postMessage('close');
      })),
  };
}
