import type { Kysely } from 'kysely';
import { $, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';
import { salesTable } from '../sales/live.js';

/**
 * The questions the sales module asks of a sale's coupons (issue 50: it reads `cupons` only
 * through this module). Called through `coupons/service.ts`.
 */

/** A person's live coupons of a campaign issued by sales dated in [from, to] (prepared). */
const couponsInPeriodQuery = prepared((db) =>
  db
    .selectFrom('cupons as k')
    .innerJoin(salesTable('v'), 'v.id_venda', 'k.id_venda')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('k.id_usuario', '=', $(0))
    .where('k.id_campanha', '=', $(1))
    .where('k.anulado_em', 'is', null)
    .where('v.dat_venda', '>=', $(2))
    .where('v.dat_venda', '<=', $(3)),
);

export async function couponsInPeriod(
  trx: Kysely<Database>,
  k: { idCampanha: number; idUsuario: number; from: string; to: string },
): Promise<number> {
  const [row] = await couponsInPeriodQuery.run(trx, [k.idUsuario, k.idCampanha, k.from, k.to]);
  return Number(row?.n ?? 0);
}

/**
 * The coupons of the sales `idsVenda` that are in the frozen ticket file of an apuração of
 * their campaign: numbered up to the file's `maior_numero` and not among the numbers the file
 * left out. A coupon voided after the freeze is still in it (nothing leaves a frozen file).
 */
function frozenCoupons(db: Kysely<Database>, idsVenda: number[]) {
  return db
    .selectFrom('cupons as k')
    .innerJoin('apuracoes as a', 'a.id_campanha', 'k.id_campanha')
    .where('k.id_venda', 'in', idsVenda)
    .whereRef('k.numero', '<=', 'a.maior_numero')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('apuracao_fora as f')
            .select('f.numero')
            .whereRef('f.id_apuracao', '=', 'a.id_apuracao')
            .whereRef('f.numero', '=', 'k.numero'),
        ),
      ),
    );
}

/** Whether a coupon of the sale is in the frozen ticket file of an apuração (`frozenCoupons`). */
export async function hasFrozenCoupon(trx: Kysely<Database>, idVenda: number): Promise<boolean> {
  const row = await frozenCoupons(trx, [idVenda]).select('k.id_cupom').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Issue 49: which of the sales `idsVenda` (a page of a list) have a coupon in a frozen ticket
 * file, in one query for them all.
 */
export async function frozenSales(db: Kysely<Database>, idsVenda: number[]): Promise<Set<number>> {
  if (idsVenda.length === 0) return new Set();
  const rows = await frozenCoupons(db, idsVenda).select('k.id_venda').distinct().execute();
  return new Set(rows.map((r) => Number(r.id_venda)));
}
