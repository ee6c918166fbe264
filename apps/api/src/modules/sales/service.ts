import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  ConteudoQrAssinado,
  DEFAULT_SELLER_ID,
  MSG_VENDA,
  maskCpf,
  TITULO_COMPRAS_DO_CPF,
  textoComprasDoCpf,
  type CampanhaDaLoja,
  type ResgateResposta,
  type Venda,
  type VendaBody,
  type VendaDaLista,
  type VendaCriada,
  type VendaQrResposta,
  type VendasQuery,
} from '@praca/contract';
import { transaction, type Dialect } from '../../db/index.js';
import { keptSetting } from '../../db/settings.js';
import type { Database } from '../../db/types.js';
import { addDays, nowIso, today } from '../../lib/clock.js';
import { randomToken, sha256Hex } from '../../lib/crypto.js';
import { uniqueViolation, uniqueViolationMessage } from '../../db/errors.js';
import { HttpError } from '../../lib/errors.js';
import type { CpfVault } from '../../lib/cpf-vault.js';
import { claimToken, signCode, verifyCode } from '../../lib/qr-code.js';
import { escapeLike, foldForSearch } from '../../db/search-text.js';
import { centsToReais, reaisToCents } from '../coupons/units.js';
import { recordAudit } from '../audit/service.js';
import type { WebhookEvents } from '../integration/webhooks.js';
import type { AuthUser } from '../auth/types.js';
import * as campaigns from '../campaigns/service.js';
import * as coupons from '../coupons/service.js';
import * as establishments from '../establishments/service.js';
import * as users from '../users/service.js';
import { notifyPerson } from '../notifications/service.js';
import { presentSale } from './presenter.js';
import * as repo from './repository.js';

export type VendaInput = z.output<typeof VendaBody>;
export type VendasFiltro = z.output<typeof VendasQuery>;

/** What the sales service needs from the app. */
export interface SalesDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The key that signs hand-over codes (config QR_SECRET, or one kept in the database). */
  qrSecret: () => Promise<string>;
  qrTtlHours: number;
  /** How many days back a sale may be dated (config VENDA_RETROATIVA_DIAS). */
  retroDays: number;
  /** Webhook events (issue 39): `venda.criada`, `venda.estornada`. */
  events?: WebhookEvents;
  /** Issue 40: how a CPF is looked up (lib/cpf-vault.ts). */
  cpf?: CpfVault;
}

/** Issue 40: a sale waiting for a CPF's account: the CPF's lookup value and its masked form. */
interface PendingCpf {
  busca: string;
  mascara: string;
}

// --- hand-over code key --------------------------------------------------------------------

const secrets = new WeakMap<object, Promise<string>>();

/**
 * The HMAC key of hand-over codes: QR_SECRET when configured, else a random one generated on
 * first use and kept in `configuracoes` ('qr_secret'), so codes survive restarts.
 */
export function qrSecret(db: Kysely<Database>, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return Promise.resolve(fromEnv);
  let secret = secrets.get(db);
  if (!secret) {
    secret = keptSetting(db, 'qr_secret', () => randomToken(32));
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

// --- rules -----------------------------------------------------------------------------------

const isRealDay = (d: string): boolean => {
  const t = Date.parse(`${d}T00:00:00Z`);
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === d;
};

/**
 * A real calendar day, not after today on the programme's clock (America/Sao_Paulo) and, when
 * `retroDays` is given, not more than that many days back (issue 37: a sale is registered
 * when it happens, not weeks later to fill a campaign's last days).
 */
function checkDay(d: string, retroDays: number | null): void {
  if (!isRealDay(d)) throw new HttpError(400, MSG_VENDA.dataInvalida);
  const now = today();
  if (d > now) throw new HttpError(400, MSG_VENDA.dataFutura);
  if (retroDays !== null && d < addDays(now, -retroDays)) {
    throw new HttpError(400, MSG_VENDA.dataAntiga.replace('{n}', String(retroDays)));
  }
}

/** A campaign's limits per person (issue 37); null is no limit. */
interface Limits {
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
async function checkDayLimits(
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
async function checkCouponLimit(
  trx: Kysely<Database>,
  v: repo.SaleValues & { id_usuario: number },
  limits: Limits,
  issued: number,
): Promise<void> {
  if (limits.cuponsMes === null || issued === 0) return;
  const month = v.dat_venda.slice(0, 7);
  const n = await repo.couponsInPeriod(trx, {
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
const hasEnded = (validadeFim: string): boolean => validadeFim < today();

/**
 * Self-dealing (issue 37): nobody gives a sale to oneself (`recipient` is `author`), nor to a
 * person linked to the sale's shop (`linkedToShop`): 403.
 */
function checkNotSelfDealing(recipient: number, author: number | null, linkedToShop: boolean): void {
  if (recipient === author || linkedToShop) throw new HttpError(403, MSG_VENDA.autoVenda);
}

type SaleContext = NonNullable<Awaited<ReturnType<typeof repo.findSaleContext>>>;

/** The campaign's limits as `findSaleContext` reads them. */
const limitsOf = (ctx: SaleContext): Limits => ({
  vendasDiaLoja: ctx.limite_vendas_dia_loja,
  cuponsMes: ctx.limite_cupons_mes,
  valorDiaCentavos: ctx.limite_valor_dia_centavos,
});

const withRecipient = (v: repo.SaleValues): (repo.SaleValues & { id_usuario: number }) | null =>
  v.id_usuario === null ? null : { ...v, id_usuario: v.id_usuario };

/** The recipient rules of the sale dialog (spec §5); `id_usuario` ≤ 0 means none chosen. */
function recipientOf(body: VendaInput, isNew: boolean): number | null {
  const recipient = body.id_usuario > 0 ? body.id_usuario : null;
  if (body.qrcode && recipient !== null) throw new HttpError(400, MSG_VENDA.destinatarioJaDefinido);
  // The QR option exists only for a new sale; an edit always names the recipient.
  if (recipient === null && (!body.qrcode || !isNew)) throw new HttpError(400, MSG_VENDA.definaDestinatario);
  return recipient;
}

export const isDuplicateNumber = (err: unknown): boolean => {
  const c = uniqueViolation(err);
  return c !== null && uniqueViolationMessage(c) === MSG_VENDA.numeroDuplicado;
};

/** What a sale becomes from the body, checked against shop, campaign, seller and recipient. */
async function resolve(trx: Kysely<Database>, user: AuthUser, body: VendaInput, recipient: number | null) {
  // Shop, participation and recipient in one statement, checked in the order of the rules.
  const ctx = await repo.findSaleContext(trx, body.id_estabelecimento, body.id_campanha, recipient);
  const shop = establishments.checkShopToRun(user, ctx);
  // The campaign's columns are all set when the shop takes part, all null when it does not.
  const part =
    shop.id_campanha === null
      ? null
      : {
          id_campanha: shop.id_campanha,
          den_campanha: shop.den_campanha!,
          banner: shop.banner!,
          validade_ini: shop.validade_ini!,
          validade_fim: shop.validade_fim!,
          fator_cashback_e4: shop.fator_cashback_e4!,
          fator_sorteio_e4: shop.fator_sorteio_e4!,
        };
  if (!part) throw new HttpError(400, MSG_VENDA.naoParticipa);
  if (body.dat_venda < part.validade_ini || body.dat_venda > part.validade_fim) {
    throw new HttpError(400, MSG_VENDA.foraDaValidade);
  }
  let idVendedor: number | null = null;
  let nomeVendedor: string | null = null;
  if (body.id_vendedor !== DEFAULT_SELLER_ID) {
    const seller = await establishments.findSeller(trx, body.id_vendedor);
    if (!seller || seller.id_estabelecimento !== shop.id_estabelecimento) {
      throw new HttpError(400, MSG_VENDA.vendedorInvalido);
    }
    idVendedor = seller.id_vendedor;
    nomeVendedor = seller.nome_vendedor;
  }
  const nomeUsuario = recipient === null ? null : shop.nome_destinatario;
  if (recipient !== null && nomeUsuario === null)
    throw new HttpError(404, MSG_VENDA.destinatarioNaoEncontrado);
  // Self-dealing (issue 37): no sale to oneself, nor to another person of the same shop.
  if (recipient !== null) checkNotSelfDealing(recipient, user.id, shop.destinatario_da_loja !== null);
  const valor = reaisToCents(body.valor_venda);
  const values: repo.SaleValues = {
    id_campanha: part.id_campanha,
    id_estabelecimento: shop.id_estabelecimento,
    id_usuario: recipient,
    id_vendedor: idVendedor,
    dat_venda: body.dat_venda,
    numero_venda: body.numero_venda,
    valor_centavos: valor,
    pontos_e6: coupons.earnedE6(valor, part.fator_sorteio_e4),
    cashback_e6: coupons.earnedE6(valor, part.fator_cashback_e4),
  };
  return {
    values,
    cod_cidade: shop.cod_cidade,
    encerrada: hasEnded(part.validade_fim),
    limits: limitsOf(shop),
    den_campanha: part.den_campanha,
    nome_estabelecimento: shop.nome,
    // What the answer shows besides the values, so that a new sale needs no reading back.
    shown: { banner: part.banner, url_logo: shop.url_logo, nome_usuario: nomeUsuario, nomeVendedor },
  };
}

/** Where a sale's webhook events go: its shop and the shop's city. */
const saleScope = (r: { cod_cidade: number; values: repo.SaleValues }) => ({
  cod_cidade: r.cod_cidade,
  id_estabelecimento: r.values.id_estabelecimento,
});

/** What a webhook receiver is told of a sale (no names: the consumer is an id). */
const saleEvent = (v: repo.SaleValues) => ({
  id_campanha: v.id_campanha,
  id_estabelecimento: v.id_estabelecimento,
  id_usuario: v.id_usuario,
  id_vendedor: v.id_vendedor ?? DEFAULT_SELLER_ID,
  dat_venda: v.dat_venda,
  numero_venda: v.numero_venda,
  valor_venda: centsToReais(v.valor_centavos),
});

/** What the audit log keeps of a sale. */
const snapshot = (v: repo.SaleValues) => ({
  id_campanha: v.id_campanha,
  id_estabelecimento: v.id_estabelecimento,
  id_usuario: v.id_usuario,
  id_vendedor: v.id_vendedor ?? DEFAULT_SELLER_ID,
  dat_venda: v.dat_venda,
  numero_venda: v.numero_venda,
  valor_centavos: v.valor_centavos,
  pontos_e6: v.pontos_e6,
  cashback_e6: v.cashback_e6,
});

async function view(db: Kysely<Database>, idVenda: number): Promise<Venda> {
  const row = await repo.findSaleView(db, idVenda);
  if (!row) throw new HttpError(404, MSG_VENDA.vendaNaoEncontrada);
  const live = await coupons.liveCountBySale(db, [idVenda]);
  return presentSale(row, live.get(idVenda) ?? 0);
}

// --- reads -----------------------------------------------------------------------------------

/** The campaigns of the current year a shop takes part in ([] when none). */
export async function campaignsOfShop(
  db: Kysely<Database>,
  user: AuthUser,
  idEstabelecimento: number,
): Promise<CampanhaDaLoja[]> {
  const shop = await establishments.shopToRun(db, user, idEstabelecimento);
  return campaigns.listForShop(db, shop.id_estabelecimento, today());
}

/**
 * The filter of a shop's sales list: the shop the caller runs (404, 403), a campaign or the
 * year's campaigns, the text in the number or the recipient's name. The list and its export.
 */
export async function shopSalesFilter(
  db: Kysely<Database>,
  user: AuthUser,
  q: Pick<VendasFiltro, 'id_estabelecimento' | 'id_campanha' | 'q'>,
): Promise<repo.SalesFilter> {
  const shop = await establishments.shopToRun(db, user, q.id_estabelecimento);
  const text = q.q?.trim();
  return {
    idEstabelecimento: shop.id_estabelecimento,
    idCampanha: q.id_campanha > 0 ? q.id_campanha : undefined,
    year: q.id_campanha > 0 ? undefined : campaigns.yearOf(today()),
    numeroLike: text ? `%${escapeLike(text.toLowerCase())}%` : undefined,
    nomeLike: text ? `%${escapeLike(foldForSearch(text))}%` : undefined,
  };
}

/**
 * A shop's sales, newest first; `id_campanha` 0 is every campaign of the current year. Each
 * says whether a coupon of it is in an apuração's frozen ticket file (`congelada`, issue 49:
 * the screen tells the partner before any form that it can be neither edited nor deleted).
 */
export async function list(
  db: Kysely<Database>,
  user: AuthUser,
  q: VendasFiltro,
): Promise<{ itens: VendaDaLista[]; total: number }> {
  const { rows, total } = await repo.listSales(db, await shopSalesFilter(db, user, q), {
    offset: (q.pagina - 1) * q.limite,
    limit: q.limite,
  });
  const ids = rows.map((r) => r.id_venda);
  const [live, frozen] = await Promise.all([coupons.liveCountBySale(db, ids), repo.frozenSales(db, ids)]);
  return {
    itens: rows.map((r) => ({
      ...presentSale(r, live.get(r.id_venda) ?? 0),
      congelada: frozen.has(r.id_venda),
    })),
    total,
  };
}

/** One sale of a shop the caller runs; a sale of another shop is 404 here, never shown. */
export async function getOne(
  db: Kysely<Database>,
  user: AuthUser,
  idEstabelecimento: number,
  idVenda: number,
): Promise<Venda> {
  const shop = await establishments.shopToRun(db, user, idEstabelecimento);
  const sale = await view(db, idVenda);
  if (sale.id_estabelecimento !== shop.id_estabelecimento)
    throw new HttpError(404, MSG_VENDA.vendaNaoEncontrada);
  return sale;
}

// --- writes ----------------------------------------------------------------------------------

export type Criada = { qr: false; resposta: VendaCriada } | { qr: true; resposta: VendaQrResposta };

/** What a pending sale's code is made of: the same sale, unchanged, makes the same code. */
interface HandOver {
  id_venda: number;
  id_campanha: number;
  den_campanha: string;
  id_estabelecimento: number;
  nome_estabelecimento: string;
  numero_venda: string;
  valor_centavos: number;
  id_vendedor: number | null;
  expira_em: string;
}

/** The signed hand-over code (ConteudoQrAssinado) of a pending sale. */
function handOverCode(secret: string, sale: HandOver): string {
  const content: z.input<typeof ConteudoQrAssinado> = {
    idcampanha: sale.id_campanha,
    dencampanha: sale.den_campanha,
    idestabelecimento: sale.id_estabelecimento,
    nomeestabelecimento: sale.nome_estabelecimento,
    numerovenda: sale.numero_venda,
    valorvenda: centsToReais(sale.valor_centavos),
    id_vendedor: sale.id_vendedor ?? DEFAULT_SELLER_ID,
    id_venda: sale.id_venda,
    token: claimToken(secret, sale),
    exp: sale.expira_em,
  };
  return signCode(secret, content);
}

/**
 * Issue 40: a sale given by CPF (`cpf` in place of `id_usuario`). The CPF's account, when there
 * is one, becomes the recipient as if chosen by name; otherwise the sale waits for that CPF.
 */
async function byCpf(
  deps: SalesDeps,
  body: VendaInput,
): Promise<{ body: VendaInput; cpf: PendingCpf | null }> {
  if (!body.cpf) return { body, cpf: null };
  if (body.id_usuario > 0 || body.qrcode) throw new HttpError(400, MSG_VENDA.destinatarioOuCpf);
  if (!deps.cpf) throw new Error('CpfVault ausente');
  const busca = deps.cpf.lookup(body.cpf);
  const owner = await users.cpfOwner(deps.db, busca);
  if (owner !== null) return { body: { ...body, id_usuario: owner }, cpf: null };
  return { body, cpf: { busca, mascara: maskCpf(body.cpf) } };
}

/**
 * Registers a sale. With a recipient, its points and coupons are issued in the same
 * transaction; with `qrcode: true` it stays pending and the answer is a signed hand-over code.
 */
export async function create(
  deps: SalesDeps,
  user: AuthUser,
  given: VendaInput,
  ip: string,
): Promise<Criada> {
  const { body, cpf } = await byCpf(deps, given);
  const recipient = cpf ? null : recipientOf(body, true);
  checkDay(body.dat_venda, deps.retroDays);
  const at = nowIso();
  const secret = body.qrcode ? await deps.qrSecret() : '';
  const qr = body.qrcode ? { secret, ttlHours: deps.qrTtlHours } : null;
  let created: Written;
  try {
    if (deps.dialect === 'postgres') {
      // The checks read outside the write, which is one statement unless the campaign has
      // limits to count under the person's lock (decision 044).
      const resolved = await resolveNew(deps.db, user, body, recipient);
      // A key's sale is audited with the key, and a sale someone's webhook listens to enqueues
      // its delivery: both in the transaction (issue 39); the one statement does neither.
      const oneStatement =
        cpf === null &&
        !(recipient !== null && hasLimits(resolved.limits)) &&
        user.chave === undefined &&
        !(await deps.events?.wants('venda.criada', saleScope(resolved)));
      created = oneStatement
        ? await insertOnce(deps.db, user, resolved, recipient, at, ip, qr)
        : await transaction(deps.db, (trx) =>
            insertIn(trx, deps.dialect, user, body, recipient, at, ip, qr, deps.events, resolved, cpf),
          );
    } else {
      // Kysely's transaction, run by the group-commit driver itself on SQLite (decision 036).
      created = await transaction(deps.db, (trx) =>
        insertIn(trx, deps.dialect, user, body, recipient, at, ip, qr, deps.events, undefined, cpf),
      );
    }
  } catch (err) {
    if (isDuplicateNumber(err)) throw new HttpError(409, MSG_VENDA.numeroDuplicado);
    throw err;
  }
  if (created.codigo !== undefined) {
    return {
      qr: true,
      resposta: { id_venda: created.id_venda, codigo: created.codigo, expira_em: created.expira_em },
    };
  }
  return { qr: false, resposta: created.resposta };
}

/** What a new sale's transaction answers: the written sale, or a pending sale's code. */
type Written =
  { resposta: VendaCriada; codigo?: undefined } | { codigo: string; id_venda: number; expira_em: string };

type Resolved = Awaited<ReturnType<typeof resolve>>;

/**
 * A new sale's values, checked: also refused into an ended campaign. A freeze of the campaign
 * refuses nothing (issue 49): the sale's coupons are numbered above the frozen file's
 * `maior_numero`, so they join the campaign's next apuração, whatever the sale's date.
 */
async function resolveNew(
  db: Kysely<Database>,
  user: AuthUser,
  body: VendaInput,
  recipient: number | null,
): Promise<Resolved> {
  const resolved = await resolve(db, user, body, recipient);
  if (resolved.encerrada) throw new HttpError(409, MSG_VENDA.campanhaEncerrada);
  return resolved;
}

const hasLimits = (l: Limits): boolean =>
  l.vendasDiaLoja !== null || l.cuponsMes !== null || l.valorDiaCentavos !== null;

/**
 * PostgreSQL, a new sale of a campaign without limits (or a pending one): its writes in one
 * statement, `registrar_vendas` (with the sales of the campaign that wait with it), which
 * commits as it ends (decision 044). The same rows, audit entry and answer as `insertIn`.
 */
async function insertOnce(
  db: Kysely<Database>,
  user: AuthUser,
  resolved: Resolved,
  recipient: number | null,
  at: string,
  ip: string,
  qr: { secret: string; ttlHours: number } | null,
): Promise<Written> {
  const { values } = resolved;
  const hand = handOver(qr, values, at);
  // The function appends the numbers it issues inside the last, empty array.
  const depois = JSON.stringify({
    ...snapshot(values),
    pendente: recipient === null,
    qr_expira_em: hand?.expira_em ?? null,
    cupons_emitidos: [],
  });
  const w = await repo.insertSaleOnce(db, {
    ...values,
    qr_token_hash: hand ? sha256Hex(hand.token) : null,
    qr_expira_em: hand?.expira_em ?? null,
    criado_por: user.id,
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

/** A pending (QR) sale's claim token and its expiry; null for a sale with a recipient. */
function handOver(
  qr: { secret: string; ttlHours: number } | null,
  values: repo.SaleValues,
  at: string,
): { secret: string; token: string; expira_em: string } | null {
  if (!qr) return null;
  const expira_em = new Date(Date.parse(at) + qr.ttlHours * 3_600_000).toISOString();
  return { secret: qr.secret, token: claimToken(qr.secret, { ...values, expira_em }), expira_em };
}

/** What a new sale answers: the sale as written, or a pending sale's hand-over code. */
function writtenOrCode(
  resolved: Resolved,
  id_venda: number,
  ledger: coupons.LedgerResult | null,
  at: string,
  hand: { secret: string; expira_em: string } | null,
): Written {
  const { values, den_campanha, nome_estabelecimento, shown } = resolved;
  if (!hand) {
    return {
      resposta: writtenAnswer({ id_venda, values, den_campanha, nome_estabelecimento, shown }, ledger, at),
    };
  }
  const codigo = handOverCode(hand.secret, {
    ...values,
    id_venda,
    den_campanha,
    nome_estabelecimento,
    expira_em: hand.expira_em,
  });
  return { id_venda, codigo, expira_em: hand.expira_em };
}

/** Writes a new sale and its ledger moves inside the caller's transaction (`create`'s body). */
async function insertIn(
  trx: Kysely<Database>,
  dialect: Dialect,
  user: AuthUser,
  body: VendaInput,
  recipient: number | null,
  at: string,
  ip: string,
  qr: { secret: string; ttlHours: number } | null,
  events?: WebhookEvents,
  checked?: Resolved,
  cpf: PendingCpf | null = null,
): Promise<Written> {
  const resolved = checked ?? (await resolveNew(trx, user, body, recipient));
  const { values } = resolved;
  const person = withRecipient(values);
  if (person) await checkDayLimits(trx, dialect, person, resolved.limits, 0);
  if (cpf) await checkCpfDayLimits(trx, dialect, values, cpf.busca, resolved.limits);
  const hand = handOver(qr, values, at);
  const id_venda = await repo.insertSale(trx, {
    ...values,
    qr_token_hash: hand ? sha256Hex(hand.token) : null,
    qr_expira_em: hand?.expira_em ?? null,
    criado_por: user.id,
    at,
  });
  if (cpf) await repo.markPendingCpf(trx, id_venda, cpf.busca, cpf.mascara);
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
    depois: {
      ...snapshot(values),
      pendente: recipient === null,
      qr_expira_em: hand?.expira_em ?? null,
      ...(cpf ? { pendente_cpf: true, cpf: cpf.mascara } : {}),
      cupons_emitidos: ledger?.numeros ?? [],
    },
    ip,
    id_chave: user.chave?.id,
  });
  await events?.emit(trx, 'venda.criada', saleScope(resolved), {
    id_venda,
    ...saleEvent(values),
    pendente: recipient === null,
    cupons_emitidos: ledger?.numeros ?? [],
  });
  const written = writtenOrCode(resolved, id_venda, ledger, at, hand);
  if (cpf && written.codigo === undefined)
    written.resposta.venda = {
      ...written.resposta.venda,
      pendente: true,
      pendente_cpf: true,
      cpf: cpf.mascara,
    };
  return written;
}

/**
 * Issue 40: the day limits of a sale waiting for a CPF, counted per CPF over the sales waiting
 * for it (as a person's over their sales), under a lock on the CPF in the campaign.
 */
async function checkCpfDayLimits(
  trx: Kysely<Database>,
  dialect: Dialect,
  v: repo.SaleValues,
  cpfBusca: string,
  limits: Limits,
): Promise<void> {
  if (limits.vendasDiaLoja === null && limits.valorDiaCentavos === null) return;
  await repo.lockCpfInCampaign(trx, dialect, v.id_campanha, cpfBusca);
  const day = await repo.cpfDayTotals(trx, {
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

/**
 * Registers a sale for `body.id_usuario` inside the caller's transaction, as `create` does
 * (an admin accepting a resident's complaint, modules/contestacoes). A duplicate number
 * throws the driver's error: `isDuplicateNumber` tells it once the transaction is over.
 */
export async function registerIn(
  trx: Kysely<Database>,
  dialect: Dialect,
  user: AuthUser,
  body: VendaInput,
  ip: string,
  events?: WebhookEvents,
): Promise<VendaCriada> {
  const recipient = recipientOf({ ...body, qrcode: false }, true);
  // No window back: a complaint is decided days after the purchase; the campaign's other rules apply.
  checkDay(body.dat_venda, null);
  const written = await insertIn(trx, dialect, user, body, recipient, nowIso(), ip, null, events);
  if (written.codigo !== undefined) throw new Error('venda pendente inesperada');
  return written.resposta;
}

/**
 * A pending sale's hand-over code again, for who runs its shop (the edit dialog shows it): the
 * same code as when it was registered, until it is claimed (409) or expires (410). A sale of
 * another shop is 404, as `getOne`; one with a recipient has no code (409).
 */
export async function handOverAgain(
  deps: SalesDeps,
  user: AuthUser,
  idEstabelecimento: number,
  idVenda: number,
): Promise<VendaQrResposta> {
  const shop = await establishments.shopToRun(deps.db, user, idEstabelecimento);
  const sale = await repo.findHandOver(deps.db, idVenda);
  if (!sale || sale.excluida_em !== null || sale.id_estabelecimento !== shop.id_estabelecimento) {
    throw new HttpError(404, MSG_VENDA.vendaNaoEncontrada);
  }
  if (sale.reivindicada_em !== null) throw new HttpError(409, MSG_VENDA.codigoJaUsado);
  const expira_em = sale.qr_expira_em;
  if (sale.id_usuario !== null || sale.qr_token_hash === null || expira_em === null) {
    throw new HttpError(409, MSG_VENDA.naoPendente);
  }
  if (expira_em <= nowIso()) throw new HttpError(410, MSG_VENDA.codigoExpirado);
  const secret = await deps.qrSecret();
  // A code made with a random token (before issue 35) or under another QR_SECRET.
  if (sha256Hex(claimToken(secret, { ...sale, expira_em })) !== sale.qr_token_hash) {
    throw new HttpError(409, MSG_VENDA.qrIndisponivel);
  }
  return { id_venda: sale.id_venda, codigo: handOverCode(secret, { ...sale, expira_em }), expira_em };
}

/**
 * A new sale's answer from what its transaction wrote, as reading the sale and the consumer's
 * coupons back would show it (test 'answers a new sale exactly as it is stored').
 */
function writtenAnswer(
  sale: { id_venda: number } & Pick<
    Awaited<ReturnType<typeof resolve>>,
    'values' | 'den_campanha' | 'nome_estabelecimento' | 'shown'
  >,
  ledger: coupons.LedgerResult | null,
  at: string,
): VendaCriada {
  const { id_venda, values, den_campanha, nome_estabelecimento, shown } = sale;
  const emitidos = ledger?.emitidos ?? [];
  const venda = presentSale(
    {
      id_venda,
      id_campanha: values.id_campanha,
      den_campanha,
      id_estabelecimento: values.id_estabelecimento,
      nome_estabelecimento,
      id_usuario: values.id_usuario,
      nome_usuario: shown.nome_usuario,
      dat_venda: values.dat_venda,
      numero_venda: values.numero_venda,
      valor_centavos: values.valor_centavos,
      id_vendedor: values.id_vendedor,
      nome_vendedor: shown.nomeVendedor,
      pontos_e6: values.pontos_e6,
      cashback_e6: values.cashback_e6,
      cpf_mascara: null,
    },
    emitidos.length,
  );
  const cupons = emitidos.map((id_cupom, i) =>
    coupons.presentCoupon({
      id_cupom,
      numero: ledger!.numeros[i]!,
      dat_emissao: at,
      id_campanha: values.id_campanha,
      den_campanha,
      banner: shown.banner,
      id_estabelecimento: values.id_estabelecimento,
      nom_estabecimento: nome_estabelecimento,
      url_logo: shown.url_logo,
    }),
  );
  const pontos =
    values.id_usuario === null
      ? 0
      : (ledger?.saldos.get(
          coupons.balanceKey({ id_usuario: values.id_usuario, id_campanha: values.id_campanha }),
        ) ?? 0);
  return { venda, cupons, saldo: coupons.saldoOf(pontos) };
}

/** The recipient's progress toward the next coupon in the sale's campaign. */
async function recipientSaldo(db: Kysely<Database>, venda: Venda): Promise<number> {
  if (venda.id_usuario <= 0) return 0;
  const pontos = await coupons.balanceOf(db, {
    id_usuario: venda.id_usuario,
    id_campanha: venda.id_campanha,
  });
  return coupons.saldoOf(pontos);
}

/**
 * The stored sale, locked, that the caller may change: 404, 403, or 409 when a coupon was drawn
 * or is in an apuração's frozen ticket file (issue 49: whatever the sale's date). `evenFrozen`
 * lets a frozen sale through (an accepted 'não reconheço', see `removeIn`).
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
  if (!evenFrozen && (await repo.hasFrozenCoupon(trx, idVenda))) {
    throw new HttpError(409, MSG_VENDA.bilhetesCongelados);
  }
  return { ...old, cod_cidade: shop.cod_cidade };
}

const storedValues = (s: repo.SaleRow): repo.SaleValues => ({
  id_campanha: s.id_campanha,
  id_estabelecimento: s.id_estabelecimento,
  id_usuario: s.id_usuario,
  id_vendedor: s.id_vendedor,
  dat_venda: s.dat_venda,
  numero_venda: s.numero_venda,
  valor_centavos: s.valor_centavos,
  pontos_e6: Number(s.pontos_e6),
  cashback_e6: Number(s.cashback_e6),
});

/**
 * Changes a sale (value, recipient, campaign, shop, seller, date, number) and re-derives the
 * ledger: the old points leave the old consumer and campaign, the new ones arrive, and each
 * balance issues or voids coupons. A pending sale edited with a recipient is simply given to
 * that person (its code can no longer be claimed).
 */
export async function update(
  deps: SalesDeps,
  user: AuthUser,
  idVenda: number,
  body: VendaInput,
  ip: string,
): Promise<Venda> {
  const recipient = recipientOf(body, false);
  const at = nowIso();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const old = await saleToChange(trx, deps.dialect, user, idVenda);
      // The date window applies to a new date; a sale keeps the date it was registered with.
      checkDay(body.dat_venda, body.dat_venda === old.dat_venda ? null : deps.retroDays);
      const { values, encerrada, limits } = await resolve(trx, user, body, recipient);
      if (encerrada && values.id_campanha !== old.id_campanha) {
        throw new HttpError(409, MSG_VENDA.campanhaEncerrada);
      }
      const person = withRecipient(values);
      if (person) await checkDayLimits(trx, deps.dialect, person, limits, idVenda);
      await repo.updateSale(trx, idVenda, values, at);
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
    });
  } catch (err) {
    if (isDuplicateNumber(err)) throw new HttpError(409, MSG_VENDA.numeroDuplicado);
    throw err;
  }
  return view(deps.db, idVenda);
}

/** Deletes a sale: it stays as a record, its points leave the balance, coupons are voided. */
export async function remove(deps: SalesDeps, user: AuthUser, idVenda: number, ip: string): Promise<void> {
  await deps.db.transaction().execute((trx) => removeIn(trx, deps.dialect, user, idVenda, ip, deps.events));
}

/**
 * `remove` inside the caller's transaction: also how an admin's accepted 'não reconheço'
 * voids a sale (modules/contestacoes), under the same rules (404, 403, 409 when drawn). That
 * one passes `evenFrozen`: a sale the resident never made is voided even when its coupons are
 * in an apuração's frozen ticket file (issue 49). Its points leave the balance and its coupons
 * are voided; the file, and `apuracao_fora`, are left as they are: nothing leaves a frozen file.
 */
export async function removeIn(
  trx: Kysely<Database>,
  dialect: Dialect,
  user: AuthUser,
  idVenda: number,
  ip: string,
  events?: WebhookEvents,
  evenFrozen = false,
): Promise<void> {
  const at = nowIso();
  const old = await saleToChange(trx, dialect, user, idVenda, evenFrozen);
  await repo.softDeleteSale(trx, idVenda, at);
  const ledger =
    old.id_usuario === null
      ? null
      : await coupons.applyMoves(
          trx,
          [{ id_usuario: old.id_usuario, id_campanha: old.id_campanha, delta_e6: -Number(old.pontos_e6) }],
          { id_venda: idVenda, id_estabelecimento: old.id_estabelecimento },
          at,
        );
  await recordAudit(trx, {
    id_usuario: user.id,
    acao: 'excluir',
    entidade: 'venda',
    id_entidade: idVenda,
    antes: { ...snapshot(storedValues(old)), pendente: old.id_usuario === null },
    depois: { excluida_em: at, cupons_anulados: ledger?.anulados ?? [] },
    ip,
    id_chave: user.chave?.id,
  });
  await events?.emit(
    trx,
    'venda.estornada',
    { cod_cidade: old.cod_cidade, id_estabelecimento: old.id_estabelecimento },
    {
      id_venda: idVenda,
      ...saleEvent(storedValues(old)),
      cupons_anulados: ledger?.anulados ?? [],
      estornada_em: at,
    },
  );
}

/**
 * A logged-in consumer claims a pending sale with its hand-over code: a forged, edited or
 * unknown code is 400, a claimed one 409, an expired one 410. The sale's lock (PostgreSQL) or
 * the single writer (SQLite), plus the conditional update, let exactly one claim win.
 * The claimer becomes the recipient under the rules of a sale to them (issue 37): not the
 * sale's author nor a person of its shop (403), not into an ended campaign, within the
 * campaign's limits (409, counted under the same person lock as sales). A refused
 * claim writes nothing: the sale stays pending for someone else until it expires.
 */
export async function claim(
  deps: SalesDeps,
  user: AuthUser,
  codigo: string,
  ip: string,
): Promise<ResgateResposta> {
  const parsed = ConteudoQrAssinado.safeParse(verifyCode(await deps.qrSecret(), codigo));
  if (!parsed.success) throw new HttpError(400, MSG_VENDA.codigoInvalido);
  const content = parsed.data;
  const tokenHash = sha256Hex(content.token);
  const at = nowIso();
  const emitidos = await deps.db.transaction().execute(async (trx) => {
    const sale = await repo.lockSale(trx, deps.dialect, content.id_venda);
    if (!sale || sale.excluida_em !== null) throw new HttpError(400, MSG_VENDA.codigoInvalido);
    if (sale.id_usuario !== null) throw new HttpError(409, MSG_VENDA.codigoJaUsado);
    if (sale.qr_token_hash !== tokenHash) throw new HttpError(400, MSG_VENDA.codigoInvalido);
    if (!sale.qr_expira_em || sale.qr_expira_em <= at) throw new HttpError(410, MSG_VENDA.codigoExpirado);
    const ctx = await repo.findSaleContext(trx, sale.id_estabelecimento, sale.id_campanha, user.id);
    // A shop with sales in a campaign cannot leave it, so this holds for any stored sale.
    if (!ctx || ctx.validade_fim === null) throw new HttpError(400, MSG_VENDA.naoParticipa);
    checkNotSelfDealing(user.id, sale.criado_por, ctx.destinatario_da_loja !== null);
    if (hasEnded(ctx.validade_fim)) throw new HttpError(409, MSG_VENDA.campanhaEncerrada);
    const person = { ...storedValues(sale), id_usuario: user.id };
    const limits = limitsOf(ctx);
    await checkDayLimits(trx, deps.dialect, person, limits, sale.id_venda);
    if (!(await repo.claimSale(trx, sale.id_venda, tokenHash, user.id, at))) {
      throw new HttpError(409, MSG_VENDA.codigoJaUsado);
    }
    const ledger = await coupons.applyMoves(
      trx,
      [{ id_usuario: user.id, id_campanha: sale.id_campanha, delta_e6: Number(sale.pontos_e6) }],
      { id_venda: sale.id_venda, id_estabelecimento: sale.id_estabelecimento },
      at,
    );
    await checkCouponLimit(trx, person, limits, ledger.emitidos.length);
    await recordAudit(trx, {
      id_usuario: user.id,
      acao: 'resgatar',
      entidade: 'venda',
      id_entidade: sale.id_venda,
      antes: { pendente: true },
      depois: { id_usuario: user.id, cupons_emitidos: ledger.numeros },
      ip,
    });
    return ledger.emitidos;
  });
  const venda = await view(deps.db, content.id_venda);
  return {
    id_venda: venda.id_venda,
    den_campanha: venda.den_campanha,
    nomeestabelecimento: venda.nome_estabelecimento,
    valor_venda: venda.valor_venda,
    pontos: venda.pontos,
    cupons: await coupons.couponsById(deps.db, emitidos),
    saldo: await recipientSaldo(deps.db, venda),
  };
}

/** What crediting a CPF's waiting sales did (issue 40). */
export interface CpfCredit {
  creditadas: number;
  cupons: number;
  /** Sales that could not be credited: their campaign ended, or a rule of the sale refused it. */
  expiradas: number;
}

/**
 * Issue 40: a person confirmed a CPF (at sign-up or in the profile): every sale waiting for it
 * is credited to them, each in its own transaction under the rules of a claim (not the
 * sale's author nor a person of its shop, not into an ended campaign, within the campaign's
 * limits); one that breaks a rule lapses. The conditional update credits
 * a sale once, whoever races for it.
 */
async function creditPendingByCpf(
  deps: Pick<SalesDeps, 'db' | 'dialect'>,
  idUsuario: number,
  cpfBusca: string,
  ip: string,
): Promise<CpfCredit> {
  const result: CpfCredit = { creditadas: 0, cupons: 0, expiradas: 0 };
  for (const { id_venda } of await repo.pendingOfCpf(deps.db, cpfBusca)) {
    const at = nowIso();
    try {
      const issued = await deps.db.transaction().execute(async (trx) => {
        const sale = await repo.lockSale(trx, deps.dialect, id_venda);
        if (!sale || sale.excluida_em !== null || sale.id_usuario !== null) return null;
        const ctx = await repo.findSaleContext(trx, sale.id_estabelecimento, sale.id_campanha, idUsuario);
        if (!ctx || ctx.validade_fim === null) throw new HttpError(400, MSG_VENDA.naoParticipa);
        checkNotSelfDealing(idUsuario, sale.criado_por, ctx.destinatario_da_loja !== null);
        if (hasEnded(ctx.validade_fim)) throw new HttpError(409, MSG_VENDA.campanhaEncerrada);
        const person = { ...storedValues(sale), id_usuario: idUsuario };
        const limits = limitsOf(ctx);
        await checkDayLimits(trx, deps.dialect, person, limits, sale.id_venda);
        if (!(await repo.creditSale(trx, sale.id_venda, cpfBusca, idUsuario, at))) return null;
        const ledger = await coupons.applyMoves(
          trx,
          [{ id_usuario: idUsuario, id_campanha: sale.id_campanha, delta_e6: Number(sale.pontos_e6) }],
          { id_venda: sale.id_venda, id_estabelecimento: sale.id_estabelecimento },
          at,
        );
        await checkCouponLimit(trx, person, limits, ledger.emitidos.length);
        await recordAudit(trx, {
          id_usuario: idUsuario,
          acao: 'creditar_cpf',
          entidade: 'venda',
          id_entidade: sale.id_venda,
          antes: { pendente: true },
          depois: { id_usuario: idUsuario, cupons_emitidos: ledger.numeros },
          ip,
        });
        return ledger.emitidos.length;
      });
      if (issued !== null) {
        result.creditadas += 1;
        result.cupons += issued;
      }
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      // A rule refused it: the sale waits no more (its campaign ended, a limit was reached…).
      await repo.lapseSale(deps.db, id_venda, at);
      result.expiradas += 1;
    }
  }
  return result;
}

/** Issue 40: credits a CPF's waiting sales (`creditPendingByCpf`) and tells the person. */
export async function creditAndTell(
  deps: Pick<SalesDeps, 'db' | 'dialect'>,
  idUsuario: number,
  cpfBusca: string,
  ip: string,
): Promise<CpfCredit> {
  const r = await creditPendingByCpf(deps, idUsuario, cpfBusca, ip);
  if (r.creditadas + r.expiradas > 0)
    await notifyPerson(deps.db, idUsuario, { title: TITULO_COMPRAS_DO_CPF, body: textoComprasDoCpf(r) });
  return r;
}
