import { spawn, type ChildProcess } from 'node:child_process';
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

/** A child process's exit as a promise: its stderr in the error, a hint when it is missing. */
function finished(command: string, child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('error', (err) =>
      reject(
        new Error(`não foi possível executar ${command}: ${err.message} (instale o cliente do PostgreSQL)`),
      ),
    );
    // 'close', not 'exit': a process may exit before its stdout is read to the end, and the
    // restore pipes pg_restore's stdout into psql, then writes COMMIT; on 'exit' the COMMIT could
    // come before the script's end, and psql would commit what it had and restore nothing more.
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} terminou com código ${code}: ${stderr.trim()}`)),
    );
  });
}

const run = (command: string, args: string[]): Promise<void> =>
  finished(command, spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] }));

/**
 * pg_restore's script, run by psql in one transaction that first drops the job queue's schema:
 * pg-boss keeps partitioned tables, whose inherited constraints `pg_restore --clean` cannot
 * drop one by one (decision 043). The transaction commits only once pg_restore has written the
 * whole script and ended well; any error rolls the whole restore back.
 */
async function restorePostgres(databaseUrl: string, from: string): Promise<void> {
  const psql = spawn('psql', ['--no-psqlrc', '--quiet', '--set=ON_ERROR_STOP=1', `--dbname=${databaseUrl}`], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  const applied = finished('psql', psql);
  const input = psql.stdin!;
  input.on('error', () => {}); // psql stopped on an error: `applied` says which
  input.write('BEGIN;\nDROP SCHEMA IF EXISTS pgboss CASCADE;\n');
  const restore = spawn(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--exit-on-error', '--file=-', from],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  restore.stdout!.pipe(input, { end: false });
  try {
    await finished('pg_restore', restore);
    input.end('COMMIT;\n');
  } catch (err) {
    input.end('ROLLBACK;\n');
    await applied.catch(() => {});
    throw err;
  }
  await applied;
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
    await restorePostgres(t.databaseUrl!, from);
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
