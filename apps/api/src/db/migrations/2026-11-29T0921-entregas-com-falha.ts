import { sql, type Kysely } from 'kysely';

/**
 * Issue 54, metrics: the webhook deliveries whose last attempt failed (`falhou`, a retry to
 * come) or whose every attempt did (`morta`), counted for `/metrics` every half minute. The
 * table keeps every delivery (one per event and hook), so without this partial index each count
 * read it whole; the index holds the failed ones only, and a delivery that succeeds never
 * enters it. The same statement on SQLite and PostgreSQL.
 *
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index webhook_entregas_falhas_idx on webhook_entregas (situacao)
    where situacao in ('falhou', 'morta')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists webhook_entregas_falhas_idx`.execute(db);
}
