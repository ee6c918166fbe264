import { sql, type Kysely } from 'kysely';

/**
 * The sales a person registered (`criado_por`), for the data export (`GET /v1/usuarios/meusdados`,
 * the "registradas_por_voce" list). Without it every export, a consumer's too, read every sale:
 * 0.2–0.9 s on a city's 2 million sales on SQLite, with the server's one thread blocked. An
 * in-process A/B of the sale path (`npm run bench:ab-sales`, city scale) put its cost on a sale
 * within the noise (B ÷ A 0.98 and 1.02). The same statement on SQLite and PostgreSQL.
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index vendas_criado_por_idx on vendas (criado_por)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists vendas_criado_por_idx`.execute(db);
}
