import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import { tracingOptions } from '../query-tracing.js';
import type { Database } from '../types.js';
import { startCheckpointer } from './checkpointer.js';
import { GroupCommitSqliteDialect } from './group-commit.js';
import { withStatementCache } from './statement-cache.js';

/**
 * The server's SQLite connection: WAL, the pragmas below, the checkpoint worker and the
 * group-commit driver (README.md here).
 */
export function openSqlite(
  file: string,
  { synchronous = 'NORMAL' }: { synchronous?: 'NORMAL' | 'FULL' } = {},
): { db: Kysely<Database>; close(): Promise<void> } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a commit is durable once it is in the WAL in the operating system's
  // hands, so a killed or crashed server loses nothing it answered; only a power cut or a
  // kernel crash can take back the last commits, never corrupting the file. FULL's fsync per
  // commit capped sales at a few hundred per second (docs/decisions/018-sale-write-path.md).
  // A city that would rather lose nothing to a power cut sets SQLITE_SYNCHRONOUS=FULL.
  sqlite.pragma(`synchronous = ${synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
  sqlite.pragma('foreign_keys = ON');
  // 0: SQLite's busy handler would sleep on the event loop, in steps of up to 100 ms, while
  // another connection holds the write lock (the checkpoint worker restarting the WAL, a
  // backup, a second instance). The group-commit driver waits for it itself, asynchronously,
  // a few milliseconds at a time (`whenNotBusy` in group-commit.ts).
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
  const db = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect(withStatementCache(sqlite)),
    ...tracingOptions(),
  });
  return {
    db,
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}
