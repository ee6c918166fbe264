import type { Kysely } from 'kysely';
import { MSG_VENDA, type Venda } from '@praca/contract';
import { transaction, type Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import * as coupons from '../coupons/service.js';
import * as establishments from '../establishments/service.js';
import { view } from './answer.js';
import { namesFor } from './presenter.js';
import { retryingDeadlock } from './deadlock.js';
import type { InTransaction, SalesDeps, VendaInput } from './deps.js';
import * as repo from './repository.js';
import { saleEvent, snapshot } from './entry.js';
import { resolve, storedValues } from './resolve.js';
import {
  checkCouponLimit,
  checkDay,
  checkDayLimits,
  isDuplicateNumber,
  recipientOf,
  withRecipient,
} from './rules.js';

/**
 * A stored sale changed: edited (`editSale`) or voided (`voidSale`, `voidSaleIn`; issue 53:
 * `voidSaleOfCancelledReceipt`, by nobody, for a receipt SEFAZ cancelled).
 *
 * Order of the writes: the ledger's moves first, the sale's row last. On PostgreSQL the
 * dashboard totals' triggers count a sale's live coupons when its row changes, and attribute a
 * coupon voided or issued to its sale's row as it reads then; a coupon of this sale may be voided
 * by another person's write at the same time (the newest coupons of a balance go first). The
 * balances' locks, taken by the moves, serialise those writes, so the row written after them
 * counts what they committed, and the other write's trigger reads the row as it was or waits for
 * its new version: the totals stay exact (issue 50: the ledger's concurrent property found it
 * off when the row went first). In one transaction either order gives the same totals.
 */

/**
 * The stored sale, locked, that the caller may change: 404, 403, or 409 when a coupon was drawn
 * or is in an apuração's frozen ticket file (issue 49: whatever the sale's date). `evenFrozen`
 * lets a frozen sale through (an accepted 'não reconheço', see `voidSaleIn`).
 */
async function saleToChange(
  trx: Kysely<Database>,
  dialect: Dialect,
  user: AuthUser,
  idVenda: number,
  evenFrozen = false,
) {
  const old = await repo.lockSale(trx, dialect, idVenda);
  if (!old || old.excluida_em !== null) throw new HttpError(404, MSG_VENDA.vendaNaoEncontrada);
  const shop = await establishments.shopToRun(trx, user, old.id_estabelecimento);
  if (await coupons.saleHasDrawnCoupon(trx, idVenda)) throw new HttpError(409, MSG_VENDA.cupomSorteado);
  if (!evenFrozen && (await coupons.hasFrozenCoupon(trx, idVenda))) {
    throw new HttpError(409, MSG_VENDA.bilhetesCongelados);
  }
  return { ...old, cod_cidade: shop.cod_cidade };
}

/**
 * Changes a sale (value, recipient, campaign, shop, seller, date, number) and re-derives the
 * ledger: the old points leave the old consumer and campaign, the new ones arrive, and each
 * balance issues or voids coupons. A pending sale edited with a recipient is simply given to
 * that person (its code can no longer be claimed). A sale given by CPF edited without a
 * recipient keeps its recipient state (issue 52).
 */
export async function editSale(
  deps: SalesDeps,
  user: AuthUser,
  idVenda: number,
  body: VendaInput,
  ip: string,
): Promise<Venda> {
  // Issue 52: a body that names no recipient keeps a sale given by CPF as it is (below).
  const namesNone = body.id_usuario <= 0 && !body.qrcode && !body.cpf;
  const named = namesNone ? undefined : recipientOf(body, false);
  const at = nowIso();
  try {
    await retryingDeadlock(() =>
      transaction(deps.db, async (trx) => {
        const old = await saleToChange(trx, deps.dialect, user, idVenda);
        // The date window applies to a new date; a sale keeps the date it was registered with.
        checkDay(body.dat_venda, body.dat_venda === old.dat_venda ? null : deps.retroDays);
        // Issue 52: a partner sees a sale given by CPF waiting for it, credited or not, and its
        // edit names no recipient: the sale keeps its state (the CPF's holder, or still waiting),
        // without the partner's reach (the holder may live in another city). Any other sale
        // needs its recipient named (400), as before.
        const keeps = named === undefined && old.cpf_mascara !== null;
        const recipient = keeps ? old.id_usuario : (named ?? recipientOf(body, false));
        const { values, encerrada, limits } = await resolve(trx, user, body, recipient, !keeps);
        if (encerrada && values.id_campanha !== old.id_campanha) {
          throw new HttpError(409, MSG_VENDA.campanhaEncerrada);
        }
        const person = withRecipient(values);
        if (person) await checkDayLimits(trx, deps.dialect, person, limits, idVenda);
        const moves: coupons.PointsMove[] = [];
        if (old.id_usuario !== null) {
          moves.push({
            id_usuario: old.id_usuario,
            id_campanha: old.id_campanha,
            delta_e6: -Number(old.pontos_e6),
          });
        }
        if (recipient !== null) {
          moves.push({ id_usuario: recipient, id_campanha: values.id_campanha, delta_e6: values.pontos_e6 });
        }
        const ledger = await coupons.applyMoves(
          trx,
          moves,
          { id_venda: idVenda, id_estabelecimento: values.id_estabelecimento },
          at,
        );
        // The row after the ledger (top of this file); the month's limit reads the row's new date.
        await repo.updateSale(trx, idVenda, values, at);
        if (person) await checkCouponLimit(trx, person, limits, ledger.emitidos.length);
        if (values.id_estabelecimento !== old.id_estabelecimento) {
          await coupons.moveSaleCoupons(trx, idVenda, values.id_estabelecimento);
        }
        await recordAudit(trx, {
          id_usuario: user.id,
          acao: 'alterar',
          entidade: 'venda',
          id_entidade: idVenda,
          antes: { ...snapshot(storedValues(old)), pendente: old.id_usuario === null },
          depois: {
            ...snapshot(values),
            cupons_emitidos: ledger.numeros,
            cupons_anulados: ledger.anulados,
          },
          ip,
          id_chave: user.chave?.id,
        });
      }),
    );
  } catch (err) {
    if (isDuplicateNumber(err)) throw new HttpError(409, MSG_VENDA.numeroDuplicado);
    throw err;
  }
  return view(deps.db, idVenda, namesFor(user));
}

/** Deletes a sale: it stays as a record, its points leave the balance, coupons are voided. */
export async function voidSale(deps: SalesDeps, user: AuthUser, idVenda: number, ip: string): Promise<void> {
  await retryingDeadlock(() => transaction(deps.db, (trx) => voidSaleIn(trx, deps, user, idVenda, ip)));
}

/**
 * `voidSale` inside the caller's transaction: also how an admin's accepted 'não reconheço'
 * voids a sale (modules/contestacoes), under the same rules (404, 403, 409 when drawn). That
 * one passes `evenFrozen`: a sale the resident never made is voided even when its coupons are
 * in an apuração's frozen ticket file (issue 49). Its points leave the balance and its coupons
 * are voided; the file, and `apuracao_fora`, are left as they are: nothing leaves a frozen file.
 */
export async function voidSaleIn(
  trx: Kysely<Database>,
  deps: InTransaction,
  user: AuthUser,
  idVenda: number,
  ip: string,
  { evenFrozen = false }: { evenFrozen?: boolean } = {},
): Promise<void> {
  const old = await saleToChange(trx, deps.dialect, user, idVenda, evenFrozen);
  await voidLocked(trx, deps, old, { id_usuario: user.id, ip, id_chave: user.chave?.id }, nowIso());
}

/** Who voids a sale, for its audit entry: a person (and the API key used), or nobody (a job). */
interface Voider {
  id_usuario: number | null;
  ip: string;
  id_chave?: number;
  /** Why, when no person decided it. */
  motivo?: string;
}

/**
 * A sale locked by the caller voided: its points leave the balance (coupons voided), the row is
 * marked deleted after the ledger (top of this file), audited and told to the shop's webhooks.
 * Answers the coupons voided.
 */
async function voidLocked(
  trx: Kysely<Database>,
  deps: InTransaction,
  old: repo.SaleRow & { cod_cidade: number },
  who: Voider,
  at: string,
): Promise<coupons.LedgerResult['anulados']> {
  const idVenda = old.id_venda;
  const ledger =
    old.id_usuario === null
      ? null
      : await coupons.applyMoves(
          trx,
          [{ id_usuario: old.id_usuario, id_campanha: old.id_campanha, delta_e6: -Number(old.pontos_e6) }],
          { id_venda: idVenda, id_estabelecimento: old.id_estabelecimento },
          at,
        );
  // The row after the ledger (top of this file).
  await repo.softDeleteSale(trx, idVenda, at);
  await recordAudit(trx, {
    id_usuario: who.id_usuario,
    acao: 'excluir',
    entidade: 'venda',
    id_entidade: idVenda,
    antes: { ...snapshot(storedValues(old)), pendente: old.id_usuario === null },
    depois: {
      excluida_em: at,
      cupons_anulados: ledger?.anulados ?? [],
      ...(who.motivo !== undefined ? { motivo: who.motivo } : {}),
    },
    ip: who.ip,
    id_chave: who.id_chave,
  });
  // Issue 52: a sale given by CPF is told as it was given (`venda.criada`: waiting for the
  // CPF), credited or not: a shop's webhook learns nothing of the CPF's holder.
  const comoDada = old.cpf_mascara !== null;
  await deps.events?.emit(
    trx,
    'venda.estornada',
    { cod_cidade: old.cod_cidade, id_estabelecimento: old.id_estabelecimento },
    {
      id_venda: idVenda,
      ...saleEvent({ ...storedValues(old), ...(comoDada ? { id_usuario: null } : {}) }),
      cupons_anulados: comoDada ? [] : (ledger?.anulados ?? []),
      estornada_em: at,
    },
  );
  return ledger?.anulados ?? [];
}

/** What became of a sale whose receipt SEFAZ cancelled ({@link voidSaleOfCancelledReceipt}). */
export type CancelledReceiptSale =
  | { estornada: true; id_usuario: number | null; cupons_anulados: coupons.LedgerResult['anulados'] }
  | {
      estornada: false;
      /** Already deleted; a coupon drawn (or one its reversal would void); a coupon in a frozen file. */
      motivo: 'excluida' | 'sorteado' | 'congelado';
    };

/**
 * Issue 53, in the caller's transaction: the sale a receipt credited, whose receipt SEFAZ later
 * answered cancelled (modules/recibos/sefaz.ts), is voided by nobody, as `voidSaleIn` voids one
 * (points out, coupons voided, audited `excluir` without an author, `venda.estornada`), whatever
 * the shop's partner may do with it. Unless the credit went where it cannot come back from, as a
 * photo proof's reversal (cpf-credit.ts): a drawn coupon, a reversal that would void a drawn coupon
 * (the ledger voids a balance's newest first), or a coupon in an apuração's frozen ticket file
 * (unlike an accepted 'não reconheço', which a person decided: the "unless frozen in a
 * draw"). Then the sale stays as it is and the answer says why.
 */
export async function voidSaleOfCancelledReceipt(
  trx: Kysely<Database>,
  deps: InTransaction,
  idVenda: number,
  at: string,
): Promise<CancelledReceiptSale> {
  const old = await repo.lockSale(trx, deps.dialect, idVenda);
  if (!old || old.excluida_em !== null) return { estornada: false, motivo: 'excluida' };
  if (await coupons.saleHasDrawnCoupon(trx, idVenda)) return { estornada: false, motivo: 'sorteado' };
  if (
    old.id_usuario !== null &&
    (await coupons.takingWouldVoidDrawn(
      trx,
      { id_usuario: old.id_usuario, id_campanha: old.id_campanha },
      -Number(old.pontos_e6),
    ))
  ) {
    return { estornada: false, motivo: 'sorteado' };
  }
  if (await coupons.hasFrozenCoupon(trx, idVenda)) return { estornada: false, motivo: 'congelado' };
  const shop = await establishments.findShopBrief(trx, old.id_estabelecimento);
  const anulados = await voidLocked(
    trx,
    deps,
    { ...old, cod_cidade: shop?.cod_cidade ?? 0 },
    { id_usuario: null, ip: '', motivo: 'nota cancelada pela SEFAZ' },
    at,
  );
  return { estornada: true, id_usuario: old.id_usuario, cupons_anulados: anulados };
}
