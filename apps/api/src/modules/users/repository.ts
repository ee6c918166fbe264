import { sql, type Kysely } from 'kysely';
import type { Database, NovoUsuario } from '../../db/types.js';
import type { Dialect } from '../../db/index.js';
import { nowIso } from '../../lib/clock.js';
import { CPF_CARENCIA_DIAS_PADRAO, creditableHolder } from './cpf-identity.js';

/**
 * E-mails are stored lower-case and trimmed, so an equality on the unique index is the
 * case-insensitive check (domain §9) and stays fast.
 */
export async function emailTaken(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('email', '=', email)
    .executeTakeFirst();
  return !!row;
}

/**
 * Issue 52: the account the counter sales made to a CPF (by its lookup value) are credited to,
 * as of `at`, or null: the one that proved it, else the one account alone to declare it for
 * `carenciaDias` without change (cpf-identity.ts `creditableHolder`). A declaration alone never
 * makes an owner: this is not "who typed this CPF".
 */
async function creditableCpfOwner(
  db: Kysely<Database>,
  cpfBusca: string,
  carenciaDias = CPF_CARENCIA_DIAS_PADRAO,
  at = nowIso(),
): Promise<number | null> {
  return (await creditableHolder(db, cpfBusca, carenciaDias, at))?.id_usuario ?? null;
}

export async function insertUser(db: Kysely<Database>, row: NovoUsuario): Promise<number> {
  const { id_usuario } = await db
    .insertInto('usuarios')
    .values(row)
    .returning('id_usuario')
    .executeTakeFirstOrThrow();
  return id_usuario;
}

const customerColumns = ['id_usuario', 'nome', 'whatsup'] as const;

/** Issue 52: the names of the entities whose accounts are among `ids` (by account). */
export async function entityNames(db: Kysely<Database>, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('entidades')
    .select(['id_usuario', 'nome'])
    .where('id_usuario', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id_usuario, r.nome]));
}

/** The cities of the shops linked to a partner (its customer search's reach). */
export async function citiesOfShops(db: Kysely<Database>, shops: number[]): Promise<number[]> {
  if (shops.length === 0) return [];
  const rows = await db
    .selectFrom('estabelecimentos')
    .select('cod_cidade')
    .distinct()
    .where('id_estabelecimento', 'in', shops)
    .execute();
  return rows.map((r) => r.cod_cidade);
}

/** Live users, of `cities` unless null (the super-admin's reach: every city). */
function liveUsersOf(db: Kysely<Database>, cities: number[] | null) {
  const q = db.selectFrom('usuarios').select(customerColumns).where('removido_em', 'is', null);
  return cities === null ? q : q.where('cod_cidade', 'in', cities);
}

/**
 * Live users whose folded name starts with `folded`: a range on `usuarios_nome_busca_idx`
 * (collation "C" on PostgreSQL, binary on SQLite, so the range is exactly the prefix).
 */
export function searchByNamePrefix(
  db: Kysely<Database>,
  cities: number[] | null,
  folded: string,
  end: string,
  limit: number,
) {
  return namePrefixQuery(db, cities, folded, end, limit).execute();
}

/** The query of {@link searchByNamePrefix}: of a city, one range of `usuarios_cidade_nome_idx`. */
export const namePrefixQuery = (
  db: Kysely<Database>,
  cities: number[] | null,
  folded: string,
  end: string,
  limit: number,
) =>
  liveUsersOf(db, cities)
    .where('nome_busca', '>=', folded)
    .where('nome_busca', '<', end)
    .orderBy('nome_busca')
    .orderBy('id_usuario')
    .limit(limit);

/** Live users whose folded name contains `pattern` (a LIKE pattern escaped with `\`). */
export function searchByNameContains(
  db: Kysely<Database>,
  cities: number[] | null,
  pattern: string,
  skip: number[],
  limit: number,
) {
  let q = liveUsersOf(db, cities).where(sql<boolean>`nome_busca like ${pattern} escape '\\'`);
  if (skip.length) q = q.where('id_usuario', 'not in', skip);
  return q.orderBy('nome_busca').orderBy('id_usuario').limit(limit).execute();
}

/**
 * Live users whose phone (stored as digits) ends with `digits`: the caller knows the number's
 * ending, so a prefix walk through a city's numbers is no longer possible (issue 37).
 */
export function searchByPhoneEnding(
  db: Kysely<Database>,
  cities: number[] | null,
  digits: string,
  limit: number,
) {
  return liveUsersOf(db, cities)
    .where('whatsup', 'like', `%${digits}`)
    .orderBy('nome_busca')
    .orderBy('id_usuario')
    .limit(limit)
    .execute();
}

/**
 * The live user of `cities` (unless null) the CPF with this lookup value credits (issue 52:
 * `creditableCpfOwner`; a mere declaration finds nobody, so the search tells no more than a sale).
 */
export async function searchByCpf(
  db: Kysely<Database>,
  cities: number[] | null,
  cpfBusca: string,
  carenciaDias: number,
) {
  const owner = await creditableCpfOwner(db, cpfBusca, carenciaDias);
  if (owner === null) return undefined;
  return liveUsersOf(db, cities).where('id_usuario', '=', owner).executeTakeFirst();
}

/**
 * Serialises, until the transaction ends, what one person does under a per-person cap (issue
 * 52: open complaints, live API keys, an admin's approvals of the day; push subscriptions):
 * PostgreSQL locks the person's row; SQLite's single writer already serialises them.
 */
export async function lockPersonRow(
  trx: Kysely<Database>,
  dialect: Dialect,
  idUsuario: number,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await trx
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('id_usuario', '=', idUsuario)
    .forUpdate()
    .execute();
}
