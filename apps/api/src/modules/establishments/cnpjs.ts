import type { Kysely } from 'kysely';
import { cnpjDaChave, formatCnpj } from '@praca/contract';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { batches } from '../imports/kind.js';

/**
 * Issue 53: the CNPJs a shop issues receipts under (its branches), `estabelecimento_cnpjs`: the
 * 14 positions in upper case as an NFC-e key writes them (`cnpjDaChave`), each unique across
 * shops (the primary key: two shops racing for one CNPJ, one wins). The SQL of the list and the
 * rule of how the shop's main `cnpj` joins it.
 */

type Db = Kysely<Database>;

/** The shops' CNPJs, formatted, the main one (`estabelecimentos.cnpj`) first, then in order. */
export async function cnpjsOf(
  db: Db,
  shops: { id_estabelecimento: number; cnpj: string }[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(shops.map((s) => [s.id_estabelecimento, []]));
  for (const slice of batches(shops, 500)) {
    const rows = await db
      .selectFrom('estabelecimento_cnpjs')
      .select(['id_estabelecimento', 'cnpj'])
      .where(
        'id_estabelecimento',
        'in',
        slice.map((s) => s.id_estabelecimento),
      )
      .orderBy('cnpj')
      .execute();
    for (const r of rows) out.get(r.id_estabelecimento)?.push(r.cnpj);
  }
  for (const s of shops) {
    const main = cnpjDaChave(s.cnpj);
    const list = out.get(s.id_estabelecimento)!;
    list.sort((a, b) => Number(b === main) - Number(a === main));
    out.set(s.id_estabelecimento, list.map(formatCnpj));
  }
  return out;
}

/**
 * What a receipt's key is checked against for a sale of a shop (issue 53): the state (UF) of the
 * shop's city, and the shop that holds the key's CNPJ (undefined when none does).
 */
export async function keyPlace(db: Db, idEstabelecimento: number, cnpj: string) {
  return db
    .selectFrom('estabelecimentos as e')
    .innerJoin('cidades as c', 'c.cod_cidade', 'e.cod_cidade')
    .select((eb) => [
      'c.uf',
      eb
        .selectFrom('estabelecimento_cnpjs as k')
        .select('k.id_estabelecimento')
        .where('k.cnpj', '=', cnpjDaChave(cnpj))
        .as('dono'),
    ])
    .where('e.id_estabelecimento', '=', idEstabelecimento)
    .executeTakeFirst();
}

/**
 * A campaign not ended by `day` that requires the receipt's key and that the shop takes part in
 * (the first by name), or undefined: such a shop cannot lose its last CNPJ.
 */
export function nfceCampaignOf(db: Db, idEstabelecimento: number, day: string) {
  return db
    .selectFrom('campanha_estabelecimentos as ce')
    .innerJoin('campanhas as c', 'c.id_campanha', 'ce.id_campanha')
    .select(['c.id_campanha', 'c.den_campanha'])
    .where('ce.id_estabelecimento', '=', idEstabelecimento)
    .where('c.exige_nfce', '=', 'S')
    .where('c.validade_fim', '>=', day)
    .orderBy('c.den_campanha')
    .executeTakeFirst();
}

/** Those of `cnpjs` (as `cnpjDaChave` writes them) that some shop already holds. */
export async function takenCnpjs(db: Db, cnpjs: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const slice of batches(cnpjs, 500)) {
    const rows = await db
      .selectFrom('estabelecimento_cnpjs')
      .select('cnpj')
      .where('cnpj', 'in', slice)
      .execute();
    for (const r of rows) taken.add(r.cnpj);
  }
  return taken;
}

/**
 * The list a write leaves (`cnpjDaChave` form), or null when it leaves it as it is: `cnpjs` when
 * sent is the whole list; a main `cnpj` that changes joins the list in place of the old one (the
 * old one stays only if `cnpjs` names it). Sending the stored main again changes nothing.
 */
export function plannedList(
  stored: string[],
  oldMain: string,
  body: { cnpj?: string; cnpjs?: string[] },
): string[] | null {
  const mainChanged = body.cnpj !== undefined && cnpjDaChave(body.cnpj) !== cnpjDaChave(oldMain);
  if (body.cnpjs === undefined && !mainChanged) return null;
  const base = body.cnpjs ?? stored.filter((c) => cnpjDaChave(c) !== cnpjDaChave(oldMain));
  const list = mainChanged && body.cnpj ? [body.cnpj, ...base] : base;
  return [...new Set(list.map(cnpjDaChave).filter((c) => c !== ''))];
}

/**
 * Makes `list` the shop's whole CNPJ list in the caller's transaction. A CNPJ another shop
 * holds is the primary key's violation (`cnpjDeOutraLoja` through db/errors.ts), also when two
 * writes race for it. Answers whether the shop had CNPJs and has none now.
 */
export async function replaceCnpjs(trx: Db, idEstabelecimento: number, list: string[], at: string) {
  const current = (
    await trx
      .selectFrom('estabelecimento_cnpjs')
      .select('cnpj')
      .where('id_estabelecimento', '=', idEstabelecimento)
      .execute()
  ).map((r) => r.cnpj);
  const gone = current.filter((c) => !list.includes(c));
  const added = list.filter((c) => !current.includes(c));
  if (gone.length > 0) {
    await trx
      .deleteFrom('estabelecimento_cnpjs')
      .where('id_estabelecimento', '=', idEstabelecimento)
      .where('cnpj', 'in', gone)
      .execute();
  }
  await insertCnpjs(
    trx,
    added.map((cnpj) => ({ cnpj, id_estabelecimento: idEstabelecimento })),
    at,
  );
  return { lostLast: current.length > 0 && list.length === 0 };
}

/** New CNPJs of shops (`cnpjDaChave` form), in batches. */
export async function insertCnpjs(
  trx: Db,
  rows: { cnpj: string; id_estabelecimento: number }[],
  at: string,
): Promise<void> {
  for (const slice of batches(rows, 500)) {
    await trx
      .insertInto('estabelecimento_cnpjs')
      .values(slice.map((r) => ({ ...r, criado_em: at })))
      .execute();
  }
}

/**
 * Those of `ids` without any CNPJ, by name. On PostgreSQL the shops' rows are locked for share
 * first: a write that takes a shop's last CNPJ away updates the shop's row, so it waits for the
 * caller (a campaign that starts requiring the receipt), or the caller waits for it and then
 * sees the list as it left it.
 */
export async function shopsWithoutCnpj(trx: Db, dialect: Dialect, ids: number[]) {
  if (ids.length === 0) return [];
  const out: { id_estabelecimento: number; nome: string }[] = [];
  for (const slice of batches(ids, 500)) {
    if (dialect === 'postgres') {
      await trx
        .selectFrom('estabelecimentos')
        .select('id_estabelecimento')
        .where('id_estabelecimento', 'in', slice)
        .forShare()
        .execute();
    }
    out.push(
      ...(await trx
        .selectFrom('estabelecimentos as e')
        .select(['e.id_estabelecimento', 'e.nome'])
        .where('e.id_estabelecimento', 'in', slice)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('estabelecimento_cnpjs as k')
                .select('k.cnpj')
                .whereRef('k.id_estabelecimento', '=', 'e.id_estabelecimento'),
            ),
          ),
        )
        .execute()),
    );
  }
  return out.sort(
    (a, b) => a.nome.localeCompare(b.nome, 'pt-BR') || a.id_estabelecimento - b.id_estabelecimento,
  );
}
