import { sql, type Kysely } from 'kysely';

/**
 * Attempt counters shared by every instance (issue 37, decision 019): one row per limited key
 * (`login:par:<address>|<e-mail>`, `login:email:…`, …) holding its current fixed window, named
 * by the instant it ends, and the attempts counted in it. A new window overwrites the row, so
 * only keys idle for a whole window linger; `limites_tentativas_expira_idx` lets each instance
 * delete those with one range. The same statements on SQLite and PostgreSQL.
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table limites_tentativas (
    chave text primary key,
    expira_em text not null,
    contagem integer not null
  )`.execute(db);
  await sql`create index limites_tentativas_expira_idx on limites_tentativas (expira_em)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists limites_tentativas`.execute(db);
}
