import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import SQLite from 'better-sqlite3';
import { createDb } from '../src/db/index.js';
import { startCheckpointer } from '../src/db/sqlite/checkpointer.js';

/** The SQLite durability setting (docs/security.md): NORMAL by default, FULL on request, nothing weaker. */
describe('SQLite durability setting', () => {
  async function pragmas(sqliteSynchronous?: 'NORMAL' | 'FULL') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-sync-'));
    const made = createDb({
      databaseUrl: `sqlite:${path.join(dir, 'x.db')}`,
      dataDir: dir,
      sqliteSynchronous,
    });
    try {
      const sync = await sql<{ synchronous: number }>`pragma synchronous`.execute(made.db);
      const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(made.db);
      // No busy handler: SQLite's would sleep on the event loop; the driver waits instead.
      const busy = await sql<{ timeout: number }>`pragma busy_timeout`.execute(made.db);
      expect(busy.rows[0].timeout).toBe(0);
      // Savepoints' undo pages and temporary tables in memory, not in temporary files (2).
      const temp = await sql<{ temp_store: number }>`pragma temp_store`.execute(made.db);
      expect(temp.rows[0].temp_store).toBe(2);
      return { synchronous: sync.rows[0].synchronous, journal: journal.rows[0].journal_mode };
    } finally {
      await made.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('runs WAL with synchronous NORMAL (1) by default and FULL (2) when SQLITE_SYNCHRONOUS=FULL', async () => {
    expect(await pragmas()).toEqual({ synchronous: 1, journal: 'wal' });
    expect(await pragmas(loadConfig({ SQLITE_SYNCHRONOUS: 'FULL' }).SQLITE_SYNCHRONOUS)).toEqual({
      synchronous: 2,
      journal: 'wal',
    });
  });

  it('refuses a weaker setting at boot', () => {
    expect(loadConfig({}).SQLITE_SYNCHRONOUS).toBe('NORMAL');
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'OFF' })).toThrow(/SQLITE_SYNCHRONOUS/);
  });
});

/**
 * The checkpoint worker (decision 020): under a steady stream of commits a PASSIVE checkpoint
 * keeps the file up to date but the WAL never starts over; past its threshold the worker
 * RESTARTs it, and the writer's journal_size_limit cuts the file back.
 */
describe('SQLite checkpoint worker', () => {
  async function walAfterSteadyWrites(restartBytes: number) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-wal-'));
    const file = path.join(dir, 'x.db');
    const db = new SQLite(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('wal_autocheckpoint = 0');
    db.pragma('journal_size_limit = 1048576');
    db.exec('create table t (id integer primary key, v blob)');
    const worker = startCheckpointer(file, { everyMs: 10, restartBytes });
    // The worker thread loads its file and opens its connection first (the sources' .ts file is
    // type-stripped as it loads, which on a busy host can take longer than the writes below).
    await worker.ready;
    const insert = db.prepare('insert into t (v) values (randomblob(2000))');
    const write = db.transaction(() => {
      for (let i = 0; i < 20; i++) insert.run();
    });
    const sizes: number[] = [];
    let rows = 0;
    try {
      // Commits for 1.2 s with a 1 ms pause every 5 (the worker runs beside them in its own
      // thread); the WAL's size is watched over the last 0.6 s, once the worker is surely up.
      const start = Date.now();
      for (let n = 0; Date.now() - start < 1200; n++) {
        write();
        rows += 20;
        if (n % 5 === 0) await new Promise((r) => setTimeout(r, 1));
        if (Date.now() - start > 600) sizes.push(fs.statSync(`${file}-wal`).size);
      }
      const stored = (db.prepare('select count(*) as n from t').get() as { n: number }).n;
      sizes.sort((a, b) => a - b);
      // The median, not the peak: a sync held up by a busy disk lets the WAL grow for a moment.
      return { median: sizes[sizes.length >> 1], peak: sizes[sizes.length - 1], rows, stored };
    } finally {
      await worker.stop();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  it('keeps the WAL near its threshold under steady writes, losing nothing', async () => {
    const steady = await walAfterSteadyWrites(2 * 1048576);
    expect(steady.stored).toBe(steady.rows);
    expect(steady.median).toBeLessThan(8 * 1048576);
    expect(steady.peak).toBeLessThan(64 * 1048576);
    // Without the RESTART (PASSIVE only), the same stream grows the WAL well past that.
    const passiveOnly = await walAfterSteadyWrites(Number.MAX_SAFE_INTEGER);
    expect(passiveOnly.stored).toBe(passiveOnly.rows);
    expect(passiveOnly.median).toBeGreaterThan(2 * steady.median);
  });

  it("turns the connection's own automatic checkpoint off while it runs", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-wal-'));
    const made = createDb({ databaseUrl: `sqlite:${path.join(dir, 'x.db')}`, dataDir: dir });
    try {
      const auto = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(made.db);
      const limit = await sql<{ journal_size_limit: number }>`pragma journal_size_limit`.execute(made.db);
      expect(auto.rows[0].wal_autocheckpoint).toBe(0);
      // Above the worker's 256 MB restart point: the writer does not cut the file back on the
      // event loop at each restart (decision 024), yet it stays bounded.
      expect(limit.rows[0].journal_size_limit).toBe(384 * 1024 * 1024);
    } finally {
      await made.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
