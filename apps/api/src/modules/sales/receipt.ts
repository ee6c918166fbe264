import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import type * as coupons from '../coupons/service.js';
import { giveSale } from './give.js';
import { liveSale } from './live.js';
import * as repo from './repository.js';

/**
 * Issue 53: what a resident's fiscal receipt (modules/recibos) does to a sale, in the caller's
 * transaction. The sales module keeps its table's writes: a receipt confirms the sale whose key
 * it carries ("confirmada pelo recibo": no new points, nothing doubles), or gives a sale the
 * shop reported without a buyer to a social entity's account under the campaign's rules.
 */

/** Marks the live sale confirmed by its receipt, once: answers whether this call did. */
export async function confirmByReceipt(trx: Kysely<Database>, idVenda: number, at: string): Promise<boolean> {
  const r = await trx
    .updateTable('vendas')
    .set({ recibo_confirmado_em: at, atualizado_em: at })
    .where('id_venda', '=', idVenda)
    .where('recibo_confirmado_em', 'is', null)
    .where(liveSale())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * A sale the shop reported with `chave` and no buyer (no recipient, no hand-over code, no CPF)
 * given to `idUsuario`, a social entity's account, as a claim gives a sale (`giveSale`: the
 * campaign's limits, not into an ended campaign, not to the shop's own people), and confirmed by
 * the receipt with it. Null when the sale is gone or no longer waits for nobody (nothing
 * written); a refused rule throws, and the caller's transaction writes nothing.
 */
export async function giveToEntity(
  trx: Kysely<Database>,
  dialect: Dialect,
  d: { id_venda: number; chave: string; idUsuario: number; at: string; ip: string },
): Promise<coupons.LedgerResult | null> {
  const sale = await repo.lockSale(trx, dialect, d.id_venda);
  if (!sale || sale.excluida_em !== null || sale.id_usuario !== null || sale.qr_token_hash !== null)
    return null;
  return giveSale(trx, {
    dialect,
    sale,
    idUsuario: d.idUsuario,
    at: d.at,
    ip: d.ip,
    acao: 'doar_recibo',
    take: async (t) => {
      const r = await t
        .updateTable('vendas')
        .set({
          id_usuario: d.idUsuario,
          reivindicada_em: d.at,
          recibo_confirmado_em: d.at,
          atualizado_em: d.at,
        })
        .where('id_venda', '=', d.id_venda)
        .where('chave_nfce', '=', d.chave)
        .where('id_usuario', 'is', null)
        .where('qr_token_hash', 'is', null)
        .where('cpf_busca', 'is', null)
        .where(liveSale())
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  });
}
