import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { SEGREDOS_CONFIGURACOES } from './settings.js';
import { isPostgresUrl, sqliteFile as fileOfUrl } from './url.js';

/**
 * Backups (issue 11): SQLite's `VACUUM INTO`, or `pg_dump` in its custom format. Both read a
 * consistent snapshot while the server keeps running. Restoring writes a backup over the
 * database; restart the server afterwards (its caches hold the old content).
 *
 * Issue 54: the secrets the server keeps in `configuracoes` (SEGREDOS_CONFIGURACOES) never go in
 * a backup: SQLite's copy deletes their rows with `secure_delete` (their bytes zeroed), and
 * `pg_dump` leaves that table's data out, its other rows carried beside the dump
 * (`DatabaseDump.configuracoes`, put back by the restore). Each table's rows are counted in the
 * same snapshot, so a restore can be checked against them.
 */
export interface BackupTarget {
  /** DATABASE_URL: postgres://… chooses PostgreSQL; empty or sqlite:… the SQLite file. */
  databaseUrl?: string;
  dataDir: string;
}

const sqliteFile = (t: BackupTarget): string => fileOfUrl(t.databaseUrl, t.dataDir);

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

/** What a dump holds besides its file. */
export interface DatabaseDump {
  bytes: number;
  /** Rows of each table in the snapshot (PostgreSQL: schema `public`), the secrets left out. */
  contagens: Record<string, number>;
  /** `configuracoes`' rows other than the secrets, which PostgreSQL's dump leaves out. */
  configuracoes: { chave: string; valor: string }[];
}

const SECRET_LIST = SEGREDOS_CONFIGURACOES.map((c) => `'${c}'`).join(', ');

/** Each table's rows, by name, in the database `count` reads (one snapshot). */
async function countTables(
  names: string[],
  count: (table: string) => Promise<number> | number,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const name of [...names].sort()) out[name] = await count(name);
  return out;
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** SQLite: the tables of an open database and their rows. */
function sqliteCounts(db: SQLite.Database): Promise<Record<string, number>> {
  const names = (
    db.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`).all() as {
      name: string;
    }[]
  ).map((r) => r.name);
  return countTables(names, (t) => {
    const where = t === 'configuracoes' ? ` where chave not in (${SECRET_LIST})` : '';
    return (db.prepare(`select count(*) as n from ${quoted(t)}${where}`).get() as { n: number }).n;
  });
}

/** PostgreSQL: the tables of schema `public` and their rows, on `client`'s transaction. */
async function postgresCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const { rows } = await client.query<{ tablename: string }>(
    `select tablename from pg_tables where schemaname = 'public'`,
  );
  return countTables(
    rows.map((r) => r.tablename),
    async (t) => {
      const where = t === 'configuracoes' ? ` where chave not in (${SECRET_LIST})` : '';
      const r = await client.query<{ n: string }>(`select count(*) as n from public.${quoted(t)}${where}`);
      return Number(r.rows[0]!.n);
    },
  );
}

/** The major version of `pg_dump --version`'s answer ("pg_dump (PostgreSQL) 15.20 …"). */
function pgDumpMajor(versionText: string): number | null {
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(versionText);
  return m ? Number(m[1]) : null;
}

/**
 * Why this `pg_dump` cannot back up this server, or null when it can: a client older than the
 * server (majors compared; `server_version_num` 160004 is 16) writes no dump, or a wrong one.
 */
export function pgDumpRefusal(versionText: string, serverVersionNum: number): string | null {
  const client = pgDumpMajor(versionText);
  const server = Math.floor(serverVersionNum / 10_000);
  if (client === null) return `não foi possível ler a versão do pg_dump: ${versionText.trim()}`;
  if (client >= server) return null;
  return (
    `o pg_dump instalado é o ${client} e o servidor PostgreSQL é o ${server}: instale o cliente do ` +
    `PostgreSQL ${server} ou mais novo (por exemplo, o pacote postgresql-client-${server}) e rode de novo`
  );
}

function output(command: string, args: string[]): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  return finished(command, child).then(() => out);
}

async function dumpPostgres(databaseUrl: string, out: string): Promise<Omit<DatabaseDump, 'bytes'>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const server = await client.query<{ v: string }>(`select current_setting('server_version_num') as v`);
    const refusal = pgDumpRefusal(await output('pg_dump', ['--version']), Number(server.rows[0]!.v));
    if (refusal) throw new Error(refusal);
    // One snapshot for the counts, the settings and pg_dump (which joins it).
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]!.s;
    const contagens = await postgresCounts(client);
    const configuracoes = (
      await client.query<{ chave: string; valor: string }>(
        `select chave, valor from configuracoes where chave not in (${SECRET_LIST}) order by chave`,
      )
    ).rows;
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      `--snapshot=${snapshot}`,
      '--exclude-table-data=public.configuracoes',
      `--file=${out}`,
      `--dbname=${databaseUrl}`,
    ]);
    await client.query('commit');
    return { contagens, configuracoes };
  } finally {
    await client.end();
  }
}

async function dumpSqlite(file: string, out: string): Promise<Omit<DatabaseDump, 'bytes'>> {
  if (!fs.existsSync(file)) throw new Error(`banco SQLite não encontrado: ${file}`);
  const live = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    // A compact copy of one read snapshot; the live database keeps taking writes.
    live.prepare('vacuum into ?').run(out);
  } finally {
    live.close();
  }
  const copy = new SQLite(out, { fileMustExist: true });
  try {
    copy.pragma('secure_delete = ON');
    copy.prepare(`delete from configuracoes where chave in (${SECRET_LIST})`).run();
    const configuracoes = copy.prepare('select chave, valor from configuracoes order by chave').all() as {
      chave: string;
      valor: string;
    }[];
    return { contagens: await sqliteCounts(copy), configuracoes };
  } finally {
    copy.close();
  }
}

/** Writes a backup of the database to `out` (created with its folder, replaced if there). */
export async function backupDatabase(t: BackupTarget, out: string): Promise<DatabaseDump> {
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  fs.rmSync(out, { force: true });
  const dump = isPostgresUrl(t.databaseUrl)
    ? await dumpPostgres(t.databaseUrl!, out)
    : await dumpSqlite(sqliteFile(t), out);
  return { bytes: fs.statSync(out).size, ...dump };
}

/** Tables whose rows a database has before anything happened in it (migrations, queue, leases). */
const BOOKKEEPING = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'configuracoes',
  'tarefas',
  'travas',
  'backups',
  'limites_tentativas',
]);

/** Each table's rows in the database now (PostgreSQL: schema `public`); {} when it has none. */
export async function databaseCounts(t: BackupTarget): Promise<Record<string, number>> {
  if (isPostgresUrl(t.databaseUrl)) {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('begin isolation level repeatable read read only');
      const counts = await postgresCounts(client);
      await client.query('commit');
      return counts;
    } finally {
      await client.end();
    }
  }
  const file = sqliteFile(t);
  if (!fs.existsSync(file) || fs.statSync(file).size === 0) return {};
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return await sqliteCounts(db);
  } finally {
    db.close();
  }
}

/**
 * Whether the database holds nothing of a city yet: no table, or only the tables a fresh
 * server fills by itself (migrations, settings, queue) with rows. A restore goes there only.
 */
export async function databaseIsEmpty(t: BackupTarget): Promise<boolean> {
  const counts = await databaseCounts(t);
  return Object.entries(counts).every(([table, n]) => n === 0 || BOOKKEEPING.has(table));
}

/** Writes a backup over the database (the whole content is replaced). */
export async function restoreDatabase(t: BackupTarget, from: string): Promise<void> {
  if (!fs.existsSync(from)) throw new Error(`backup não encontrado: ${from}`);
  if (isPostgresUrl(t.databaseUrl)) {
    await restorePostgres(t.databaseUrl!, from);
    return;
  }
  fs.mkdirSync(path.dirname(path.resolve(sqliteFile(t))), { recursive: true });
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
