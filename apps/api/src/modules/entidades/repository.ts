import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { entityHolderOf } from './holder.js';
import { couponsTable } from '../coupons/queries.js';

export interface EntityValues {
  cod_cidade: number;
  nome: string;
  cnpj: string;
  causa: string;
  logo: string;
  contato: string;
}

/** Whether another entity of the city (not `except`) has the CNPJ. */
export async function cnpjTaken(
  db: Kysely<Database>,
  codCidade: number,
  cnpj: string,
  except?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('entidades')
    .select('id_entidade')
    .where('cod_cidade', '=', codCidade)
    .where('cnpj', '=', cnpj);
  if (except !== undefined) q = q.where('id_entidade', '<>', except);
  return !!(await q.executeTakeFirst());
}

export async function insertEntity(
  db: Kysely<Database>,
  v: EntityValues & { id_usuario: number },
  at: string,
): Promise<number> {
  const { id_entidade } = await db
    .insertInto('entidades')
    .values({ ...v, criado_em: at, atualizado_em: at })
    .returning('id_entidade')
    .executeTakeFirstOrThrow();
  return id_entidade;
}

/** The entities as their admin edits them, with the e-mail of each one's account. */
const adminEntities = (db: Kysely<Database>) =>
  db
    .selectFrom('entidades as e')
    .innerJoin('usuarios as u', 'u.id_usuario', 'e.id_usuario')
    .select([
      'e.id_entidade',
      'e.cod_cidade',
      'e.id_usuario',
      'e.nome',
      'e.cnpj',
      'e.causa',
      'e.logo',
      'e.contato',
      'e.atualizado_em',
      'u.email',
    ]);
export type AdminEntityRow = NonNullable<Awaited<ReturnType<typeof findEntityForAdmin>>>;

export const findEntityForAdmin = (db: Kysely<Database>, idEntidade: number) =>
  adminEntities(db).where('e.id_entidade', '=', idEntidade).executeTakeFirst();

export const entitiesOfCityForAdmin = (db: Kysely<Database>, codCidade: number) =>
  adminEntities(db)
    .where('e.cod_cidade', '=', codCidade)
    .orderBy('e.nome')
    .orderBy('e.id_entidade')
    .execute();

/** Writes the changed fields of an entity (and its account's name, which is the entity's). */
export async function updateEntity(
  db: Kysely<Database>,
  row: { id_entidade: number; id_usuario: number },
  changes: Partial<Omit<EntityValues, 'cod_cidade'>>,
  at: string,
): Promise<void> {
  await db
    .updateTable('entidades')
    .set({ ...changes, atualizado_em: at })
    .where('id_entidade', '=', row.id_entidade)
    .execute();
  if (changes.nome !== undefined)
    await db
      .updateTable('usuarios')
      .set({ nome: changes.nome, atualizado_em: at })
      .where('id_usuario', '=', row.id_usuario)
      .execute();
}

export const findEntity = (db: Kysely<Database>, idEntidade: number) =>
  db.selectFrom('entidades').selectAll().where('id_entidade', '=', idEntidade).executeTakeFirst();

export const entityOfAccount = (db: Kysely<Database>, idUsuario: number) =>
  db.selectFrom('entidades').selectAll().where('id_usuario', '=', idUsuario).executeTakeFirst();

export const entitiesOfCity = (db: Kysely<Database>, codCidade: number) =>
  db
    .selectFrom('entidades')
    .selectAll()
    .where('cod_cidade', '=', codCidade)
    .orderBy('nome')
    .orderBy('id_entidade')
    .execute();

/**
 * The live coupons each of `entities` holds, per campaign (holder.ts's rule: its gifts, and its
 * share of the campaigns' coupons through the residents who chose it). Only the coupons of the
 * residents who gave to or chose one of them are read (by `cupons_usuario_idx`).
 */
export function couponsHeld(db: Kysely<Database>, entities: number[]) {
  const residents = db
    .selectFrom('doacoes')
    .select('id_usuario')
    .where('id_entidade', 'in', entities)
    .union(db.selectFrom('escolhas_entidade').select('id_usuario').where('id_entidade', 'in', entities));
  const held = db
    .selectFrom(couponsTable('k'))
    .select(['k.id_campanha', entityHolderOf('k').as('titular')])
    .where('k.anulado_em', 'is', null)
    .where('k.id_usuario', 'in', residents)
    .as('t');
  return db
    .selectFrom(held)
    .innerJoin('entidades as e', 'e.id_usuario', 't.titular')
    .innerJoin('campanhas as c', 'c.id_campanha', 't.id_campanha')
    .select([
      'e.id_entidade',
      't.id_campanha',
      'c.den_campanha',
      (eb) => eb.fn.countAll<number | string>().as('n'),
    ])
    .where('e.id_entidade', 'in', entities)
    .groupBy(['e.id_entidade', 't.id_campanha', 'c.den_campanha'])
    .orderBy('t.id_campanha')
    .execute();
}

/** The live prizes the accounts of `entities` won. */
export function prizesOf(db: Kysely<Database>, accounts: number[]) {
  return db
    .selectFrom('contemplados as w')
    .innerJoin('campanhas as k', 'k.id_campanha', 'w.id_campanha')
    .select(['w.id_usuario', 'w.id_campanha', 'k.den_campanha', 'w.data_sorteio', 'w.premio'])
    .where('w.id_usuario', 'in', accounts)
    .where('w.anulado_em', 'is', null)
    .orderBy('w.data_sorteio', 'desc')
    .orderBy('w.id_sorteado', 'desc')
    .execute();
}

export const findCampaign = (db: Kysely<Database>, idCampanha: number) =>
  db
    .selectFrom('campanhas')
    .select(['id_campanha', 'cod_cidade', 'validade_fim', 'den_campanha'])
    .where('id_campanha', '=', idCampanha)
    .executeTakeFirst();

export async function insertDonation(
  db: Kysely<Database>,
  v: { id_usuario: number; id_campanha: number; id_entidade: number; modo: 'todos' | 'futuros' },
  at: string,
): Promise<void> {
  await db
    .insertInto('doacoes')
    .values({ ...v, criado_em: at })
    .execute();
}

/** A resident's gifts with the entity's name and the live coupons it holds of each. */
export function donationsOf(db: Kysely<Database>, idUsuario: number) {
  return db
    .selectFrom('doacoes as d')
    .innerJoin('entidades as e', 'e.id_entidade', 'd.id_entidade')
    .select((eb) => [
      'd.id_campanha',
      'd.id_entidade',
      'e.nome as nome_entidade',
      'd.modo',
      'd.criado_em',
      eb
        .selectFrom(couponsTable('c'))
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('c.id_usuario', '=', 'd.id_usuario')
        .whereRef('c.id_campanha', '=', 'd.id_campanha')
        .where('c.anulado_em', 'is', null)
        .where(sql<boolean>`(d.modo = 'todos' or c.dat_emissao >= d.criado_em)`)
        .as('cupons'),
    ])
    .where('d.id_usuario', '=', idUsuario)
    .orderBy('d.criado_em', 'desc')
    .execute();
}

/** The resident's choice in force (the latest), with the entity's name; undefined when never chosen. */
export const currentChoice = (db: Kysely<Database>, idUsuario: number) =>
  db
    .selectFrom('escolhas_entidade as x')
    .leftJoin('entidades as e', 'e.id_entidade', 'x.id_entidade')
    .select(['x.id_entidade', 'e.nome as nome_entidade', 'x.desde'])
    .where('x.id_usuario', '=', idUsuario)
    .orderBy('x.desde', 'desc')
    .orderBy('x.id', 'desc')
    .limit(1)
    .executeTakeFirst();

/** A new choice, in force for the coupons issued from `at` on (never edited). */
export async function insertChoice(
  db: Kysely<Database>,
  v: { id_usuario: number; id_entidade: number | null },
  at: string,
): Promise<void> {
  await db
    .insertInto('escolhas_entidade')
    .values({ ...v, desde: at })
    .execute();
}
