import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

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
