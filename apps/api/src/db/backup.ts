import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { isPostgresUrl, sqliteFile as fileOfUrl } from './url.js';

/**
 * Backups (issue 11): SQLite's online backup API, or `pg_dump` in its custom format. Both
 * read a consistent snapshot while the server keeps running. Restoring writes a backup over
 * the live database; restart the server afterwards (its caches hold the old content).
 */
export interface BackupTarget {
  /** DATABASE_URL: postgres://… chooses PostgreSQL; empty or sqlite:… the SQLite file. */
  databaseUrl?: string;
  dataDir: string;
}

const sqliteFile = (t: BackupTarget): string => fileOfUrl(t.databaseUrl, t.dataDir);

const stamp = (d = new Date()) => d.toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

/** Where a backup goes unless told: DATA_DIR/backups/praca-YYYYMMDD-HHMMSS.(db|pgdump). */
export function defaultBackupPath(t: BackupTarget): string {
  const ext = isPostgresUrl(t.databaseUrl) ? 'pgdump' : 'db';
  return path.join(t.dataDir, 'backups', `praca-${stamp()}.${ext}`);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', (err) =>
      reject(
        new Error(`não foi possível executar ${command}: ${err.message} (instale o cliente do PostgreSQL)`),
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} terminou com código ${code}: ${stderr.trim()}`)),
    );
  });
}

/** Writes a backup of the database to `out` (created with its folder) and answers its size. */
export async function backupDatabase(t: BackupTarget, out: string): Promise<number> {
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  if (isPostgresUrl(t.databaseUrl)) {
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${out}`, `--dbname=${t.databaseUrl}`]);
  } else {
    const file = sqliteFile(t);
    if (!fs.existsSync(file)) throw new Error(`banco SQLite não encontrado: ${file}`);
    const db = new SQLite(file, { fileMustExist: true });
    try {
      await db.backup(out);
    } finally {
      db.close();
    }
  }
  return fs.statSync(out).size;
}

/** Writes a backup over the database (the whole content is replaced). */
export async function restoreDatabase(t: BackupTarget, from: string): Promise<void> {
  if (!fs.existsSync(from)) throw new Error(`backup não encontrado: ${from}`);
  if (isPostgresUrl(t.databaseUrl)) {
    await run('pg_restore', [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${t.databaseUrl}`,
      from,
    ]);
    return;
  }
  const source = new SQLite(from, { readonly: true, fileMustExist: true });
  try {
    const check = source.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`o backup está corrompido: ${String(check)}`);
    // The backup API copies page by page under the destination's write lock: readers of the
    // live database see either the old content or the restored one, never a mix.
    await source.backup(sqliteFile(t));
  } finally {
    source.close();
  }
}
