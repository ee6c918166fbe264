import { PostgresAdapter, sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database, StatusRecibo } from '../../db/types.js';
import { liveSale, salesTable } from '../sales/live.js';

type NewRecibo = Insertable<Database['recibos']>;

/** A namespace for PostgreSQL advisory locks taken by receipts ('nfce' in ASCII). */
const KEY_LOCK_NAMESPACE = 0x6e666365;

/**
 * Serialises, until the transaction ends, everything that decides what one key's receipt
 * becomes (PostgreSQL): a resident sending it, the shop reporting it, its sale given to someone.
 * Without it a report committed while a resident's receipt of its key was being written would
 * see no receipt, and the receipt no report. SQLite runs one write transaction at a time.
 */
export async function lockKey(trx: Kysely<Database>, chave: string): Promise<void> {
  // The adapter tells the dialect: the sale path's hooks hand only their transaction.
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select pg_advisory_xact_lock(${KEY_LOCK_NAMESPACE}::int4, hashtext(${chave}))`.execute(trx);
}

/** The sender's city (its UF: the key's state) and CPF lookup value. */
export function personOf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('usuarios as u')
    .innerJoin('cidades as c', 'c.cod_cidade', 'u.cod_cidade')
    .select(['u.id_usuario', 'u.cod_cidade', 'c.uf', 'u.cpf_busca'])
    .where('u.id_usuario', '=', idUsuario)
    .executeTakeFirst();
}

/** The active shop of `codCidade` that issues receipts under `cnpj`, if any. */
export function shopOfCnpj(db: Kysely<Database>, cnpj: string, codCidade: number) {
  return db
    .selectFrom('estabelecimento_cnpjs as ec')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'ec.id_estabelecimento')
    .select(['e.id_estabelecimento', 'e.nome', 'e.cod_cidade'])
    .where('ec.cnpj', '=', cnpj)
    .where('e.cod_cidade', '=', codCidade)
    .where('e.ind_ativo', '=', 'S')
    .executeTakeFirst();
}

/** One submission of a key that passed the checks (the alert "one key tried by several people"). */
export async function insertAttempt(
  db: Kysely<Database>,
  a: { chave: string; id_usuario: number; cod_cidade: number; em: string },
): Promise<void> {
  await db.insertInto('recibo_tentativas').values(a).execute();
}

/** How many receipts `idUsuario` stored for the shop on the São Paulo day `dia`. */
export async function countSent(
  trx: Kysely<Database>,
  idUsuario: number,
  idEstabelecimento: number,
  dia: string,
): Promise<number> {
  const row = await trx
    .selectFrom('recibos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id_usuario', '=', idUsuario)
    .where('id_estabelecimento', '=', idEstabelecimento)
    .where('dia_envio', '=', dia)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findByKey(db: Kysely<Database>, chave: string) {
  return db.selectFrom('recibos').selectAll().where('chave', '=', chave).executeTakeFirst();
}

export type ReciboRow = NonNullable<Awaited<ReturnType<typeof findByKey>>>;

export const findById = (db: Kysely<Database>, idRecibo: number) =>
  db.selectFrom('recibos').selectAll().where('id_recibo', '=', idRecibo).executeTakeFirst();

/** The stored receipt, locked for the rest of the transaction (PostgreSQL; SQLite needs none). */
export function lockReceipt(trx: Kysely<Database>, dialect: Dialect, idRecibo: number) {
  const q = trx.selectFrom('recibos').selectAll().where('id_recibo', '=', idRecibo);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/** A live sale as a receipt reads it: who it names, how it waits, and what a complaint copies. */
function saleOfReceipt(db: Kysely<Database>) {
  return db
    .selectFrom(salesTable('v'))
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'v.id_estabelecimento')
    .select([
      'v.id_venda',
      'v.id_usuario',
      'v.cpf_busca',
      'v.qr_token_hash',
      'v.chave_nfce',
      'v.id_estabelecimento',
      'e.cod_cidade',
      'e.nome as nome_estabelecimento',
      'v.dat_venda',
      'v.valor_centavos',
      'v.numero_venda',
    ])
    .where(liveSale('v'));
}

/** The live sale the shop reported with `chave`, if any. */
export const saleOfKey = (db: Kysely<Database>, chave: string) =>
  saleOfReceipt(db).where('v.chave_nfce', '=', chave).executeTakeFirst();

export const saleById = (db: Kysely<Database>, idVenda: number) =>
  saleOfReceipt(db).where('v.id_venda', '=', idVenda).executeTakeFirst();

export type SaleOfKey = NonNullable<Awaited<ReturnType<typeof saleOfKey>>>;

export async function insertReceipt(trx: Kysely<Database>, values: NewRecibo): Promise<number> {
  const row = await trx.insertInto('recibos').values(values).returning('id_recibo').executeTakeFirstOrThrow();
  return row.id_recibo;
}

/** Changes a receipt only while it is in `from`: answers whether this call did. */
export async function moveReceipt(
  trx: Kysely<Database>,
  idRecibo: number,
  from: StatusRecibo,
  set: Updateable<Database['recibos']> & { atualizado_em: string },
): Promise<boolean> {
  const r = await trx
    .updateTable('recibos')
    .set(set)
    .where('id_recibo', '=', idRecibo)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setComplaint(
  trx: Kysely<Database>,
  idRecibo: number,
  idContestacao: number,
): Promise<void> {
  await trx
    .updateTable('recibos')
    .set({ id_contestacao: idContestacao })
    .where('id_recibo', '=', idRecibo)
    .execute();
}

/** The pending receipt of `chave`, or the one linked to the sale. */
export function pendingOf(db: Kysely<Database>, k: { chave: string; idVenda?: number }) {
  return db
    .selectFrom('recibos')
    .selectAll()
    .where('status', '=', 'pendente')
    .where((eb) =>
      k.idVenda === undefined
        ? eb('chave', '=', k.chave)
        : eb.or([eb('chave', '=', k.chave), eb('id_venda', '=', k.idVenda)]),
    )
    .executeTakeFirst();
}

/** A receipt with the names the screens show. */
function receiptView(db: Kysely<Database>) {
  return db
    .selectFrom('recibos as r')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'r.id_estabelecimento')
    .innerJoin('usuarios as u', 'u.id_usuario', 'r.id_usuario')
    .leftJoin('entidades as ent', 'ent.id_entidade', 'r.id_entidade')
    .select([
      'r.id_recibo',
      'r.chave',
      'r.cnpj',
      'r.status',
      'r.id_estabelecimento',
      'e.nome as nome_estabelecimento',
      'r.cod_cidade',
      'r.id_usuario',
      'u.nome as nome_usuario',
      'r.valor_centavos',
      'r.dat_emissao',
      'r.id_venda',
      'r.id_entidade',
      'ent.nome as nome_entidade',
      'r.id_contestacao',
      'r.sefaz_situacao',
      'r.criado_em',
      'r.expira_em',
    ]);
}

export type ReceiptViewRow = NonNullable<Awaited<ReturnType<typeof findView>>>;

export const findView = (db: Kysely<Database>, idRecibo: number) =>
  receiptView(db).where('r.id_recibo', '=', idRecibo).executeTakeFirst();

/** A person's receipts, newest first, one page. */
export function pageOfPerson(db: Kysely<Database>, idUsuario: number, w: { offset: number; limit: number }) {
  return receiptView(db)
    .where('r.id_usuario', '=', idUsuario)
    .orderBy('r.id_recibo', 'desc')
    .limit(w.limit)
    .offset(w.offset)
    .execute();
}

export async function countOfPerson(db: Kysely<Database>, idUsuario: number): Promise<number> {
  const row = await db
    .selectFrom('recibos')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id_usuario', '=', idUsuario)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The admins' list's filter: the city, optionally a status and a shop. */
export interface CityFilter {
  codCidade: number;
  status?: StatusRecibo;
  idEstabelecimento?: number;
  /** An admin limited to some shops sees only theirs (establishments/policy.ts). */
  lojas?: number[];
}

function cityView(db: Kysely<Database>, f: CityFilter) {
  let q = receiptView(db).where('r.cod_cidade', '=', f.codCidade);
  if (f.status) q = q.where('r.status', '=', f.status);
  if (f.idEstabelecimento) q = q.where('r.id_estabelecimento', '=', f.idEstabelecimento);
  if (f.lojas !== undefined) q = q.where('r.id_estabelecimento', 'in', f.lojas.length ? f.lojas : [0]);
  return q;
}

/** A city's receipts, newest first: one page, or (keyset, for the export) those before `before`. */
export function pageOfCity(
  db: Kysely<Database>,
  f: CityFilter,
  w: { offset: number; limit: number; before?: number },
) {
  let q = cityView(db, f);
  if (w.before !== undefined) q = q.where('r.id_recibo', '<', w.before);
  return q.orderBy('r.id_recibo', 'desc').limit(w.limit).offset(w.offset).execute();
}

/** How many receipts the city's filter has, counted up to `cap`. */
export async function countOfCity(db: Kysely<Database>, f: CityFilter, cap: number): Promise<number> {
  const inner = cityView(db, f).clearSelect().select('r.id_recibo').limit(cap);
  const row = await db
    .selectFrom(inner.as('x'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Pending receipts whose wait ended by `at`, oldest first. */
export function dueToExpire(db: Kysely<Database>, at: string, limit: number) {
  return db
    .selectFrom('recibos as r')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'r.id_estabelecimento')
    .select(['r.id_recibo', 'r.id_usuario', 'e.nome as nome_estabelecimento'])
    .where('r.status', '=', 'pendente')
    .where('r.expira_em', '<=', at)
    .orderBy('r.expira_em')
    .limit(limit)
    .execute();
}

/** A social entity and its account (modules/entidades), to donate a receipt to. */
export function entityOf(db: Kysely<Database>, idEntidade: number) {
  return db
    .selectFrom('entidades')
    .select(['id_entidade', 'cod_cidade', 'id_usuario', 'nome'])
    .where('id_entidade', '=', idEntidade)
    .executeTakeFirst();
}

/** The sale a receipt points at (an automatic complaint's, when the complaint names none). */
export async function saleOfReceiptId(db: Kysely<Database>, idRecibo: number): Promise<number | null> {
  const row = await db
    .selectFrom('recibos')
    .select('id_venda')
    .where('id_recibo', '=', idRecibo)
    .executeTakeFirst();
  return row?.id_venda ?? null;
}

/** A removed person's receipts (LGPD): the pending ones will never be credited. */
export async function closePendingOf(trx: Kysely<Database>, idUsuario: number, at: string): Promise<void> {
  await trx
    .updateTable('recibos')
    .set({ status: 'expirado', expira_em: null, atualizado_em: at })
    .where('id_usuario', '=', idUsuario)
    .where('status', 'in', ['pendente', 'sem_comprador'])
    .execute();
}

export async function deleteAttemptsOf(trx: Kysely<Database>, idUsuario: number): Promise<void> {
  await trx.deleteFrom('recibo_tentativas').where('id_usuario', '=', idUsuario).execute();
}
