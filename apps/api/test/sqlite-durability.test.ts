import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/index.js';

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
