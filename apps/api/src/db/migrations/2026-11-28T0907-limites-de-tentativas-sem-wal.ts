import { sql, PostgresAdapter, type Kysely } from 'kysely';

/**
 * Issue 38: every limit of the API, per signed-in person too, is counted in
 * `limites_tentativas`, one small write per limited request. On PostgreSQL the table becomes
 * UNLOGGED: no write-ahead log, so a count no longer waits for a commit's fsync (a limited
 * route at 45 % → 73 % of its in-memory rate in `docs/performance.md`). A crash of the
 * database empties the table: every window starts again, which a rate limit can afford; it is
 * not replicated to standbys either, for the same reason. SQLite keeps its table as it is.
 * Written once and never edited.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`alter table limites_tentativas set unlogged`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) await sql`alter table limites_tentativas set logged`.execute(db);
}
