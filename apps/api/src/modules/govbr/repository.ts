import type { Insertable, Kysely } from 'kysely';
import type { Database, NovoUsuario } from '../../db/types.js';

type Fluxo = Insertable<Database['govbr_fluxos']>;
type Pendencia = Insertable<Database['govbr_pendencias']>;

/** A new flow; the expired ones go at the same time (nothing else reads them). */
export async function insertFlow(db: Kysely<Database>, row: Fluxo, at: string): Promise<void> {
  await db.deleteFrom('govbr_fluxos').where('expira_em', '<', at).execute();
  await db.insertInto('govbr_fluxos').values(row).execute();
}

/** Takes the flow of a `state` away (single use): whoever deletes it is the one to use it. */
export function takeFlow(db: Kysely<Database>, state: string) {
  return db.deleteFrom('govbr_fluxos').where('state', '=', state).returningAll().executeTakeFirst();
}

/** The browser's pending next step, replacing any earlier one; expired ones go too. */
export async function putPending(db: Kysely<Database>, row: Pendencia): Promise<void> {
  await db.deleteFrom('govbr_pendencias').where('expira_em', '<', row.criado_em).execute();
  await db.deleteFrom('govbr_pendencias').where('navegador', '=', row.navegador).execute();
  await db.insertInto('govbr_pendencias').values(row).execute();
}

export function findPending(db: Kysely<Database>, navegador: string, etapa: Pendencia['etapa'], at: string) {
  return db
    .selectFrom('govbr_pendencias')
    .selectAll()
    .where('navegador', '=', navegador)
    .where('etapa', '=', etapa)
    .where('expira_em', '>', at)
    .executeTakeFirst();
}

/** Takes the browser's pending step of that kind away (single use), if still valid. */
export function takePending(db: Kysely<Database>, navegador: string, etapa: Pendencia['etapa'], at: string) {
  return db
    .deleteFrom('govbr_pendencias')
    .where('navegador', '=', navegador)
    .where('etapa', '=', etapa)
    .where('expira_em', '>', at)
    .returningAll()
    .executeTakeFirst();
}

/** The live account linked to a gov.br `sub` (its lookup value), if any. */
export function linkedAccount(db: Kysely<Database>, subBusca: string) {
  return db
    .selectFrom('govbr_vinculos as v')
    .innerJoin('usuarios as u', 'u.id_usuario', 'v.id_usuario')
    .select(['u.id_usuario'])
    .where('v.sub_busca', '=', subBusca)
    .where('u.removido_em', 'is', null)
    .executeTakeFirst();
}

export function linkOf(db: Kysely<Database>, idUsuario: number) {
  return db.selectFrom('govbr_vinculos').selectAll().where('id_usuario', '=', idUsuario).executeTakeFirst();
}

export function linkOfSub(db: Kysely<Database>, subBusca: string) {
  return db.selectFrom('govbr_vinculos').selectAll().where('sub_busca', '=', subBusca).executeTakeFirst();
}

export async function insertLink(
  db: Kysely<Database>,
  row: { id_usuario: number; sub_busca: string; criado_em: string },
): Promise<void> {
  await db.insertInto('govbr_vinculos').values(row).execute();
}

/** Whether some live account holds that CPF (declared or proven). */
export async function cpfHeld(db: Kysely<Database>, cpfBusca: string): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('cpf_busca', '=', cpfBusca)
    .where('removido_em', 'is', null)
    .executeTakeFirst();
  return !!row;
}

/** Whether an account uses that e-mail (stored lower-case). */
export async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('email', '=', email)
    .executeTakeFirst();
  return !!row;
}

/** What a session answer shows of an account, and what linking checks. */
export function accountForSession(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('usuarios')
    .innerJoin('cidades', 'cidades.cod_cidade', 'usuarios.cod_cidade')
    .select([
      'usuarios.id_usuario',
      'usuarios.nome',
      'usuarios.email',
      'usuarios.senha_hash',
      'usuarios.cod_cidade',
      'cidades.cidade',
      'cidades.uf',
      'usuarios.parceiro',
      'usuarios.admin',
      'usuarios.superadmin',
      'usuarios.cpf_busca',
      'usuarios.cpf_situacao',
    ])
    .where('usuarios.id_usuario', '=', idUsuario)
    .where('usuarios.removido_em', 'is', null)
    .executeTakeFirst();
}

/** A new account (gov.br's sign-up); its CPF is set by the proof that follows. */
export async function insertAccount(db: Kysely<Database>, row: NovoUsuario): Promise<number> {
  const { id_usuario } = await db
    .insertInto('usuarios')
    .values(row)
    .returning('id_usuario')
    .executeTakeFirstOrThrow();
  return id_usuario;
}

/** The shops linked to an account, as the session answer lists them. */
export function shopsOf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('usuario_estabelecimentos as ue')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'ue.id_estabelecimento')
    .select(['e.id_estabelecimento', 'e.nome'])
    .where('ue.id_usuario', '=', idUsuario)
    .orderBy('e.nome')
    .execute();
}
