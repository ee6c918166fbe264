import { sql, type Kysely } from 'kysely';

/**
 * The prize draw's index (domain §5, modules/draws): the coupons still in the running (not
 * voided, not drawn) of each campaign, by number, carrying the owner and the issuing shop.
 * The draw walks it to count the eligible coupons and rank the winner (leaving out past
 * winners and their shops by `id_usuario`/`id_estabelecimento`, read from the index itself),
 * to find the k-th eligible coupon and to write the ticket file in number order; its probe of
 * one number uses the unique (id_campanha, numero) index. Voided and drawn coupons leave this
 * index, so it shrinks as a campaign is drawn.
 *
 * The same statement on SQLite and PostgreSQL: both have partial indexes and use one when the
 * query repeats its `where` terms (`anulado_em is null and sorteado_em is null`). The two
 * always-null trailing columns cost next to nothing and make the index covering for SQLite,
 * whose planner otherwise reads each table row to re-check the `where` terms (measured: a
 * count over 2 million coupons reads only the index that way).
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index cupons_elegiveis_idx
    on cupons (id_campanha, numero, id_usuario, id_estabelecimento, anulado_em, sorteado_em)
    where anulado_em is null and sorteado_em is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists cupons_elegiveis_idx`.execute(db);
}
