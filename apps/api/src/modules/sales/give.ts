import type { AcaoAuditada } from '@praca/contract';
import type { Kysely } from 'kysely';
import { MSG_VENDA } from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import * as coupons from '../coupons/service.js';
import * as repo from './repository.js';
import { storedValues } from './resolve.js';
import { checkCouponLimit, checkDayLimits, checkNotSelfDealing, hasEnded, limitsOf } from './rules.js';

/** How a pending sale is given to a person: by its hand-over code, or by the CPF it waited for. */
interface Giving {
  dialect: Dialect;
  /** The stored pending sale, locked. */
  sale: repo.SaleRow;
  idUsuario: number;
  at: string;
  ip: string;
  /** The audit action: 'resgatar' (claim), 'creditar_cpf' (issue 40) or 'doar_recibo' (issue 53). */
  acao: Extract<AcaoAuditada, 'resgatar' | 'creditar_cpf' | 'doar_recibo'>;
  /** The conditional update that makes the person the recipient; false when another won. */
  take: (trx: Kysely<Database>) => Promise<boolean>;
}

/**
 * A pending sale becomes `idUsuario`'s under the rules of a sale to them (issue 37): not the
 * sale's author nor a person of its shop (403), not into an ended campaign, within the
 * campaign's limits (409, counted under the same person lock as sales). Its points arrive and
 * coupons are issued; the audit log keeps the step. Null when `take` lost the race (nothing
 * written); a refused rule throws, and the caller's transaction writes nothing.
 */
export async function giveSale(trx: Kysely<Database>, g: Giving): Promise<coupons.LedgerResult | null> {
  const { sale, idUsuario, at } = g;
  const ctx = await repo.findSaleContext(trx, sale.id_estabelecimento, sale.id_campanha, idUsuario);
  // A shop with sales in a campaign cannot leave it, so this holds for any stored sale.
  if (!ctx || ctx.validade_fim === null) throw new HttpError(400, MSG_VENDA.naoParticipa);
  checkNotSelfDealing(idUsuario, sale.criado_por, ctx.destinatario_da_loja !== null);
  if (hasEnded(ctx.validade_fim)) throw new HttpError(409, MSG_VENDA.campanhaEncerrada);
  const person = { ...storedValues(sale), id_usuario: idUsuario };
  const limits = limitsOf(ctx);
  await checkDayLimits(trx, g.dialect, person, limits, sale.id_venda);
  if (!(await g.take(trx))) return null;
  const ledger = await coupons.applyMoves(
    trx,
    [{ id_usuario: idUsuario, id_campanha: sale.id_campanha, delta_e6: Number(sale.pontos_e6) }],
    { id_venda: sale.id_venda, id_estabelecimento: sale.id_estabelecimento },
    at,
  );
  await checkCouponLimit(trx, person, limits, ledger.emitidos.length);
  await recordAudit(trx, {
    id_usuario: idUsuario,
    acao: g.acao,
    entidade: 'venda',
    id_entidade: sale.id_venda,
    antes: { pendente: true },
    depois: { id_usuario: idUsuario, cupons_emitidos: ledger.numeros },
    ip: g.ip,
  });
  return ledger;
}
