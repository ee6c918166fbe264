import type { Kysely } from 'kysely';
import { MSG_VENDA, type VendaCriada } from '@praca/contract';
import { transaction } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { nowIso } from '../../lib/clock.js';
import { sha256Hex } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import * as coupons from '../coupons/service.js';
import { keyReported } from '../recibos/hooks.js';
import { writtenOrCode, type Criada, type Written } from './answer.js';
import { CPF_CREDIT_JOB, type CpfCreditJob } from './cpf-credit.js';
import * as cpfRepo from './cpf-repository.js';
import type { InTransaction, SalesDeps, VendaInput } from './deps.js';
import { retryingDeadlock } from './deadlock.js';
import { handOver } from './hand-over.js';
import { keyText } from './nfce.js';
import * as repo from './repository.js';
import { newSaleEntry, saleEvent, saleScope } from './entry.js';
import { byCpf, resolveNew, type PendingCpf, type Resolved } from './resolve.js';
import {
  checkCouponLimit,
  checkCpfDayLimits,
  checkDay,
  checkDayLimits,
  hasLimits,
  isDuplicateKey,
  isDuplicateNumber,
  recipientOf,
  withRecipient,
} from './rules.js';

/**
 * A new sale, whoever registers it: the partner's screen or key (`recordSale`), an admin
 * accepting a complaint (`recordSaleIn`, in the caller's transaction). Every new sale is
 * written by `insertIn` in a transaction, or on PostgreSQL, when nothing needs the transaction,
 * by the sale writer in one statement (`writeOnce`): `write` is the one place that chooses.
 */

/** A new sale about to be written: `insertIn`'s and `writeOnce`'s parameter object. */
interface NewSale {
  user: AuthUser;
  body: VendaInput;
  /** The recipient; null for a pending sale (hand-over code, or waiting for a CPF). */
  recipient: number | null;
  at: string;
  ip: string;
  /** A pending sale's hand-over code: the key that signs it and its lifetime. */
  qr: { secret: string; ttlHours: number } | null;
  /** Issue 40: the CPF a pending sale waits for. */
  cpf: PendingCpf | null;
  /** Issue 52: the recipient must live in one of the caller's cities (`resolve`). */
  reach: boolean;
  /** Issue 53: a report with the receipt's key that names no buyer (no recipient, CPF nor code). */
  semComprador: boolean;
  /** The sale already resolved (shop, campaign, seller, recipient), when it was read outside. */
  resolved?: Resolved;
}

/**
 * Registers a sale. With a recipient, its points and coupons are issued with it; with
 * `qrcode: true` it stays pending and the answer is a signed hand-over code; given by CPF it
 * waits for that CPF, answered alike whatever the CPF is, and its account, if one may take it,
 * is credited behind the answer (issues 40 and 52). A sale to a person or a CPF is a look-up of
 * a person: it counts against the partner's search limits (`deps.lookups`, issue 52). Issue 53:
 * with `chave_nfce` (the receipt's key, checked in `resolveNew`) it may name no buyer at all
 * (`id_usuario` -1, no `cpf`, no `qrcode`): its receipt can then only be donated.
 */
export async function recordSale(
  deps: SalesDeps,
  user: AuthUser,
  body: VendaInput,
  ip: string,
): Promise<Criada> {
  const cpf = byCpf(deps, body);
  const semComprador = !cpf && keyText(body) !== null && body.id_usuario <= 0 && !body.qrcode;
  const recipient = cpf || semComprador ? null : recipientOf(body, true);
  checkDay(body.dat_venda, deps.retroDays);
  if (cpf || recipient !== null) await deps.lookups?.take(user.id);
  const at = nowIso();
  const qr = body.qrcode ? { secret: await deps.qrSecret(), ttlHours: deps.qrTtlHours } : null;
  let created: Written;
  try {
    created = await retryingDeadlock(() =>
      write(deps, { user, body, recipient, at, ip, qr, cpf, reach: true, semComprador }),
    );
  } catch (err) {
    if (isDuplicateNumber(err)) throw new HttpError(409, MSG_VENDA.numeroDuplicado);
    if (isDuplicateKey(err)) throw new HttpError(409, MSG_VENDA.chaveJaInformada);
    throw err;
  }
  if (created.codigo !== undefined) {
    return {
      qr: true,
      cpf: false,
      resposta: { id_venda: created.id_venda, codigo: created.codigo, expira_em: created.expira_em },
    };
  }
  if (cpf)
    return {
      qr: false,
      cpf: true,
      resposta: { id_venda: created.resposta.venda.id_venda, cpf: cpf.mascara },
    };
  return { qr: false, cpf: false, resposta: created.resposta };
}

/**
 * Registers a sale for `body.id_usuario` inside the caller's transaction, as `recordSale` does
 * (an admin accepting a resident's complaint, modules/contestacoes). A duplicate number
 * throws the driver's error: `isDuplicateNumber` tells it once the transaction is over.
 */
export async function recordSaleIn(
  trx: Kysely<Database>,
  deps: InTransaction,
  user: AuthUser,
  body: VendaInput,
  ip: string,
): Promise<VendaCriada> {
  const recipient = recipientOf({ ...body, qrcode: false }, true);
  // No window back: a complaint is decided days after the purchase; the campaign's other rules apply.
  checkDay(body.dat_venda, null);
  // An admin's decision on a complaint: the complaint's resident, wherever they live.
  const sale: NewSale = {
    user,
    body,
    recipient,
    at: nowIso(),
    ip,
    qr: null,
    cpf: null,
    reach: false,
    semComprador: false,
  };
  const written = await insertIn(trx, deps, sale);
  if (written.codigo !== undefined) throw new Error('venda pendente inesperada');
  return written.resposta;
}

/**
 * The one decision point of a new sale's writes. SQLite: a transaction, run by the group-commit
 * driver itself (decision 036), the checks read inside it. PostgreSQL: the checks read outside
 * the write, which is one statement (the sale writer, decision 044) unless the sale needs the
 * transaction: limits to count under the person's lock, a CPF to wait for, an API key to audit
 * with, a webhook listening to `venda.criada` (issue 39), or a receipt's key to report (issue
 * 53: `keyReported`), none of which the statement does.
 */
async function write(deps: SalesDeps, sale: NewSale): Promise<Written> {
  if (!deps.writer.oneStatement) return transaction(deps.db, (trx) => insertIn(trx, deps, sale));
  const resolved = await resolveNew(deps.db, sale.user, sale.body, sale.recipient, sale.reach);
  const oneStatement =
    resolved.chave === null &&
    sale.cpf === null &&
    !(sale.recipient !== null && hasLimits(resolved.limits)) &&
    sale.user.chave === undefined &&
    !(await deps.events?.wants('venda.criada', saleScope(resolved)));
  if (oneStatement) return writeOnce(deps, { ...sale, resolved });
  return transaction(deps.db, (trx) => insertIn(trx, deps, { ...sale, resolved }));
}

/**
 * PostgreSQL, a new sale of a campaign without limits (or a pending one): its writes in one
 * statement, `registrar_vendas` (with the sales of the campaign that wait with it), which
 * commits as it ends (decision 044). The same rows, audit entry and answer as `insertIn`.
 */
async function writeOnce(deps: SalesDeps, sale: NewSale & { resolved: Resolved }): Promise<Written> {
  const { resolved, recipient, at, ip } = sale;
  const { values } = resolved;
  const hand = handOver(sale.qr, values, at);
  // The function appends the numbers it issues inside the last, empty array.
  const depois = JSON.stringify(
    newSaleEntry(values, {
      pendente: recipient === null,
      qr_expira_em: hand?.expira_em ?? null,
      cupons_emitidos: [],
    }),
  );
  const w = await deps.writer.write({
    ...values,
    qr_token_hash: hand ? sha256Hex(hand.token) : null,
    qr_expira_em: hand?.expira_em ?? null,
    criado_por: sale.user.id,
    at,
    depois,
    ip,
  });
  const ledger: coupons.LedgerResult | null =
    recipient === null
      ? null
      : {
          emitidos: w.cupons,
          numeros: w.cupons.map((_, i) => w.primeiro! + i),
          anulados: [],
          saldos: new Map(
            w.pontos_e6 === null
              ? []
              : [
                  [
                    coupons.balanceKey({ id_usuario: recipient, id_campanha: values.id_campanha }),
                    w.pontos_e6,
                  ],
                ],
          ),
        };
  return writtenOrCode(resolved, w.id_venda, ledger, at, hand);
}

/** Writes a new sale and its ledger moves inside the caller's transaction. */
async function insertIn(trx: Kysely<Database>, deps: InTransaction, sale: NewSale): Promise<Written> {
  const { user, recipient, at, ip, cpf } = sale;
  const resolved = sale.resolved ?? (await resolveNew(trx, user, sale.body, recipient, sale.reach));
  const { values } = resolved;
  const person = withRecipient(values);
  if (person) await checkDayLimits(trx, deps.dialect, person, resolved.limits, 0);
  if (cpf) await checkCpfDayLimits(trx, deps.dialect, values, cpf.busca, resolved.limits);
  const hand = handOver(sale.qr, values, at);
  const id_venda = await repo.insertSale(trx, {
    ...values,
    qr_token_hash: hand ? sha256Hex(hand.token) : null,
    qr_expira_em: hand?.expira_em ?? null,
    criado_por: user.id,
    at,
    chave_nfce: resolved.chave,
  });
  if (cpf) {
    await cpfRepo.markPendingCpf(trx, id_venda, cpf.busca, cpf.mascara);
    // Issue 52: the CPF's account, if one may take it, is credited behind the answer.
    if (!deps.enqueue) throw new Error('fila de tarefas ausente');
    await deps.enqueue(trx, CPF_CREDIT_JOB, { id_venda, ip } satisfies CpfCreditJob);
  }
  const ledger =
    recipient === null
      ? null
      : await coupons.applyMoves(
          trx,
          [{ id_usuario: recipient, id_campanha: values.id_campanha, delta_e6: values.pontos_e6 }],
          { id_venda, id_estabelecimento: values.id_estabelecimento },
          at,
        );
  if (person && ledger) await checkCouponLimit(trx, person, resolved.limits, ledger.emitidos.length);
  await recordAudit(trx, {
    id_usuario: user.id,
    acao: 'criar',
    entidade: 'venda',
    id_entidade: id_venda,
    depois: newSaleEntry(values, {
      pendente: recipient === null,
      qr_expira_em: hand?.expira_em ?? null,
      cpf: cpf?.mascara,
      cupons_emitidos: ledger?.numeros ?? [],
      chave_nfce: resolved.chave,
      sem_comprador: sale.semComprador,
    }),
    ip,
    id_chave: user.chave?.id,
  });
  await deps.events?.emit(trx, 'venda.criada', saleScope(resolved), {
    id_venda,
    ...saleEvent(values),
    pendente: recipient === null,
    cupons_emitidos: ledger?.numeros ?? [],
  });
  if (resolved.chave === null) return writtenOrCode(resolved, id_venda, ledger, at, hand);
  // Issue 53: the receipts module decides now what a receipt of this key a resident already
  // sent becomes (credited when the report names its sender: the sale is then confirmed).
  await keyReported(trx, {
    id_venda,
    chave: resolved.chave,
    id_usuario: recipient,
    cpf_busca: cpf?.busca ?? null,
    sem_comprador: sale.semComprador,
    at,
  });
  const confirmadoEm = await repo.receiptConfirmedAt(trx, id_venda);
  return writtenOrCode(resolved, id_venda, ledger, at, hand, confirmadoEm);
}

/**
 * The batch form's writer (issue 50): a sale `SalesBatch` derived (batch.ts), with a recipient
 * and its values as given, in the caller's transaction (the demo seed). Its coupons, balance
 * and audit entry are the batch's rows, which the caller writes with it.
 */
export function writeBatchSale(
  trx: Kysely<Database>,
  v: repo.SaleValues & { criado_por: number | null; at: string },
): Promise<number> {
  return repo.insertSale(trx, { ...v, qr_token_hash: null, qr_expira_em: null, chave_nfce: null });
}
