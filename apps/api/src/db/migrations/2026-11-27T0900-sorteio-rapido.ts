import { sql, type Kysely } from 'kysely';

/**
 * The prize draw's fast path (issue 10, modules/draws, docs/decisions/014-draw-fast-path.md):
 * a draw counts the eligible coupons and ranks the winner by counting what is NOT eligible
 * (numbers run 1…n without gaps, so the rest follows), which these indexes keep to a few
 * small reads whatever the campaign's size:
 *
 * - `cupons_fora_idx`: the coupons out of the running (voided or drawn) of each campaign, by
 *   number: usually a tiny part of the table;
 * - `cupons_loja_elegiveis_idx`: the coupons still in the running by (campaign, shop), number
 *   and owner, for `mloja = N` (coupons of the shops that already produced a winner);
 *   covering, with the two always-null trailing columns, for the same reason as
 *   `cupons_elegiveis_idx` (2026-11-24T1000-sorteios);
 * - `usuarios_removidos_idx`: the removed (anonymised) accounts, whose coupons never win.
 *
 * The coupons of a given person are read through `cupons_usuario_idx` (modelo-inicial).
 * The same statements on SQLite and PostgreSQL (both have partial indexes).
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index cupons_fora_idx
    on cupons (id_campanha, numero)
    where anulado_em is not null or sorteado_em is not null`.execute(db);
  await sql`create index cupons_loja_elegiveis_idx
    on cupons (id_campanha, id_estabelecimento, numero, id_usuario, anulado_em, sorteado_em)
    where anulado_em is null and sorteado_em is null`.execute(db);
  await sql`create index usuarios_removidos_idx
    on usuarios (id_usuario)
    where removido_em is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists usuarios_removidos_idx`.execute(db);
  await sql`drop index if exists cupons_loja_elegiveis_idx`.execute(db);
  await sql`drop index if exists cupons_fora_idx`.execute(db);
}
