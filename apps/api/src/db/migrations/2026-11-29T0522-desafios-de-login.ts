import { sql, type Kysely } from 'kysely';

/**
 * Log-in challenges (issue 52): past LOGIN_DESAFIO_APOS failures for one e-mail, a login needs
 * a solved proof of work (ALTCHA). Each challenge given out is one row, bound to the e-mail it
 * was asked for, named by its `nonce`, with its signed parameters and the secret that signed
 * them (so any instance verifies it), until `expira_em` (5 minutes). Redeeming deletes the row:
 * single use. `desafios_login_expira_idx` lets an instance delete the lapsed ones with one range.
 * The same statements on SQLite and PostgreSQL. Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table desafios_login (
    nonce text primary key,
    email text not null,
    desafio text not null,
    segredo text not null,
    expira_em text not null
  )`.execute(db);
  await sql`create index desafios_login_expira_idx on desafios_login (expira_em)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists desafios_login`.execute(db);
}
