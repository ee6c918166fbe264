import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { liveSale, salesTable } from '../sales/live.js';

type NewContestacao = Insertable<Database['contestacoes']>;

/** A complaint with the names the screens show. */
function contestacaoView(db: Kysely<Database>) {
  return db
    .selectFrom('contestacoes as k')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'k.id_estabelecimento')
    .innerJoin('usuarios as u', 'u.id_usuario', 'k.id_usuario')
    .select([
      'k.id_contestacao',
      'k.tipo',
      'k.status',
      'k.id_usuario',
      'u.nome as nome_usuario',
      'k.cod_cidade',
      'k.id_estabelecimento',
      'e.nome as nome_estabelecimento',
      'k.id_venda',
      'k.dat_venda',
      'k.valor_centavos',
      'k.numero_venda',
      'k.imagem',
      'k.criada_em',
      'k.decidida_em',
      'k.motivo',
      'k.historico',
      'k.automatica',
      'k.id_recibo',
    ]);
}

export type ContestacaoRow = NonNullable<Awaited<ReturnType<typeof findContestacao>>>;

export function findContestacao(db: Kysely<Database>, idContestacao: number) {
  return contestacaoView(db).where('k.id_contestacao', '=', idContestacao).executeTakeFirst();
}

/** A person's complaints, newest first. */
export function listByPerson(db: Kysely<Database>, idUsuario: number): Promise<ContestacaoRow[]> {
  return contestacaoView(db)
    .where('k.id_usuario', '=', idUsuario)
    .orderBy('k.id_contestacao', 'desc')
    .limit(200)
    .execute();
}

/** A city's complaints, newest first, optionally of one status. */
export function listByCity(
  db: Kysely<Database>,
  codCidade: number,
  status: ContestacaoRow['status'] | undefined,
): Promise<ContestacaoRow[]> {
  let q = contestacaoView(db).where('k.cod_cidade', '=', codCidade);
  if (status) q = q.where('k.status', '=', status);
  return q.orderBy('k.id_contestacao', 'desc').limit(500).execute();
}

/** The live sale a resident disputes, with its shop's city. */
export function findLiveSale(db: Kysely<Database>, idVenda: number) {
  return db
    .selectFrom(salesTable('v'))
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'v.id_estabelecimento')
    .select([
      'v.id_venda',
      'v.id_usuario',
      'v.id_estabelecimento',
      'e.cod_cidade',
      'v.dat_venda',
      'v.valor_centavos',
      'v.numero_venda',
    ])
    .where('v.id_venda', '=', idVenda)
    .where(liveSale('v'))
    .executeTakeFirst();
}

export function findShop(db: Kysely<Database>, idEstabelecimento: number) {
  return db
    .selectFrom('estabelecimentos')
    .select(['id_estabelecimento', 'cod_cidade'])
    .where('id_estabelecimento', '=', idEstabelecimento)
    .executeTakeFirst();
}

/** The campaign the shop takes part in on that day (the latest to start, if several). */
export async function findShopCampaign(
  db: Kysely<Database>,
  idEstabelecimento: number,
  day: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('campanha_estabelecimentos as ce')
    .innerJoin('campanhas as c', 'c.id_campanha', 'ce.id_campanha')
    .select('c.id_campanha')
    .where('ce.id_estabelecimento', '=', idEstabelecimento)
    .where('c.validade_ini', '<=', day)
    .where('c.validade_fim', '>=', day)
    .orderBy('c.validade_ini', 'desc')
    .orderBy('c.id_campanha', 'desc')
    .executeTakeFirst();
  return row?.id_campanha;
}

export async function hasOpenContestacao(db: Kysely<Database>, idVenda: number): Promise<boolean> {
  const row = await db
    .selectFrom('contestacoes')
    .select('id_contestacao')
    .where('id_venda', '=', idVenda)
    .where('status', '=', 'aberta')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Issue 52: how many complaints `idUsuario` opened that wait for a decision. Issue 53: those a
 * fiscal receipt opened by itself (`automatica`) are not the resident's doing and do not count.
 */
export async function countOpenOf(trx: Kysely<Database>, idUsuario: number): Promise<number> {
  const row = await trx
    .selectFrom('contestacoes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id_usuario', '=', idUsuario)
    .where('status', '=', 'aberta')
    .where('automatica', '=', 'N')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertContestacao(db: Kysely<Database>, values: NewContestacao): Promise<number> {
  const row = await db
    .insertInto('contestacoes')
    .values(values)
    .returning('id_contestacao')
    .executeTakeFirstOrThrow();
  return row.id_contestacao;
}

/** The stored complaint, locked for the decision (PostgreSQL; SQLite's single writer needs none). */
export function lockContestacao(trx: Kysely<Database>, dialect: Dialect, idContestacao: number) {
  const q = trx.selectFrom('contestacoes').selectAll().where('id_contestacao', '=', idContestacao);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/** Records the decision only while the complaint is open: answers whether this one did. */
export async function decide(
  trx: Kysely<Database>,
  idContestacao: number,
  d: {
    status: 'aceita' | 'recusada';
    at: string;
    por: number;
    motivo: string;
    historico: string;
    id_venda: number | null;
  },
): Promise<boolean> {
  const r = await trx
    .updateTable('contestacoes')
    .set({
      status: d.status,
      decidida_em: d.at,
      decidida_por: d.por,
      motivo: d.motivo,
      historico: d.historico,
      id_venda: d.id_venda,
    })
    .where('id_contestacao', '=', idContestacao)
    .where('status', '=', 'aberta')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function findShopName(db: Kysely<Database>, idEstabelecimento: number): Promise<string> {
  const row = await db
    .selectFrom('estabelecimentos')
    .select('nome')
    .where('id_estabelecimento', '=', idEstabelecimento)
    .executeTakeFirst();
  return row?.nome ?? '';
}
