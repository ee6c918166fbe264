import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createDb } from '../../../apps/api/src/db/index.js';
import { migrateToLatest } from '../../../apps/api/src/db/migrate.js';
import type { BenchDialect } from '../summary.js';

/**
 * Bulk writing into a fresh database made by the project's own migrations: SQLite through
 * better-sqlite3 prepared multi-row INSERTs in large transactions, PostgreSQL through
 * `INSERT … SELECT * FROM unnest($1::type[], …)` batches (one parameter per column).
 * Where the generator asks for it (`rebuildsIndexes`, decision 027), secondary indexes of the big
 * tables are dropped before loading and recreated afterwards from the exact definitions the
 * database reports (sqlite_master.sql, pg_indexes.indexdef), so the schema ends up identical to
 * what the migrations built.
 */

type ColType = 'int' | 'bigint' | 'text' | 'float8';
export interface TableSpec {
  name: string;
  cols: readonly (readonly [string, ColType])[];
}

export interface Writer {
  /** Returns a promise only when the caller must wait (a PostgreSQL batch went out). */
  push(row: unknown[]): void | Promise<void>;
  end(): Promise<void>;
  readonly count: number;
}

export interface Store {
  dialect: BenchDialect;
  /** What DATABASE_URL the API should use. */
  url: string;
  sqliteFile: string | null;
  writer(spec: TableSpec): Writer;
  /** `?` placeholders on both dialects. */
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  /** Drops secondary indexes (and, on PostgreSQL, foreign keys) of these tables. */
  dropIndexes(tables: string[]): Promise<void>;
  /** How many indexes/keys dropIndexes removed (restoreIndexes' steps). */
  pendingIndexes(): number;
  /** Recreates what dropIndexes removed, exactly. */
  restoreIndexes(onEach?: (what: string) => void): Promise<number>;
  /** PostgreSQL identity columns given explicit values: moves their sequences past the max. */
  fixSequences(pairs: [string, string][]): Promise<void>;
  /** Commits, restores normal settings, analyses (PostgreSQL) and closes. */
  close(): Promise<void>;
}

export class NotEmptyError extends Error {}

const PG_TYPES: Record<ColType, string> = { int: 'int4', bigint: 'int8', text: 'text', float8: 'float8' };

// ---------------------------------------------------------------------------------------------
// SQLite

export async function openSqlite(file: string, force: boolean): Promise<Store> {
  const abs = path.resolve(file);
  if (fs.existsSync(abs)) {
    const probe = new SQLite(abs, { readonly: true });
    const n = (
      probe.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as { n: number }
    ).n;
    probe.close();
    if (n > 0 && !force) {
      throw new NotEmptyError(`${abs} já tem tabelas; use --force para apagá-lo e gerar de novo`);
    }
    for (const f of [abs, `${abs}-wal`, `${abs}-shm`]) fs.rmSync(f, { force: true });
  }
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  const url = `sqlite:${abs}`;
  const made = createDb({ databaseUrl: url, dataDir: path.dirname(abs) });
  await migrateToLatest(made.db);
  await made.close();

  const raw = new SQLite(abs);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = OFF');
  raw.pragma('foreign_keys = OFF');
  raw.pragma('cache_size = -262144');
  raw.pragma('temp_store = MEMORY');
  raw.pragma('threads = 2'); // CREATE INDEX sorts with a helper thread
  let inTx = false;
  let rowsInTx = 0;
  const begin = () => {
    if (!inTx) {
      raw.exec('begin');
      inTx = true;
    }
  };
  const commit = () => {
    if (inTx) {
      raw.exec('commit');
      inTx = false;
      rowsInTx = 0;
    }
  };
  const dropped: { table: string; name: string; sql: string }[] = [];

  const store: Store = {
    dialect: 'sqlite',
    url,
    sqliteFile: abs,
    writer(spec) {
      const ncol = spec.cols.length;
      const per = Math.max(1, Math.min(500, Math.floor(30_000 / ncol)));
      const head = `insert into "${spec.name}" (${spec.cols.map(([c]) => `"${c}"`).join(', ')}) values `;
      const tuple = `(${Array(ncol).fill('?').join(', ')})`;
      const full = raw.prepare(head + Array(per).fill(tuple).join(', '));
      const buf: unknown[] = new Array(per * ncol);
      let n = 0;
      let count = 0;
      const flushPartial = () => {
        if (n === 0) return;
        begin();
        const stmt = raw.prepare(head + Array(n).fill(tuple).join(', '));
        stmt.run(buf.slice(0, n * ncol));
        n = 0;
      };
      return {
        get count() {
          return count;
        },
        push(row) {
          const o = n * ncol;
          for (let i = 0; i < ncol; i++) buf[o + i] = row[i];
          n++;
          count++;
          if (n === per) {
            begin();
            full.run(buf);
            n = 0;
            rowsInTx += per;
            if (rowsInTx >= 250_000) commit();
          }
        },
        async end() {
          flushPartial();
          commit();
        },
      };
    },
    async query<T>(text: string, params: unknown[] = []) {
      const stmt = raw.prepare(text);
      if (stmt.reader) return stmt.all(params) as T[];
      begin();
      stmt.run(params);
      return [] as T[];
    },
    async exec(text) {
      raw.exec(text);
    },
    async dropIndexes(tables) {
      commit();
      for (const table of tables) {
        const rows = raw
          .prepare(
            `select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`,
          )
          .all(table) as { name: string; sql: string }[];
        for (const r of rows) {
          raw.exec(`drop index "${r.name}"`);
          dropped.push({ table, name: r.name, sql: r.sql });
        }
      }
    },
    pendingIndexes: () => dropped.length,
    async restoreIndexes(onEach) {
      commit();
      let n = 0;
      for (const d of dropped.splice(0)) {
        onEach?.(d.name);
        raw.exec(d.sql);
        n++;
      }
      return n;
    },
    async fixSequences() {
      // AUTOINCREMENT: sqlite_sequence follows explicit ids by itself.
    },
    async close() {
      commit();
      raw.pragma('synchronous = FULL');
      raw.pragma('foreign_keys = ON');
      raw.pragma('wal_checkpoint(TRUNCATE)');
      raw.close();
    },
  };
  return store;
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function adminQuery(adminUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** The URL with database `name` (the path replaced). */
function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The database of a postgres:// URL, or the default for this scale when the URL names none. */
function databaseName(url: string, fallback: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return name || fallback;
}

export async function openPostgres(urlIn: string, fallbackName: string, force: boolean): Promise<Store> {
  const name = databaseName(urlIn, fallbackName);
  if (!/^[a-z_][a-z0-9_]*$/i.test(name)) throw new Error(`nome de banco inesperado: ${name}`);
  const url = withDatabase(urlIn, name);
  const adminUrl = withDatabase(urlIn, 'postgres');
  const exists =
    (await adminQuery(adminUrl, `select 1 from pg_database where datname = '${name}'`)).rowCount! > 0;
  if (exists) {
    const tables = Number(
      (
        await adminQuery(
          url,
          `select count(*) as n from information_schema.tables where table_schema = 'public'`,
        )
      ).rows[0].n,
    );
    if (tables > 0 && !force) {
      throw new NotEmptyError(`o banco ${name} já tem tabelas; use --force para recriá-lo`);
    }
    if (tables > 0) {
      await adminQuery(adminUrl, `drop database "${name}" with (force)`);
      await adminQuery(adminUrl, `create database "${name}"`);
    }
  } else {
    await adminQuery(adminUrl, `create database "${name}"`);
  }
  const made = createDb({ databaseUrl: url, dataDir: '.', poolSize: 1 });
  await migrateToLatest(made.db);
  await made.close();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`set synchronous_commit = off`);
  await client.query(`set maintenance_work_mem = '512MB'`);
  let failure: unknown = null;
  const dropped: { table: string; kind: 'index' | 'fk'; name: string; def: string }[] = [];
  const toPg = (text: string) => {
    let i = 0;
    return text.replace(/\?/g, () => `$${++i}`);
  };

  const store: Store = {
    dialect: 'postgres',
    url,
    sqliteFile: null,
    writer(spec) {
      const ncol = spec.cols.length;
      const per = 10_000;
      const text =
        `insert into "${spec.name}" (${spec.cols.map(([c]) => `"${c}"`).join(', ')}) ` +
        `select * from unnest(${spec.cols.map(([, t], i) => `$${i + 1}::${PG_TYPES[t]}[]`).join(', ')})`;
      let columns: unknown[][] = spec.cols.map(() => []);
      let n = 0;
      let count = 0;
      let pending: Promise<void> | null = null;
      const flush = async () => {
        if (pending) await pending;
        if (failure) throw failure;
        if (n === 0) return;
        const values = columns;
        columns = spec.cols.map(() => []);
        n = 0;
        pending = client.query(text, values).then(
          () => undefined,
          (err: unknown) => {
            failure = err;
          },
        );
      };
      return {
        get count() {
          return count;
        },
        push(row) {
          for (let i = 0; i < ncol; i++) columns[i].push(row[i]);
          n++;
          count++;
          if (n >= per) return flush();
        },
        async end() {
          await flush();
          if (pending) await pending;
          pending = null;
          if (failure) throw failure;
        },
      };
    },
    async query<T>(text: string, params: unknown[] = []) {
      return (await client.query(toPg(text), params)).rows as T[];
    },
    async exec(text) {
      await client.query(text);
    },
    async dropIndexes(tables) {
      for (const table of tables) {
        const fks = await client.query<{ name: string; def: string }>(
          `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
           where contype = 'f' and conrelid = $1::regclass order by conname`,
          [table],
        );
        for (const f of fks.rows) {
          await client.query(`alter table "${table}" drop constraint "${f.name}"`);
          dropped.push({ table, kind: 'fk', name: f.name, def: f.def });
        }
        const idx = await client.query<{ name: string; def: string }>(
          `select indexname as name, indexdef as def from pg_indexes
           where schemaname = 'public' and tablename = $1
             and indexname not in (select conname from pg_constraint where conrelid = $1::regclass)
           order by indexname`,
          [table],
        );
        for (const i of idx.rows) {
          await client.query(`drop index "${i.name}"`);
          dropped.push({ table, kind: 'index', name: i.name, def: i.def });
        }
      }
    },
    pendingIndexes: () => dropped.length,
    async restoreIndexes(onEach) {
      const all = dropped.splice(0);
      // Indexes first (the foreign keys' checks use the referenced tables' keys, not these).
      for (const d of all.filter((x) => x.kind === 'index')) {
        onEach?.(d.name);
        await client.query(d.def);
      }
      for (const d of all.filter((x) => x.kind === 'fk')) {
        onEach?.(`${d.table}.${d.name}`);
        await client.query(`alter table "${d.table}" add constraint "${d.name}" ${d.def}`);
      }
      return all.length;
    },
    async fixSequences(pairs) {
      for (const [table, col] of pairs) {
        const floor = table === 'vendedores' ? 99 : 1;
        await client.query(
          `select setval(pg_get_serial_sequence('${table}', '${col}'),
             greatest(${floor}, (select coalesce(max("${col}"), 0) from "${table}")), true)`,
        );
      }
    },
    async close() {
      // VACUUM as autovacuum would soon after a bulk load: without the visibility map, index-only
      // scans (a shop's sales count, the live-users count) still read the heap.
      await client.query('vacuum analyze');
      await client.end();
    },
  };
  return store;
}
