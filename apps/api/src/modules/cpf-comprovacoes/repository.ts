import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';

type NewProof = Insertable<Database['cpf_comprovacoes']>;
type Status = 'aberta' | 'aprovada' | 'recusada';

/** A proof with the account's name, as the admin list shows it. */
function proofView(db: Kysely<Database>) {
  return db
    .selectFrom('cpf_comprovacoes as p')
    .innerJoin('usuarios as u', 'u.id_usuario', 'p.id_usuario')
    .select([
      'p.id_comprovacao',
      'p.id_usuario',
      'u.nome as nome_usuario',
      'p.cod_cidade',
      'p.cpf_cifrado',
      'p.status',
      'p.motivo',
      'p.criado_em',
      'p.decidido_em',
      'p.decidido_por',
      'p.fotos_removidas_em',
    ]);
}

export type ProofRow = NonNullable<Awaited<ReturnType<typeof findProof>>>;

export function findProof(db: Kysely<Database>, idComprovacao: number) {
  return proofView(db).where('p.id_comprovacao', '=', idComprovacao).executeTakeFirst();
}

/** A page of a city's proofs, newest first, optionally of one status, and how many in all. */
export async function listByCity(
  db: Kysely<Database>,
  f: { codCidade: number; status?: Status; offset: number; limit: number },
): Promise<{ itens: ProofRow[]; total: number }> {
  let q = proofView(db).where('p.cod_cidade', '=', f.codCidade);
  if (f.status) q = q.where('p.status', '=', f.status);
  let c = db
    .selectFrom('cpf_comprovacoes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('cod_cidade', '=', f.codCidade);
  if (f.status) c = c.where('status', '=', f.status);
  const [itens, count] = await Promise.all([
    q.orderBy('p.id_comprovacao', 'desc').offset(f.offset).limit(f.limit).execute(),
    c.executeTakeFirstOrThrow(),
  ]);
  return { itens, total: Number(count.n) };
}

/** The person's latest proof. */
export function latestOf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('cpf_comprovacoes')
    .select(['id_comprovacao', 'status', 'motivo', 'criado_em', 'decidido_em'])
    .where('id_usuario', '=', idUsuario)
    .orderBy('id_comprovacao', 'desc')
    .executeTakeFirst();
}

/** Every proof of a person, oldest first (the data export). */
export function allOf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('cpf_comprovacoes')
    .select([
      'id_comprovacao',
      'cod_cidade',
      'cpf_cifrado',
      'imagem',
      'selfie',
      'status',
      'motivo',
      'criado_em',
      'decidido_em',
      'fotos_removidas_em',
    ])
    .where('id_usuario', '=', idUsuario)
    .orderBy('id_comprovacao')
    .execute();
}

/** The account's CPF and city, as stored now. */
export function findAccount(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('usuarios')
    .select(['id_usuario', 'cod_cidade', 'cpf_busca', 'cpf_cifrado', 'cpf_situacao', 'removido_em'])
    .where('id_usuario', '=', idUsuario)
    .executeTakeFirst();
}

/** Whether another account holds this CPF proven. */
export async function provenElsewhere(
  db: Kysely<Database>,
  cpfBusca: string,
  idUsuario: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('cpf_busca', '=', cpfBusca)
    .where('cpf_situacao', '=', 'comprovado')
    .where('id_usuario', '<>', idUsuario)
    .executeTakeFirst();
  return row !== undefined;
}

/** An admin's roles and city, to check a photo link's author still may see it. */
export function findAdmin(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('usuarios')
    .select(['cod_cidade', 'admin', 'superadmin', 'removido_em'])
    .where('id_usuario', '=', idUsuario)
    .executeTakeFirst();
}

export async function hasOpen(db: Kysely<Database>, idUsuario: number): Promise<boolean> {
  const row = await db
    .selectFrom('cpf_comprovacoes')
    .select('id_comprovacao')
    .where('id_usuario', '=', idUsuario)
    .where('status', '=', 'aberta')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertProof(db: Kysely<Database>, values: NewProof): Promise<number> {
  const row = await db
    .insertInto('cpf_comprovacoes')
    .values(values)
    .returning('id_comprovacao')
    .executeTakeFirstOrThrow();
  return row.id_comprovacao;
}

/** The stored proof, locked for the decision (PostgreSQL; SQLite's single writer needs none). */
export function lockProof(trx: Kysely<Database>, dialect: Dialect, idComprovacao: number) {
  const q = trx.selectFrom('cpf_comprovacoes').selectAll().where('id_comprovacao', '=', idComprovacao);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

/** The approvals an admin made from `since` (an ISO instant) on. */
export async function approvalsSince(
  db: Kysely<Database>,
  idUsuario: number,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('cpf_comprovacoes')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('decidido_por', '=', idUsuario)
    .where('status', '=', 'aprovada')
    .where('decidido_em', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records the decision only while the proof is open: answers whether this one did. */
export async function decide(
  trx: Kysely<Database>,
  idComprovacao: number,
  d: { status: 'aprovada' | 'recusada'; at: string; por: number; motivo: string },
): Promise<boolean> {
  const r = await trx
    .updateTable('cpf_comprovacoes')
    .set({ status: d.status, decidido_em: d.at, decidido_por: d.por, motivo: d.motivo })
    .where('id_comprovacao', '=', idComprovacao)
    .where('status', '=', 'aberta')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Puts an approval back to open (the proof itself failed after the approval was recorded). */
export async function reopen(trx: Kysely<Database>, idComprovacao: number): Promise<boolean> {
  const r = await trx
    .updateTable('cpf_comprovacoes')
    .set({ status: 'aberta', decidido_em: null, decidido_por: null, motivo: null })
    .where('id_comprovacao', '=', idComprovacao)
    .where('status', '=', 'aprovada')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Decided proofs whose photos are still kept though decided before `before`, a hundred at a time. */
export function photosDue(db: Kysely<Database>, before: string) {
  return db
    .selectFrom('cpf_comprovacoes')
    .select(['id_comprovacao', 'imagem', 'selfie'])
    .where('fotos_removidas_em', 'is', null)
    .where('status', '<>', 'aberta')
    .where('decidido_em', '<', before)
    .orderBy('decidido_em')
    .limit(100)
    .execute();
}

/** Marks a proof's photos as deleted; answers whether this call did. */
export async function markPhotosRemoved(
  db: Kysely<Database>,
  idComprovacao: number,
  at: string,
): Promise<boolean> {
  const r = await db
    .updateTable('cpf_comprovacoes')
    .set({ fotos_removidas_em: at })
    .where('id_comprovacao', '=', idComprovacao)
    .where('fotos_removidas_em', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
