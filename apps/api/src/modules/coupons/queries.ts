import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * How another module reads and marks the coupons module's table (issue 50). `cupons` is the
 * coupons module's: the draws, the apurações, the winners and the others name it through
 * `couponsTable` (a lint rule in eslint.config.js refuses the name outside modules/coupons), and
 * the few writes they need on a coupon are the functions below. The SQL is the same as when the
 * name was written in place, so the draws' and the freeze's tuned plans keep their indexes.
 */

/** The `cupons` table, for a FROM or a JOIN: `couponsTable('k')` is `cupons as k`. */
export function couponsTable(): 'cupons';
export function couponsTable<A extends string>(alias: A): `cupons as ${A}`;
export function couponsTable(alias?: string): string {
  return alias === undefined ? 'cupons' : `cupons as ${alias}`;
}

/**
 * The ids of the coupons (voided ones too) of a campaign, a shop or a person: a subquery for
 * `exists` or `in` (the very SQL its callers wrote in place).
 */
export const couponIdsOf = (
  db: Kysely<Database>,
  column: 'id_campanha' | 'id_estabelecimento' | 'id_usuario',
  id: number,
) => db.selectFrom('cupons').select('id_cupom').where(column, '=', id);

/**
 * Marks the coupon drawn unless it already is (it then stays out of later draws); with `live`,
 * only while it is not voided either. Answers whether it did.
 */
export async function markCouponDrawn(
  trx: Kysely<Database>,
  idCupom: number,
  at: string,
  o: { live: boolean },
): Promise<boolean> {
  let q = trx
    .updateTable('cupons')
    .set({ sorteado_em: at })
    .where('id_cupom', '=', idCupom)
    .where('sorteado_em', 'is', null);
  if (o.live) q = q.where('anulado_em', 'is', null);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Holds a coupon while it is still live (not voided): a no-op update that takes the row, so a
 * sale edit voiding it meanwhile either waits for this transaction or makes it see the coupon
 * voided. Answers whether the coupon is live.
 */
export async function holdLiveCoupon(trx: Kysely<Database>, idCupom: number): Promise<boolean> {
  const r = await trx
    .updateTable('cupons')
    .set((eb) => ({ anulado_em: eb.ref('anulado_em') }))
    .where('id_cupom', '=', idCupom)
    .where('anulado_em', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Gives a coupon back to future draws: clears `sorteado_em` unless a draw record (`sorteios`)
 * points at it — a coupon a real draw picked stays drawn for good, that is the audit trail of
 * the draw — or a winner other than `exceptSorteado` is still linked to it.
 */
export async function releaseCoupon(
  trx: Kysely<Database>,
  idCupom: number,
  exceptSorteado: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('cupons')
    .set({ sorteado_em: null })
    .where('id_cupom', '=', idCupom)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sorteios').select('sorteios.id').where('sorteios.id_cupom', '=', idCupom))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('contemplados')
            .select('contemplados.id_sorteado')
            .where('contemplados.id_cupom', '=', idCupom)
            .where('contemplados.id_sorteado', '<>', exceptSorteado),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
