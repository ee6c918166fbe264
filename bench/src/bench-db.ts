import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import { isPostgresUrl, sqlitePathOf } from '../../apps/api/src/db/url.js';

/**
 * Direct database access for the benchmarks' references and checks (the SQL side of the draw,
 * the sale count after the sales run, the target's ids). SQL is written with `?` placeholders;
 * PostgreSQL gets them as `$1, $2…`.
 */
export interface BenchDb {
  dialect: 'sqlite' | 'postgres';
  all<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  run(sql: string, params?: unknown[]): Promise<void>;
  close(): Promise<void>;
}

interface SqliteStatement {
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  pragma(p: string): unknown;
  close(): void;
}
type SqliteCtor = new (file: string, opts?: { fileMustExist?: boolean }) => SqliteDatabase;

/** `postgres://…` or a SQLite file path (`sqlite:` prefix allowed). */
export async function openBenchDb(location: string): Promise<BenchDb> {
  if (isPostgresUrl(location)) {
    const pool = new pg.Pool({ connectionString: location, max: 2 });
    const toPg = (sql: string) => {
      let n = 0;
      return sql.replace(/\?/g, () => `$${++n}`);
    };
    return {
      dialect: 'postgres',
      async all<T>(sql: string, params: unknown[] = []) {
        return (await pool.query(toPg(sql), params)).rows as T[];
      },
      async run(sql: string, params: unknown[] = []) {
        await pool.query(toPg(sql), params);
      },
      close: () => pool.end(),
    };
  }
  // better-sqlite3 is the API's driver (hoisted by the workspaces).
  const SQLite = createRequire(import.meta.url)('better-sqlite3') as SqliteCtor;
  const db = new SQLite(sqlitePathOf(location) ?? location, { fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  const cache = new Map<string, SqliteStatement>();
  const stmt = (sql: string) => {
    let s = cache.get(sql);
    if (!s) cache.set(sql, (s = db.prepare(sql)));
    return s;
  };
  return {
    dialect: 'sqlite',
    async all<T>(sql: string, params: unknown[] = []) {
      return stmt(sql).all(...params) as T[];
    },
    async run(sql: string, params: unknown[] = []) {
      stmt(sql).run(...params);
    },
    async close() {
      db.close();
    },
  };
}

/**
 * PostgreSQL on this machine: the CPU time each server process (backend) connected to the
 * benchmark's database has used so far, in seconds, by pid (from /proc/<pid>/schedstat; the
 * checking connection itself left out). Empty for SQLite or a server whose processes are not
 * visible here. `backendCpuSince` turns two of them into the seconds used in between.
 */
export async function backendCpu(db: BenchDb): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (db.dialect !== 'postgres') return cpu;
  const rows = await db.all<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  for (const { pid } of rows) {
    try {
      cpu.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9);
    } catch {
      // not on this machine, or gone meanwhile
    }
  }
  return cpu;
}

/** CPU seconds the backends used from `before` to `after` (a backend new since counts in full). */
export function backendCpuSince(before: Map<number, number>, after: Map<number, number>): number {
  if (after.size === 0) return Number.NaN;
  let s = 0;
  for (const [pid, t] of after) s += t - (before.get(pid) ?? 0);
  return s;
}
