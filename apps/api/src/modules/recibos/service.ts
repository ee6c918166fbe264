import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MSG_NFCE,
  MSG_RECIBO,
  TITULO_RECIBO_EXPIRADO,
  checarChave,
  isRealDay,
  lerNfce,
  mascararChave,
  textoReciboExpirado,
  type DoacaoReciboBody,
  type Recibo,
  type ReciboAdmin,
  type ReciboBody,
  type RecibosAdmQuery,
  type RecibosQuery,
} from '@praca/contract';
import { transaction, type Dialect } from '../../db/index.js';
import { uniqueViolation } from '../../db/errors.js';
import type { Database, StatusRecibo } from '../../db/types.js';
import { nowIso, today } from '../../lib/clock.js';
import { HttpError } from '../../lib/errors.js';
import { recordAudit } from '../audit/service.js';
import type { AuthUser } from '../auth/types.js';
import { requestedAdminCity } from '../cities/admin-scope.js';
import * as establishments from '../establishments/service.js';
import { adminShopLimit } from '../establishments/policy.js';
import { centsToReais } from '../coupons/units.js';
import { notifyPerson } from '../notifications/service.js';
import * as sales from '../sales/service.js';
import { pageWindow, type Page } from '../shared/admin.js';
import * as users from '../users/service.js';
import type { WebhookEvents } from '../integration/webhooks.js';
import * as match from './match.js';
import type { SefazConfig } from './sefaz.js';
import { scheduleSefazRecheck, sefazOnSubmit } from './sefaz-flow.js';
import { presentRecibo, presentReciboAdmin } from './presenter.js';
import * as repo from './repository.js';

/**
 * The residents' fiscal receipts (issue 53, decision 059). A resident sends the receipt they
 * hold (its QR code or its key); the offline checks (contract nfce.ts) and the shop's CNPJ
 * filter typos and foreign receipts, and only the shop's own report of the key (the sale's
 * `chave_nfce`) credits: a key nobody reported waits, and expires. A key counts once in the
 * whole programme. What a receipt becomes against the report is match.ts's; the sale path's
 * side is hooks.ts.
 */

export interface ReciboDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** RECIBO_MAX_LOJA_DIA: receipts per person, shop and São Paulo day. */
  maxPorLojaDia: number;
  /** RECIBO_PENDENTE_DIAS: days a receipt no shop reported waits before it expires. */
  pendenteDias: number;
  /** The city's SEFAZ gateway (SEFAZ_CONSULTA_URL), or null (decision 058). */
  sefaz: SefazConfig | null;
  /** Adds a job in the caller's transaction (the SEFAZ re-check). */
  enqueue: Parameters<typeof scheduleSefazRecheck>[0];
  /** The sales' webhook events, for the SEFAZ re-check that voids a cancelled receipt's sale. */
  events?: WebhookEvents;
}

type Body = z.output<typeof ReciboBody>;
type ListQuery = z.output<typeof RecibosQuery>;
type AdmQuery = z.output<typeof RecibosAdmQuery>;

const DAY_MS = 86_400_000;

/** What a sent receipt became: stored (201), or stored as contested (the answer is 409). */
type Sent = { recibo: Recibo; contestado: boolean };

/** 'YYYY-MM', or 'YYYY-MM-DD' when the v2 offline QR gave a real day of that month. */
function emissionDate(mes: string, dia: number | undefined): string {
  if (dia === undefined) return mes;
  const d = `${mes}-${String(dia).padStart(2, '0')}`;
  return isRealDay(d) ? d : mes;
}

/**
 * `POST /v1/recibos`: the offline checks in the order with the sender's city's state
 * and the São Paulo day, then the CNPJ (an active shop of the sender's city); every refusal is
 * 400 and writes nothing. A key that passed is logged as an attempt (its own statement, kept
 * whatever the answer). Then, in one transaction under the sender's lock and the key's: at most
 * `maxPorLojaDia` receipts per shop and day (409), the key once in the programme (409), and the
 * receipt decided against the shop's report (match.ts): `creditado`, `pendente`, `doado`, or
 * `contestado` (stored, answered 409 with its complaint open). A report without a buyer and no
 * `id_entidade` is 409 and writes nothing: the key stays unspent, to be donated.
 */
export async function send(deps: ReciboDeps, user: AuthUser, body: Body, ip: string): Promise<Recibo> {
  const { db } = deps;
  const lida = lerNfce(body.qrcode || body.chave || '');
  const person = await repo.personOf(db, user.id);
  if (!person) throw new HttpError(404, MSG_RECIBO.naoEncontrado);
  const checked = checarChave(lida, { uf: person.uf, hoje: today() });
  if (!checked.ok) throw new HttpError(400, checked.recusa.erro);
  const key = checked.chave;
  const shop = await repo.shopOfCnpj(db, key.cnpj, person.cod_cidade);
  if (!shop) throw new HttpError(400, MSG_NFCE.notaLojaNaoParticipa);
  // Decision 058: where the city has its SEFAZ gateway, a denied, cancelled or unknown receipt
  // is refused (nothing written, the key unspent); an unreachable gateway does not stop it.
  const fromSefaz = await sefazOnSubmit(deps.sefaz, key.chave);
  if ('recusa' in fromSefaz) throw new HttpError(409, fromSefaz.recusa);
  const at = nowIso();
  await repo.insertAttempt(db, {
    chave: key.chave,
    id_usuario: user.id,
    cod_cidade: person.cod_cidade,
    em: at,
  });

  // A key already stored is refused before any lock: the shop's report of it (`keyReported`,
  // holding the key's lock) may be writing to the sender's row's children (a notification, a
  // complaint), which the sender's lock below would block while waiting for the key's lock.
  if (await repo.findByKey(db, key.chave)) throw new HttpError(409, MSG_RECIBO.jaUsado);
  let sent: Sent;
  try {
    sent = await transaction(db, async (trx): Promise<Sent> => {
      await users.lockPersonRow(trx, deps.dialect, user.id);
      const dia = today();
      if ((await repo.countSent(trx, user.id, shop.id_estabelecimento, dia)) >= deps.maxPorLojaDia)
        throw new HttpError(409, MSG_RECIBO.limiteLojaDia.replace('{n}', String(deps.maxPorLojaDia)));
      await repo.lockKey(trx, key.chave);
      if (await repo.findByKey(trx, key.chave)) throw new HttpError(409, MSG_RECIBO.jaUsado);
      const sale = await repo.saleOfKey(trx, key.chave);
      const v = sale
        ? match.verdict(match.namedBySale(sale), { id_usuario: user.id, cpf_busca: person.cpf_busca })
        : 'aguardar';
      if (v === 'sem_comprador' && body.id_entidade === undefined)
        throw new HttpError(409, MSG_RECIBO.semComprador);
      const waits = v === 'aguardar';
      const values = {
        chave: key.chave,
        cnpj: key.cnpj,
        id_estabelecimento: shop.id_estabelecimento,
        cod_cidade: shop.cod_cidade,
        id_usuario: user.id,
        valor_centavos:
          (fromSefaz.consultada ? fromSefaz.columns.valor_centavos : undefined) ??
          lida.valor_centavos ??
          sale?.valor_centavos ??
          null,
        sefaz_situacao: fromSefaz.consultada ? fromSefaz.columns.sefaz_situacao : null,
        sefaz_consultado_em: fromSefaz.consultada ? fromSefaz.columns.sefaz_consultado_em : null,
        dat_emissao: emissionDate(key.mes, lida.dia),
        dia_envio: dia,
        // Stored as it waits; `match` moves it to what the report makes of it, in this transaction.
        status: 'pendente' as const,
        id_venda: sale?.id_venda ?? null,
        expira_em: waits ? new Date(Date.parse(at) + deps.pendenteDias * DAY_MS).toISOString() : null,
        criado_em: at,
        atualizado_em: at,
      };
      const id_recibo = await repo.insertReceipt(trx, values);
      // Asked again a day later, past the window in which an NFC-e may be cancelled (or soon,
      // when the gateway did not answer): a cancelled receipt then loses what it credited.
      if (fromSefaz.consultada)
        await scheduleSefazRecheck(
          deps.enqueue,
          trx,
          id_recibo,
          fromSefaz.recheck === 'indisponivel' ? 'indisponivel' : 'credito',
        );
      const receipt = {
        id_recibo,
        id_usuario: user.id,
        chave: key.chave,
        valor_centavos: values.valor_centavos,
      };
      if (sale && v === 'creditar')
        await match.credit(trx, receipt, sale, { from: 'pendente', at, ip, notify: false });
      if (sale && v === 'contestar')
        await match.contest(trx, receipt, sale, { from: 'pendente', at, notify: false });
      const entity =
        sale && v === 'sem_comprador'
          ? await donateSale(deps, trx, { user, receipt, sale, idEntidade: body.id_entidade!, at, ip })
          : null;
      const status: StatusRecibo = waits
        ? 'pendente'
        : v === 'creditar'
          ? 'creditado'
          : v === 'contestar'
            ? 'contestado'
            : 'doado';
      await recordAudit(trx, {
        id_usuario: user.id,
        acao: 'registrar_recibo',
        entidade: 'recibo',
        id_entidade: id_recibo,
        depois: {
          chave: mascararChave(key.chave),
          id_estabelecimento: shop.id_estabelecimento,
          id_venda: values.id_venda,
          status,
        },
        ip,
      });
      // The answer from what this transaction wrote (the lists read it back through the view).
      const recibo: Recibo = {
        id_recibo,
        chave: key.chave,
        status,
        id_estabelecimento: shop.id_estabelecimento,
        nome_estabelecimento: shop.nome,
        valor: values.valor_centavos === null ? null : centsToReais(Number(values.valor_centavos)),
        dat_emissao: values.dat_emissao,
        id_venda: values.id_venda,
        id_entidade: entity?.id_entidade ?? null,
        nome_entidade: entity?.nome ?? null,
        criado_em: at,
        expira_em: status === 'pendente' ? values.expira_em : null,
      };
      return { recibo, contestado: v === 'contestar' };
    });
  } catch (err) {
    // The key's lock (PostgreSQL) or the single writer (SQLite) decides first; the unique index last.
    if (uniqueViolation(err) !== null) throw new HttpError(409, MSG_RECIBO.jaUsado);
    throw err;
  }
  if (sent.contestado) throw new HttpError(409, MSG_RECIBO.deOutraPessoa);
  return sent.recibo;
}

async function viewOf(db: Kysely<Database>, idRecibo: number) {
  const row = await repo.findView(db, idRecibo);
  if (!row) throw new HttpError(404, MSG_RECIBO.naoEncontrado);
  return row;
}

/**
 * A receipt whose sale names no buyer, given to a social entity of the shop's city: the sale
 * becomes the entity's account's under the campaign's rules (sales `giveToEntity`: a refused
 * rule throws and nothing is written), the receipt `doado` with the entity; the sender is the
 * donor (the receipt's `id_usuario`), audited as 'doar_recibo'.
 */
async function donateSale(
  deps: Pick<ReciboDeps, 'dialect'>,
  trx: Kysely<Database>,
  d: {
    user: AuthUser;
    receipt: { id_recibo: number; chave: string };
    sale: repo.SaleOfKey;
    idEntidade: number;
    at: string;
    ip: string;
    from?: 'pendente' | 'sem_comprador';
  },
): Promise<{ id_entidade: number; nome: string }> {
  const entity = await repo.entityOf(trx, d.idEntidade);
  if (!entity || entity.cod_cidade !== d.sale.cod_cidade)
    throw new HttpError(404, MSG_RECIBO.entidadeNaoEncontrada);
  const ledger = await sales.giveToEntity(trx, deps.dialect, {
    id_venda: d.sale.id_venda,
    chave: d.receipt.chave,
    idUsuario: entity.id_usuario,
    at: d.at,
    ip: d.ip,
  });
  if (!ledger) throw new HttpError(409, MSG_RECIBO.naoDoavel);
  const moved = await repo.moveReceipt(trx, d.receipt.id_recibo, d.from ?? 'pendente', {
    status: 'doado',
    id_venda: d.sale.id_venda,
    id_entidade: entity.id_entidade,
    expira_em: null,
    atualizado_em: d.at,
  });
  if (!moved) throw new HttpError(409, MSG_RECIBO.naoDoavel);
  await recordAudit(trx, {
    id_usuario: d.user.id,
    acao: 'doar_recibo',
    entidade: 'recibo',
    id_entidade: d.receipt.id_recibo,
    depois: { id_entidade: entity.id_entidade, id_venda: d.sale.id_venda, cupons_emitidos: ledger.numeros },
    ip: d.ip,
  });
  return entity;
}

/**
 * `POST /v1/recibos/{id}/doacao`: the sender gives a receipt the shop reported without a buyer
 * (`sem_comprador`) to a social entity of the shop's city. Another's receipt answers as an
 * unknown one (404); any other status is 409.
 */
export async function donate(
  deps: ReciboDeps,
  user: AuthUser,
  idRecibo: number,
  body: z.output<typeof DoacaoReciboBody>,
  ip: string,
): Promise<Recibo> {
  const at = nowIso();
  await transaction(deps.db, async (trx) => {
    const receipt = await repo.lockReceipt(trx, deps.dialect, idRecibo);
    if (!receipt || receipt.id_usuario !== user.id) throw new HttpError(404, MSG_RECIBO.naoEncontrado);
    if (receipt.status !== 'sem_comprador' || receipt.id_venda === null)
      throw new HttpError(409, MSG_RECIBO.naoDoavel);
    await repo.lockKey(trx, receipt.chave);
    const sale = await repo.saleById(trx, receipt.id_venda);
    if (!sale || !match.namedBySale(sale).sem_comprador) throw new HttpError(409, MSG_RECIBO.naoDoavel);
    await donateSale(deps, trx, {
      user,
      receipt,
      sale,
      idEntidade: body.id_entidade,
      at,
      ip,
      from: 'sem_comprador',
    });
  });
  return presentRecibo(await viewOf(deps.db, idRecibo));
}

/** `GET /v1/recibos`: the caller's receipts, newest first, one page. */
export async function mine(db: Kysely<Database>, user: AuthUser, q: ListQuery): Promise<Page<Recibo>> {
  const [rows, total] = await Promise.all([
    repo.pageOfPerson(db, user.id, pageWindow(q)),
    repo.countOfPerson(db, user.id),
  ]);
  return { itens: rows.map(presentRecibo), total };
}

/** How far the admins' list counts its total. */
const CITY_COUNT_CAP = 10_000;

/** The admins' filter: the city (403 another), a shop of it the caller runs, an admin's shops. */
export async function cityFilter(
  db: Kysely<Database>,
  user: AuthUser,
  q: AdmQuery,
): Promise<repo.CityFilter> {
  const codCidade = requestedAdminCity(user, q);
  if (q.id_estabelecimento) await establishments.shopToRun(db, user, q.id_estabelecimento);
  return {
    codCidade,
    status: q.status,
    idEstabelecimento: q.id_estabelecimento,
    lojas: adminShopLimit(user),
  };
}

/** `GET /v1/adm/recibos`: one page of the city's receipts, newest first. */
export async function ofCity(db: Kysely<Database>, user: AuthUser, q: AdmQuery): Promise<Page<ReciboAdmin>> {
  const f = await cityFilter(db, user, q);
  const [rows, total] = await Promise.all([
    repo.pageOfCity(db, f, pageWindow(q)),
    repo.countOfCity(db, f, CITY_COUNT_CAP),
  ]);
  return { itens: rows.map(presentReciboAdmin), total };
}

/** The city's receipts for the export, a page at a time after the last one's id (keyset). */
export const cityPage = async (
  db: Kysely<Database>,
  f: repo.CityFilter,
  before: number | undefined,
  size: number,
) => (await repo.pageOfCity(db, f, { offset: 0, limit: size, before })).map(presentReciboAdmin);

export const countCity = (db: Kysely<Database>, f: repo.CityFilter, cap: number) =>
  repo.countOfCity(db, f, cap);

/** The periodic job that expires the receipts no shop reported in time (`expire`). */
export const EXPIRE_JOB = 'recibo.expirar';
/** How many receipts one run expires; the next run goes on. */
const EXPIRE_PER_RUN = 500;

/**
 * The job {@link EXPIRE_JOB}: every `pendente` receipt past `expira_em` becomes `expirado` and
 * its sender is told. Each in its own transaction, under its key's lock, moved only while still
 * pending: re-running it (or two instances at once) expires and tells each once.
 */
export async function expire(deps: Pick<ReciboDeps, 'db'>): Promise<number> {
  const at = nowIso();
  let expired = 0;
  for (const r of await repo.dueToExpire(deps.db, at, EXPIRE_PER_RUN)) {
    const done = await transaction(deps.db, async (trx) => {
      const moved = await repo.moveReceipt(trx, r.id_recibo, 'pendente', {
        status: 'expirado',
        atualizado_em: at,
      });
      if (!moved) return false;
      await recordAudit(trx, {
        id_usuario: null,
        acao: 'expirar_recibo',
        entidade: 'recibo',
        id_entidade: r.id_recibo,
        antes: { status: 'pendente' },
        depois: { status: 'expirado' },
      });
      await notifyPerson(trx, r.id_usuario, {
        title: TITULO_RECIBO_EXPIRADO,
        body: textoReciboExpirado(r.nome_estabelecimento),
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/** The sale a receipt points at (an automatic complaint that names none: contestacoes). */
export const saleOfReceipt = (db: Kysely<Database>, idRecibo: number | null): Promise<number | null> =>
  idRecibo === null ? Promise.resolve(null) : repo.saleOfReceiptId(db, idRecibo);

/**
 * An admin accepted the automatic complaint of a contested receipt (contestacoes): the sale was
 * registered again for the receipt's sender (`idVenda`), which the receipt now confirms:
 * `creditado`, linked to the new sale.
 */
export async function complaintAccepted(
  trx: Kysely<Database>,
  a: { id_recibo: number; id_venda: number; at: string; ip: string },
): Promise<void> {
  const receipt = await repo.findById(trx, a.id_recibo);
  if (!receipt) return;
  const moved = await repo.moveReceipt(trx, a.id_recibo, 'contestado', {
    status: 'creditado',
    id_venda: a.id_venda,
    atualizado_em: a.at,
  });
  if (moved) await match.confirm(trx, receipt, a.id_venda, { at: a.at, ip: a.ip });
}

/**
 * A removed person's receipts (LGPD, account/removal.ts), in the caller's transaction: kept, as
 * their sales are (a key counts once in the programme, whoever held it), but those still
 * waiting (pending, or to be donated) close as `expirado`; their attempts go.
 */
export async function forgetPerson(trx: Kysely<Database>, idUsuario: number, at: string): Promise<void> {
  await repo.closePendingOf(trx, idUsuario, at);
  await repo.deleteAttemptsOf(trx, idUsuario);
}
