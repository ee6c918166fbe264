import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import { $, prepared } from '../../db/prepared.js';
import { namedOnServer } from '../../db/pg-named.js';
import type { Database } from '../../db/types.js';

/** A sale with the names the sales screen shows. */
export function saleView(db: Kysely<Database>) {
  return db
    .selectFrom('vendas as v')
    .innerJoin('campanhas as c', 'c.id_campanha', 'v.id_campanha')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'v.id_estabelecimento')
    .leftJoin('usuarios as u', 'u.id_usuario', 'v.id_usuario')
    .leftJoin('vendedores as s', 's.id_vendedor', 'v.id_vendedor');
}

export const viewColumns = [
  'v.id_venda',
  'v.id_campanha',
  'c.den_campanha',
  'v.id_estabelecimento',
  'e.nome as nome_estabelecimento',
  'v.id_usuario',
  'u.nome as nome_usuario',
  'v.dat_venda',
  'v.numero_venda',
  'v.valor_centavos',
  'v.id_vendedor',
  's.nome_vendedor',
  'v.pontos_e6',
  'v.cashback_e6',
  'v.cpf_mascara',
] as const;

/** What a sale's hand-over code is made of, and whether it still waits for its claim. */
export function findHandOver(db: Kysely<Database>, idVenda: number) {
  return db
    .selectFrom('vendas as v')
    .innerJoin('campanhas as c', 'c.id_campanha', 'v.id_campanha')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'v.id_estabelecimento')
    .select([
      'v.id_venda',
      'v.id_campanha',
      'c.den_campanha',
      'v.id_estabelecimento',
      'e.nome as nome_estabelecimento',
      'v.numero_venda',
      'v.valor_centavos',
      'v.id_vendedor',
      'v.id_usuario',
      'v.qr_token_hash',
      'v.qr_expira_em',
      'v.reivindicada_em',
      'v.excluida_em',
    ])
    .where('v.id_venda', '=', idVenda)
    .executeTakeFirst();
}

/** A live sale as the screens show it. */
export function findSaleView(db: Kysely<Database>, idVenda: number) {
  return saleView(db)
    .select(viewColumns)
    .where('v.id_venda', '=', idVenda)
    .where('v.excluida_em', 'is', null)
    .executeTakeFirst();
}

export type SaleViewRow = NonNullable<Awaited<ReturnType<typeof findSaleView>>>;

/**
 * What a new or edited sale is checked against, in one statement (decision 036): the shop (the
 * columns of `findShopBrief`), its participation in the campaign with the campaign's dates and
 * factors (null columns when it takes no part), and the recipient's name when the recipient is
 * a user not removed (null otherwise, and for no recipient).
 */
const saleContext = prepared((db) =>
  db
    .selectFrom('estabelecimentos as e')
    .leftJoin('campanha_estabelecimentos as ce', (j) =>
      j.onRef('ce.id_estabelecimento', '=', 'e.id_estabelecimento').on('ce.id_campanha', '=', $(1)),
    )
    .leftJoin('campanhas as c', 'c.id_campanha', 'ce.id_campanha')
    .select((eb) => [
      'e.id_estabelecimento',
      'e.nome',
      'e.cod_cidade',
      'e.ind_ativo',
      'e.url_logo',
      'c.id_campanha',
      'c.den_campanha',
      'c.banner',
      'c.validade_ini',
      'c.validade_fim',
      'c.limite_vendas_dia_loja',
      'c.limite_cupons_mes',
      'c.limite_valor_dia_centavos',
      'ce.fator_cashback_e4',
      'ce.fator_sorteio_e4',
      eb
        .selectFrom('usuarios as u')
        .select('u.nome')
        .where('u.id_usuario', '=', $(2))
        .where('u.removido_em', 'is', null)
        .as('nome_destinatario'),
      // The recipient when linked to the shop (self-dealing, issue 37), else null.
      eb
        .selectFrom('usuario_estabelecimentos as ue')
        .select('ue.id_usuario')
        .where('ue.id_usuario', '=', $(2))
        .whereRef('ue.id_estabelecimento', '=', 'e.id_estabelecimento')
        .as('destinatario_da_loja'),
    ])
    .where('e.id_estabelecimento', '=', $(0)),
);

export async function findSaleContext(
  db: Kysely<Database>,
  idEstabelecimento: number,
  idCampanha: number,
  idDestinatario: number | null,
) {
  const [row] = await saleContext.run(db, [idEstabelecimento, idCampanha, idDestinatario]);
  return row;
}

/**
 * Serialises, until the transaction ends, the sales of one person in one campaign on
 * PostgreSQL (the campaign limits count them). SQLite runs one write transaction at a time and
 * needs none. Taken before the ledger's locks, so the lock order of decision 005 still holds.
 */
export async function lockPersonInCampaign(
  trx: Kysely<Database>,
  dialect: Dialect,
  idCampanha: number,
  idUsuario: number,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock((${idCampanha}::bigint << 32) | ${idUsuario}::bigint)`.execute(trx);
}

/**
 * A person's live sales in a campaign on one day, other than `exceptVenda`: how many at the
 * shop, and their value in cents at every shop. Prepared, as every query of the sale path
 * (decision 036): built by Kysely on each sale it cost more than it takes to run.
 */
const dayTotalsQuery = prepared((db) =>
  db
    .selectFrom('vendas')
    .select((eb) => [
      eb.fn.count<number>(eb.case().when('id_estabelecimento', '=', $(0)).then(1).end()).as('vendas_loja'),
      eb.fn.coalesce(eb.fn.sum<number>('valor_centavos'), eb.lit(0)).as('valor'),
    ])
    .where('id_usuario', '=', $(1))
    .where('dat_venda', '=', $(2))
    .where('id_campanha', '=', $(3))
    .where('excluida_em', 'is', null)
    .where('id_venda', '<>', $(4)),
);

export async function dayTotals(
  trx: Kysely<Database>,
  k: { idCampanha: number; idUsuario: number; idEstabelecimento: number; dia: string; exceptVenda: number },
): Promise<{ vendasLoja: number; valorCentavos: number }> {
  const [row] = await dayTotalsQuery.run(trx, [
    k.idEstabelecimento,
    k.idUsuario,
    k.dia,
    k.idCampanha,
    k.exceptVenda,
  ]);
  return { vendasLoja: Number(row?.vendas_loja ?? 0), valorCentavos: Number(row?.valor ?? 0) };
}

/** A person's live coupons of a campaign issued by sales dated in [from, to] (prepared too). */
const couponsInPeriodQuery = prepared((db) =>
  db
    .selectFrom('cupons as k')
    .innerJoin('vendas as v', 'v.id_venda', 'k.id_venda')
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

export interface SalesFilter {
  idEstabelecimento: number;
  /** One campaign, or every campaign whose validity touches [from, to]. */
  idCampanha?: number;
  year?: { from: string; to: string };
  /** Part of the sale number (lower case) or of the folded recipient name, as LIKE patterns. */
  numeroLike?: string;
  nomeLike?: string;
}

export function filtered(db: Kysely<Database>, f: SalesFilter) {
  let q = saleView(db)
    .where('v.id_estabelecimento', '=', f.idEstabelecimento)
    .where('v.excluida_em', 'is', null);
  if (f.idCampanha !== undefined) q = q.where('v.id_campanha', '=', f.idCampanha);
  if (f.year) q = q.where('c.validade_ini', '<=', f.year.to).where('c.validade_fim', '>=', f.year.from);
  const { numeroLike, nomeLike } = f;
  if (numeroLike !== undefined && nomeLike !== undefined) {
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(v.numero_venda)`, 'like', sql<string>`${numeroLike} escape '\\'`),
        eb(sql<string>`u.nome_busca`, 'like', sql<string>`${nomeLike} escape '\\'`),
      ]),
    );
  }
  return q;
}

/**
 * The same rows as `filtered`, for counting: only the joins the filter needs (SQLite does not
 * drop unused LEFT JOINs, and a big shop's count would look up every sale's names).
 */
export function counted(db: Kysely<Database>, f: SalesFilter) {
  let q = db
    .selectFrom('vendas as v')
    .innerJoin('campanhas as c', 'c.id_campanha', 'v.id_campanha')
    .where('v.id_estabelecimento', '=', f.idEstabelecimento)
    .where('v.excluida_em', 'is', null);
  if (f.idCampanha !== undefined) q = q.where('v.id_campanha', '=', f.idCampanha);
  if (f.year) q = q.where('c.validade_ini', '<=', f.year.to).where('c.validade_fim', '>=', f.year.from);
  const { numeroLike, nomeLike } = f;
  if (numeroLike === undefined || nomeLike === undefined) return q;
  return q
    .leftJoin('usuarios as u', 'u.id_usuario', 'v.id_usuario')
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(v.numero_venda)`, 'like', sql<string>`${numeroLike} escape '\\'`),
        eb(sql<string>`u.nome_busca`, 'like', sql<string>`${nomeLike} escape '\\'`),
      ]),
    );
}

/** A shop's live sales, newest first, one page, and how many there are in all. */
export async function listSales(
  db: Kysely<Database>,
  f: SalesFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: SaleViewRow[]; total: number }> {
  const { total } = await counted(db, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .select(viewColumns)
    .orderBy('v.dat_venda', 'desc')
    .orderBy('v.id_venda', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total) };
}

const saleColumns = [
  'id_venda',
  'id_campanha',
  'id_estabelecimento',
  'id_usuario',
  'id_vendedor',
  'dat_venda',
  'numero_venda',
  'valor_centavos',
  'pontos_e6',
  'cashback_e6',
  'qr_token_hash',
  'qr_expira_em',
  'reivindicada_em',
  'excluida_em',
  'criado_por',
] as const;

/**
 * The stored sale, locked for the rest of the transaction: on PostgreSQL with `FOR UPDATE`,
 * so two edits (or two claims) of one sale run one after the other and each sees what the
 * other wrote. SQLite has no FOR UPDATE and needs none: its one write transaction at a time
 * (one connection, serialised by Kysely) already gives that.
 */
export function lockSale(trx: Kysely<Database>, dialect: Dialect, idVenda: number) {
  const q = trx.selectFrom('vendas').select(saleColumns).where('id_venda', '=', idVenda);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

export type SaleRow = NonNullable<Awaited<ReturnType<typeof lockSale>>>;

export interface SaleValues {
  id_campanha: number;
  id_estabelecimento: number;
  id_usuario: number | null;
  id_vendedor: number | null;
  dat_venda: string;
  numero_venda: string;
  valor_centavos: number;
  pontos_e6: number;
  cashback_e6: number;
}

export async function insertSale(
  trx: Kysely<Database>,
  v: SaleValues & {
    qr_token_hash: string | null;
    qr_expira_em: string | null;
    criado_por: number;
    at: string;
  },
): Promise<number> {
  const [row] = await newSale.run(trx, [
    v.id_campanha,
    v.id_estabelecimento,
    v.id_usuario,
    v.id_vendedor,
    v.dat_venda,
    v.numero_venda,
    v.valor_centavos,
    v.pontos_e6,
    v.cashback_e6,
    v.qr_token_hash,
    v.qr_expira_em,
    v.criado_por,
    v.at,
  ]);
  if (!row) throw new Error('venda não gravada');
  return row.id_venda;
}

const newSale = prepared((db) =>
  db
    .insertInto('vendas')
    .values({
      id_campanha: $(0),
      id_estabelecimento: $(1),
      id_usuario: $(2),
      id_vendedor: $(3),
      dat_venda: $(4),
      numero_venda: $(5),
      valor_centavos: $(6),
      pontos_e6: $(7),
      cashback_e6: $(8),
      qr_token_hash: $(9),
      qr_expira_em: $(10),
      criado_por: $(11),
      criado_em: $(12),
      atualizado_em: $(12),
    })
    .returning('id_venda'),
);

export async function updateSale(trx: Kysely<Database>, idVenda: number, v: SaleValues, at: string) {
  await trx
    .updateTable('vendas')
    .set({ ...v, atualizado_em: at })
    .where('id_venda', '=', idVenda)
    .execute();
}

export async function softDeleteSale(trx: Kysely<Database>, idVenda: number, at: string): Promise<void> {
  await trx
    .updateTable('vendas')
    .set({ excluida_em: at, atualizado_em: at })
    .where('id_venda', '=', idVenda)
    .execute();
}

/**
 * Gives a pending sale to the consumer who presents its claim token. Conditional, so of two
 * claims only one can ever succeed, whatever the isolation (answers whether this one did).
 */
/** Issue 40: a new sale waits for the account of a CPF (its lookup value and masked form). */
export async function markPendingCpf(trx: Kysely<Database>, idVenda: number, busca: string, mascara: string) {
  await trx
    .updateTable('vendas')
    .set({ cpf_busca: busca, cpf_mascara: mascara })
    .where('id_venda', '=', idVenda)
    .execute();
}

/** Issue 40: as `lockPersonInCampaign`, for the sales waiting for one CPF. */
export async function lockCpfInCampaign(
  trx: Kysely<Database>,
  dialect: Dialect,
  idCampanha: number,
  cpfBusca: string,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${idCampanha}::int, hashtext(${cpfBusca}))`.execute(trx);
}

/** Issue 40: the live sales waiting for one CPF in a campaign on one day (as `dayTotals`). */
export async function cpfDayTotals(
  trx: Kysely<Database>,
  k: { idCampanha: number; cpfBusca: string; idEstabelecimento: number; dia: string },
): Promise<{ vendasLoja: number; valorCentavos: number }> {
  const row = await trx
    .selectFrom('vendas')
    .select((eb) => [
      eb.fn
        .count<number>(eb.case().when('id_estabelecimento', '=', k.idEstabelecimento).then(1).end())
        .as('vendas_loja'),
      eb.fn.coalesce(eb.fn.sum<number>('valor_centavos'), eb.lit(0)).as('valor'),
    ])
    .where('cpf_busca', '=', k.cpfBusca)
    .where('id_campanha', '=', k.idCampanha)
    .where('dat_venda', '=', k.dia)
    .where('id_usuario', 'is', null)
    .where('excluida_em', 'is', null)
    .executeTakeFirst();
  return { vendasLoja: Number(row?.vendas_loja ?? 0), valorCentavos: Number(row?.valor ?? 0) };
}

/** Issue 40: the live sales still waiting for a CPF, oldest first. */
export const pendingOfCpf = (db: Kysely<Database>, cpfBusca: string) =>
  db
    .selectFrom('vendas')
    .select('id_venda')
    .where('cpf_busca', '=', cpfBusca)
    .where('id_usuario', 'is', null)
    .where('excluida_em', 'is', null)
    .orderBy('id_venda')
    .execute();

/** Issue 40: a CPF's account takes a sale that waited for it (once: still without recipient). */
export async function creditSale(
  trx: Kysely<Database>,
  idVenda: number,
  cpfBusca: string,
  idUsuario: number,
  at: string,
): Promise<boolean> {
  const r = await trx
    .updateTable('vendas')
    .set({ id_usuario: idUsuario, cpf_busca: null, reivindicada_em: at, atualizado_em: at })
    .where('id_venda', '=', idVenda)
    .where('id_usuario', 'is', null)
    .where('excluida_em', 'is', null)
    .where('cpf_busca', '=', cpfBusca)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Issue 40: a sale that waited for a CPF lapses (its campaign ended first): it waits no more. */
export async function lapseSale(trx: Kysely<Database>, idVenda: number, at: string): Promise<void> {
  await trx
    .updateTable('vendas')
    .set({ cpf_busca: null, atualizado_em: at })
    .where('id_venda', '=', idVenda)
    .execute();
}

export async function claimSale(
  trx: Kysely<Database>,
  idVenda: number,
  tokenHash: string,
  idUsuario: number,
  at: string,
): Promise<boolean> {
  const r = await trx
    .updateTable('vendas')
    .set({ id_usuario: idUsuario, reivindicada_em: at, atualizado_em: at })
    .where('id_venda', '=', idVenda)
    .where('id_usuario', 'is', null)
    .where('excluida_em', 'is', null)
    .where('qr_token_hash', '=', tokenHash)
    .where('qr_expira_em', '>', at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** What `registrar_vendas` (PostgreSQL, migration venda-numa-ida) answers for one sale. */
export interface SaleWrittenOnce {
  id_venda: number;
  /** The recipient's balance (×10⁶) after the sale; null when the sale moved none. */
  pontos_e6: number | null;
  /** The coupons issued, by id in number order, and the first number (null when none). */
  cupons: number[];
  primeiro: number | null;
}

const FLUSHED = CompiledQuery.raw('select pg_current_xact_id()');
const REGISTER =
  'select ordem, id_venda, pontos_e6, primeiro, cupons, erro, restricao, mensagem from registrar_vendas($1)';
namedOnServer(FLUSHED.sql);
namedOnServer(REGISTER);

/** A batch holds at most this many sales (each one a subtransaction; PostgreSQL caches 64). */
const BATCH_MAX = 32;

type OnceValues = SaleValues & {
  qr_token_hash: string | null;
  qr_expira_em: string | null;
  criado_por: number;
  at: string;
  depois: string;
  ip: string;
};

interface Waiting {
  values: OnceValues;
  resolve: (w: SaleWrittenOnce) => void;
  reject: (err: unknown) => void;
}

interface CampaignQueue {
  busy: boolean;
  waiting: Waiting[];
}

interface OnceRow {
  ordem: number;
  id_venda: number | null;
  pontos_e6: string | number | null;
  primeiro: string | number | null;
  cupons: number[] | null;
  erro: string | null;
  restricao: string | null;
  mensagem: string | null;
}

const queues = new WeakMap<object, Map<number, CampaignQueue>>();

/**
 * A new sale, its balance move, coupons, audit entry and dashboard totals, written on PostgreSQL
 * by `registrar_vendas` (migration venda-numa-ida) in one statement outside any transaction: it
 * commits as it ends, so the campaign's counter and the shop's totals row are held for no round
 * trip (decision 044). Sales of one campaign that arrive while its statement runs wait and go
 * together in the next one (at most BATCH_MAX), as SQLite's group commit does: one turn of the
 * hot rows for many sales. A sale the database refuses (a duplicate number) is refused alone,
 * with the driver's error code and constraint. `depois` is the audit entry's text with
 * `"cupons_emitidos":[]` last, which the function fills.
 */
export function insertSaleOnce(db: Kysely<Database>, values: OnceValues): Promise<SaleWrittenOnce> {
  let byCampaign = queues.get(db);
  if (!byCampaign) {
    byCampaign = new Map();
    queues.set(db, byCampaign);
  }
  let q = byCampaign.get(values.id_campanha);
  if (!q) {
    q = { busy: false, waiting: [] };
    byCampaign.set(values.id_campanha, q);
  }
  const queue = q;
  return new Promise((resolve, reject) => {
    queue.waiting.push({ values, resolve, reject });
    if (!queue.busy) void drain(db, queue);
  });
}

async function drain(db: Kysely<Database>, q: CampaignQueue): Promise<void> {
  q.busy = true;
  while (q.waiting.length > 0) {
    const batch = q.waiting.splice(0, BATCH_MAX);
    let rows: OnceRow[];
    try {
      rows = await register(db, batch);
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        continue;
      }
      // The statement wrote nothing: each sale again on its own, so the one at fault is
      // refused alone (a duplicate number is answered per sale without this).
      q.waiting.unshift(...batch);
      await drainAlone(db, q, batch.length);
      continue;
    }
    // The statement committed without waiting for the disk (synchronous_commit off, so the hot
    // rows are free as soon as it ends, and the next batch goes now). A transaction of its own
    // that commits synchronously waits until the WAL is flushed up to its commit, which comes
    // after the batch's: once it returns, the batch is durable and may be answered.
    db.executeQuery(FLUSHED).then(
      () => settle(batch, rows),
      (err: unknown) => {
        for (const w of batch) w.reject(err);
      },
    );
  }
  q.busy = false;
}

async function register(db: Kysely<Database>, batch: Waiting[]): Promise<OnceRow[]> {
  const { rows } = await db.executeQuery<OnceRow>(
    CompiledQuery.raw(REGISTER, [JSON.stringify(batch.map((w) => w.values))]),
  );
  return rows;
}

/** The first `n` waiting sales, one statement each. */
async function drainAlone(db: Kysely<Database>, q: CampaignQueue, n: number): Promise<void> {
  for (const w of q.waiting.splice(0, n)) {
    try {
      const rows = await register(db, [w]);
      await db.executeQuery(FLUSHED);
      settle([w], rows);
    } catch (err) {
      w.reject(err);
    }
  }
}

function settle(batch: Waiting[], rows: OnceRow[]): void {
  for (const [i, w] of batch.entries()) {
    const row = rows[i];
    if (!row || row.ordem !== i + 1) {
      w.reject(new Error('venda não gravada'));
    } else if (row.erro !== null || row.id_venda === null) {
      w.reject(
        Object.assign(new Error(row.mensagem ?? 'venda não gravada'), {
          code: row.erro ?? undefined,
          constraint: row.restricao || undefined,
        }),
      );
    } else {
      w.resolve({
        id_venda: row.id_venda,
        pontos_e6: row.pontos_e6 === null ? null : Number(row.pontos_e6),
        cupons: row.cupons ?? [],
        primeiro: row.primeiro === null ? null : Number(row.primeiro),
      });
    }
  }
}
