import { sql, type Kysely } from 'kysely';

/**
 * The dashboard's people counts (docs/decisions/015-dashboard-totals.md): the live users of a
 * city and those seen lately, read from the index alone. `usuarios_visto_idx` (cod_cidade,
 * visto_em) made each count read every user row of the city for `removido_em` (about 1 s for
 * 200,000 people on SQLite); this partial index holds only the live ones, with the always-null
 * trailing `removido_em` making it covering for SQLite's planner (as `cupons_elegiveis_idx`,
 * 2026-11-24T1000-sorteios). The same statement on SQLite and PostgreSQL.
 * Written once and never edited.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index usuarios_vivos_idx
    on usuarios (cod_cidade, visto_em, removido_em)
    where removido_em is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists usuarios_vivos_idx`.execute(db);
}
