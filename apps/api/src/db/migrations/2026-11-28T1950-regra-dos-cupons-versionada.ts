import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { installFunction } from '../postgres/functions.js';
import { up as registrarVendasV2 } from './2026-11-28T0909-vendas-em-conjunto.js';

/**
 * The sale path's SQL out of the migrations (issue 50): PostgreSQL functions now live in
 * versioned source files under db/postgres/ (functions.ts), which migrations install by
 * version, so a change to one is a new `.v<N>.sql` and a migration calling `installFunction`
 * once, not ~150 lines of SQL copied into a migration.
 *
 * 1. `cupons_devidos(pontos_e6)` version 1: the coupons a balance carries, one per whole point,
 *    the SQL twin of `couponsDue` (modules/coupons/ledger.ts);
 * 2. `registrar_vendas(jsonb)` version 3: version 2 (migration vendas-em-conjunto) asking
 *    `cupons_devidos` instead of dividing by 10⁶ itself. Same arguments, answer and rows.
 * 3. The dashboard totals' trigger functions (migrations totais-do-painel and painel-por-dia)
 *    version 1: the text those migrations rendered, unchanged, now kept as source files.
 *
 * SQLite: nothing (its sales go through the service's ledger, which calls `couponsDue`).
 * Written once and never edited.
 */
const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await installFunction(db, 'cupons_devidos', 1);
  await installFunction(db, 'registrar_vendas', 3);
  for (const fn of ['totais_vendas_por_venda', 'totais_vendas_por_cupom', 'totais_dia_por_venda', 'totais_dia_por_cupom']) {
    await installFunction(db, fn, 1);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await registrarVendasV2(db);
  await sql`drop function if exists cupons_devidos(bigint)`.execute(db);
}
