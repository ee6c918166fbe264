import type { Kysely } from 'kysely';
import { MSG_VENDA } from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { uniqueViolation, uniqueViolationMessage } from '../../db/errors.js';
import { addDays, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import * as coupons from '../coupons/service.js';
import { centsToReais } from '../coupons/units.js';
import * as cpfRepo from './cpf-repository.js';
import type { VendaInput } from './deps.js';
import * as repo from './repository.js';

/** The rules a sale is checked against: its day, its recipient, the campaign's limits. */

const isRealDay = (d: string): boolean => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
};

/**
 * A real calendar day, not after today on the programme's clock (America/Sao_Paulo) and, when
 * `retroDays` is given, not more than that many days back (issue 37: a sale is registered
 * when it happens, not weeks later to fill a campaign's last days).
 */
export function checkDay(d: string, retroDays: number | null): void {
  if (!isRealDay(d)) throw new HttpError(400, MSG_VENDA.dataInvalida);
  const now = today();
  if (d > now) throw new HttpError(400, MSG_VENDA.dataFutura);
  if (retroDays !== null && d < addDays(now, -retroDays)) {
    throw new HttpError(400, MSG_VENDA.dataAntiga.replace('{n}', String(retroDays)));
  }
}

/** A campaign's limits per person (issue 37); null is no limit. */
export interface Limits {
  vendasDiaLoja: number | null;
  cuponsMes: number | null;
  valorDiaCentavos: number | null;
}

const reais = (cents: number): string =>
  centsToReais(cents).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The day limits of a sale to `recipient` (409 past one), counted under the person's lock in
 * the campaign so parallel sales see each other; `exceptVenda` is the sale being edited.
 * Campaigns without limits skip it all, so their sales cost nothing more.
 */
export async function checkDayLimits(
  trx: Kysely<Database>,
  dialect: Dialect,
  v: repo.SaleValues & { id_usuario: number },
  limits: Limits,
  exceptVenda: number,
): Promise<void> {
  if (limits.vendasDiaLoja === null && limits.valorDiaCentavos === null && limits.cuponsMes === null) return;
  await repo.lockPersonInCampaign(trx, dialect, v.id_campanha, v.id_usuario);
  if (limits.vendasDiaLoja === null && limits.valorDiaCentavos === null) return;
  const day = await repo.dayTotals(trx, {
    idCampanha: v.id_campanha,
    idUsuario: v.id_usuario,
    idEstabelecimento: v.id_estabelecimento,
    dia: v.dat_venda,
    exceptVenda,
  });
  if (limits.vendasDiaLoja !== null && day.vendasLoja + 1 > limits.vendasDiaLoja) {
    throw new HttpError(409, MSG_VENDA.limiteVendasDiaLoja.replace('{n}', String(limits.vendasDiaLoja)));
  }
  if (limits.valorDiaCentavos !== null && day.valorCentavos + v.valor_centavos > limits.valorDiaCentavos) {
    throw new HttpError(409, MSG_VENDA.limiteValorDia.replace('{n}', reais(limits.valorDiaCentavos)));
  }
}

/**
 * The month's coupon limit, after the ledger issued this sale's coupons in the same
 * transaction (the throw rolls them back): the person's live coupons of the campaign from sales
 * dated in the sale's calendar month. Only a write that issues coupons is refused.
 */
export async function checkCouponLimit(
  trx: Kysely<Database>,
  v: repo.SaleValues & { id_usuario: number },
  limits: Limits,
  issued: number,
): Promise<void> {
  if (limits.cuponsMes === null || issued === 0) return;
  const month = v.dat_venda.slice(0, 7);
  const n = await coupons.couponsInPeriod(trx, {
    idCampanha: v.id_campanha,
    idUsuario: v.id_usuario,
    from: `${month}-01`,
    to: `${month}-31`,
  });
  if (n > limits.cuponsMes) {
    throw new HttpError(409, MSG_VENDA.limiteCuponsMes.replace('{n}', String(limits.cuponsMes)));
  }
}

/** A campaign whose last day is past on the programme's clock takes no more sales nor claims. */
export const hasEnded = (validadeFim: string): boolean => validadeFim < today();

/**
 * Self-dealing (issue 37): nobody gives a sale to oneself (`recipient` is `author`), nor to a
 * person linked to the sale's shop (`linkedToShop`): 403.
 */
export function checkNotSelfDealing(recipient: number, author: number | null, linkedToShop: boolean): void {
  if (recipient === author || linkedToShop) throw new HttpError(403, MSG_VENDA.autoVenda);
}

export type SaleContext = NonNullable<Awaited<ReturnType<typeof repo.findSaleContext>>>;

/** The campaign's limits as `findSaleContext` reads them. */
export const limitsOf = (ctx: SaleContext): Limits => ({
  vendasDiaLoja: ctx.limite_vendas_dia_loja,
  cuponsMes: ctx.limite_cupons_mes,
  valorDiaCentavos: ctx.limite_valor_dia_centavos,
});

export const withRecipient = (v: repo.SaleValues): (repo.SaleValues & { id_usuario: number }) | null =>
  v.id_usuario === null ? null : { ...v, id_usuario: v.id_usuario };

/** The recipient rules of the sale dialog (spec §5); `id_usuario` ≤ 0 means none chosen. */
export function recipientOf(body: VendaInput, isNew: boolean): number | null {
  const recipient = body.id_usuario > 0 ? body.id_usuario : null;
  if (body.qrcode && recipient !== null) throw new HttpError(400, MSG_VENDA.destinatarioJaDefinido);
  // The QR option exists only for a new sale; an edit always names the recipient.
  if (recipient === null && (!body.qrcode || !isNew)) throw new HttpError(400, MSG_VENDA.definaDestinatario);
  return recipient;
}

export const hasLimits = (l: Limits): boolean =>
  l.vendasDiaLoja !== null || l.cuponsMes !== null || l.valorDiaCentavos !== null;

/**
 * Issue 40: the day limits of a sale waiting for a CPF, counted per CPF over the sales waiting
 * for it (as a person's over their sales), under a lock on the CPF in the campaign.
 */
export async function checkCpfDayLimits(
  trx: Kysely<Database>,
  dialect: Dialect,
  v: repo.SaleValues,
  cpfBusca: string,
  limits: Limits,
): Promise<void> {
  if (limits.vendasDiaLoja === null && limits.valorDiaCentavos === null) return;
  await cpfRepo.lockCpfInCampaign(trx, dialect, v.id_campanha, cpfBusca);
  const day = await cpfRepo.cpfDayTotals(trx, {
    idCampanha: v.id_campanha,
    cpfBusca,
    idEstabelecimento: v.id_estabelecimento,
    dia: v.dat_venda,
  });
  if (limits.vendasDiaLoja !== null && day.vendasLoja + 1 > limits.vendasDiaLoja) {
    throw new HttpError(409, MSG_VENDA.limiteVendasDiaLoja.replace('{n}', String(limits.vendasDiaLoja)));
  }
  if (limits.valorDiaCentavos !== null && day.valorCentavos + v.valor_centavos > limits.valorDiaCentavos) {
    throw new HttpError(409, MSG_VENDA.limiteValorDia.replace('{n}', reais(limits.valorDiaCentavos)));
  }
}

/** Issue 53: the receipt's key another sale already reported (`vendas_chave_nfce_uq`). */
export const isDuplicateKey = (err: unknown): boolean => {
  const c = uniqueViolation(err);
  return c !== null && uniqueViolationMessage(c) === MSG_VENDA.chaveJaInformada;
};

export const isDuplicateNumber = (err: unknown): boolean => {
  const c = uniqueViolation(err);
  return c !== null && uniqueViolationMessage(c) === MSG_VENDA.numeroDuplicado;
};
