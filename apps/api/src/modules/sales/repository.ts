import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/index.js';
import { $, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';
import { liveSale } from './live.js';
import type { Nomes } from '../users/presenter.js';

/** A sale with the names the sales screen shows. */
export function saleView(db: Kysely<Database>) {
  return db
    .selectFrom('vendas as v')
    .innerJoin('campanhas as c', 'c.id_campanha', 'v.id_campanha')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'v.id_estabelecimento')
    .leftJoin('usuarios as u', 'u.id_usuario', 'v.id_usuario')
    .leftJoin('entidades as ent', 'ent.id_usuario', 'v.id_usuario')
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
  // Issue 52: an entity's account is named by the entity, to partners too.
  'ent.nome as nome_entidade',
  'v.dat_venda',
  'v.numero_venda',
  'v.valor_centavos',
  'v.id_vendedor',
  's.nome_vendedor',
  'v.pontos_e6',
  'v.cashback_e6',
  'v.cpf_mascara',
  'v.cpf_motivo',
  'v.chave_nfce',
  'v.recibo_confirmado_em',
  // Issue 53: with no recipient, no CPF and no hand-over code, a sale names no buyer.
  'v.qr_token_hash',
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
      'v.cpf_mascara',
    ])
    .where('v.id_venda', '=', idVenda)
    .executeTakeFirst();
}

/** A live sale as the screens show it. */
export function findSaleView(db: Kysely<Database>, idVenda: number) {
  return saleView(db)
    .select(viewColumns)
    .where('v.id_venda', '=', idVenda)
    .where(liveSale('v'))
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
      // Issue 53: every sale of the campaign carries its receipt's key.
      'c.exige_nfce',
      'ce.fator_cashback_e4',
      'ce.fator_sorteio_e4',
      eb
        .selectFrom('usuarios as u')
        .select('u.nome')
        .where('u.id_usuario', '=', $(2))
        .where('u.removido_em', 'is', null)
        .as('nome_destinatario'),
      // Issue 52: the recipient's city (a sale reaches only the residents of the caller's cities).
      eb
        .selectFrom('usuarios as u')
        .select('u.cod_cidade')
        .where('u.id_usuario', '=', $(2))
        .where('u.removido_em', 'is', null)
        .as('cidade_destinatario'),
      // Issue 52: the entity whose account the recipient is, shown by its name.
      eb
        .selectFrom('entidades as ent')
        .select('ent.nome')
        .where('ent.id_usuario', '=', $(2))
        .as('entidade_destinatario'),
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
    .where(liveSale())
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

export interface SalesFilter {
  idEstabelecimento: number;
  /** One campaign, or every campaign whose validity touches [from, to]. */
  idCampanha?: number;
  year?: { from: string; to: string };
  /** Part of the sale number (lower case) or of the folded recipient name, as LIKE patterns. */
  numeroLike?: string;
  nomeLike?: string;
  /** Issue 52: how recipients are named (a partner's list and its export: masked). */
  nomes?: Nomes;
}

/**
 * The recipient's name matches. Issue 52: not, to a partner, on a sale given by CPF (its list
 * shows it waiting for the CPF, credited or not: a name search must not find its holder).
 */
function byName(nomeLike: string, nomes: Nomes | undefined) {
  const like = sql<SqlBool>`u.nome_busca like ${nomeLike} escape '\\'`;
  return nomes === 'parceiro' ? sql<SqlBool>`(v.cpf_mascara is null and ${like})` : like;
}

export function filtered(db: Kysely<Database>, f: SalesFilter) {
  let q = saleView(db).where('v.id_estabelecimento', '=', f.idEstabelecimento).where(liveSale('v'));
  if (f.idCampanha !== undefined) q = q.where('v.id_campanha', '=', f.idCampanha);
  if (f.year) q = q.where('c.validade_ini', '<=', f.year.to).where('c.validade_fim', '>=', f.year.from);
  const { numeroLike, nomeLike } = f;
  if (numeroLike !== undefined && nomeLike !== undefined) {
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(v.numero_venda)`, 'like', sql<string>`${numeroLike} escape '\\'`),
        byName(nomeLike, f.nomes),
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
    .where(liveSale('v'));
  if (f.idCampanha !== undefined) q = q.where('v.id_campanha', '=', f.idCampanha);
  if (f.year) q = q.where('c.validade_ini', '<=', f.year.to).where('c.validade_fim', '>=', f.year.from);
  const { numeroLike, nomeLike } = f;
  if (numeroLike === undefined || nomeLike === undefined) return q;
  return q
    .leftJoin('usuarios as u', 'u.id_usuario', 'v.id_usuario')
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(v.numero_venda)`, 'like', sql<string>`${numeroLike} escape '\\'`),
        byName(nomeLike, f.nomes),
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
  'cpf_mascara',
  'chave_nfce',
  'recibo_confirmado_em',
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
    criado_por: number | null;
    at: string;
    /** Issue 53: the receipt's key the sale reports (unique), or null. */
    chave_nfce: string | null;
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
    v.chave_nfce,
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
      chave_nfce: $(13),
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

/** Issue 53: when a resident's receipt confirmed the sale, or null. */
export async function receiptConfirmedAt(trx: Kysely<Database>, idVenda: number): Promise<string | null> {
  const row = await trx
    .selectFrom('vendas')
    .select('recibo_confirmado_em')
    .where('id_venda', '=', idVenda)
    .executeTakeFirst();
  return row?.recibo_confirmado_em ?? null;
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
    .where(liveSale())
    .where('qr_token_hash', '=', tokenHash)
    .where('qr_expira_em', '>', at)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
