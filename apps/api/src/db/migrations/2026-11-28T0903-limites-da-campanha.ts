import { sql, type Kysely } from 'kysely';

/**
 * A campaign's limits on what one person may receive (issue 37): sales per shop per day,
 * coupons per month, value per day (in cents). Null is no limit, the value of every existing
 * campaign, so nothing already running changes. The same statements on SQLite and PostgreSQL.
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table campanhas add column limite_vendas_dia_loja integer`.execute(db);
  await sql`alter table campanhas add column limite_cupons_mes integer`.execute(db);
  await sql`alter table campanhas add column limite_valor_dia_centavos integer`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table campanhas drop column limite_valor_dia_centavos`.execute(db);
  await sql`alter table campanhas drop column limite_cupons_mes`.execute(db);
  await sql`alter table campanhas drop column limite_vendas_dia_loja`.execute(db);
}
