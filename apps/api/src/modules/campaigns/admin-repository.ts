import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';
import { couponIdsOf } from '../coupons/queries.js';
import { liveSale, saleIdsOf, salesTable } from '../sales/live.js';

/** The stored fields of a campaign the admin screens show. */
const campaignColumns = [
  'id_campanha',
  'den_campanha',
  'banner',
  'validade_ini',
  'validade_fim',
  'link',
  'cod_cidade',
  'limite_vendas_dia_loja',
  'limite_cupons_mes',
  'limite_valor_dia_centavos',
  'pct_entidade',
  'exige_nfce',
] as const;

export interface CampaignFilter {
  codCidade: number;
  /** A LIKE pattern (escaped with `\`, lower case) matched against the lower-cased description. */
  like?: string;
  /** With `like`: also the campaign of this id. */
  id?: number;
}

/**
 * A city's campaigns, newest first (validade_ini desc, id desc), one page and the total.
 * `lower()` on both sides: Unicode-aware in PostgreSQL, ASCII in SQLite, the same on both sides
 * of the comparison in each, so a search never misses what it typed exactly.
 */
export async function listByCity(
  db: Kysely<Database>,
  f: CampaignFilter,
  page: { offset: number; limit: number },
) {
  let q = db.selectFrom('campanhas').where('cod_cidade', '=', f.codCidade);
  const { like, id } = f;
  if (like !== undefined) {
    q = q.where((eb) => {
      const text = eb(sql<string>`lower(den_campanha)`, 'like', sql<string>`${like} escape '\\'`);
      return id === undefined ? text : eb.or([eb('id_campanha', '=', id), text]);
    });
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(campaignColumns)
    .orderBy('validade_ini', 'desc')
    .orderBy('id_campanha', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total) };
}

export function findCampaign(db: Kysely<Database>, idCampanha: number) {
  return db
    .selectFrom('campanhas')
    .select(campaignColumns)
    .where('id_campanha', '=', idCampanha)
    .executeTakeFirst();
}

export type CampaignRow = NonNullable<Awaited<ReturnType<typeof findCampaign>>>;

/**
 * The campaign row, locked for the rest of the transaction in PostgreSQL (SQLite has one
 * writer). The lock also waits for a sale being inserted into the campaign (its foreign key
 * holds a key-share lock on this row), so the checks that follow see that sale.
 */
export function lockCampaign(trx: Kysely<Database>, dialect: Dialect, idCampanha: number) {
  const q = trx.selectFrom('campanhas').select(campaignColumns).where('id_campanha', '=', idCampanha);
  return (dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
}

// Aliased, so the UNION's ORDER BY names result columns in SQLite as in PostgreSQL.
const editorColumns = [
  'e.id_estabelecimento as id_estabelecimento',
  'e.nome as nome',
  'ce.id_campanha as id_campanha',
  'ce.fator_cashback_e4 as fator_cashback_e4',
  'ce.fator_sorteio_e4 as fator_sorteio_e4',
] as const;

/**
 * The campaign editor's shops: every active shop of the city plus every shop already taking
 * part in `idCampanha` (0: a new campaign, so none), even an inactive one or one moved to
 * another city since, by name, with the participation's factors (×10⁴) or nulls. Two index
 * lookups (city and active; the campaign's participations) joined by a UNION.
 */
export function listEditorShops(db: Kysely<Database>, codCidade: number, idCampanha: number) {
  const active = db
    .selectFrom('estabelecimentos as e')
    .leftJoin('campanha_estabelecimentos as ce', (join) =>
      join.onRef('ce.id_estabelecimento', '=', 'e.id_estabelecimento').on('ce.id_campanha', '=', idCampanha),
    )
    .select(editorColumns)
    .where('e.cod_cidade', '=', codCidade)
    .where('e.ind_ativo', '=', 'S');
  const taking = db
    .selectFrom('campanha_estabelecimentos as ce')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'ce.id_estabelecimento')
    .select(editorColumns)
    .where('ce.id_campanha', '=', idCampanha);
  return active.union(taking).orderBy('nome').orderBy('id_estabelecimento').execute();
}

/** The participations of a campaign with the shops' names, by name. */
export function listParticipation(db: Kysely<Database>, idCampanha: number) {
  return db
    .selectFrom('campanha_estabelecimentos as ce')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'ce.id_estabelecimento')
    .select([
      'ce.id_estabelecimento',
      'e.nome',
      'e.cod_cidade',
      'ce.fator_cashback_e4',
      'ce.fator_sorteio_e4',
    ])
    .where('ce.id_campanha', '=', idCampanha)
    .orderBy('e.nome')
    .orderBy('ce.id_estabelecimento')
    .execute();
}

/** Shops by id, with their city (to check where they may take part). */
export function findShops(db: Kysely<Database>, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('estabelecimentos')
    .select(['id_estabelecimento', 'nome', 'cod_cidade'])
    .where('id_estabelecimento', 'in', ids)
    .execute();
}

export interface CampaignValues {
  den_campanha: string;
  banner: string;
  validade_ini: string;
  validade_fim: string;
  link: string;
  cod_cidade: number;
  limite_vendas_dia_loja: number | null;
  limite_cupons_mes: number | null;
  limite_valor_dia_centavos: number | null;
  pct_entidade: number;
  exige_nfce: 'S' | 'N';
}

/** A new campaign; `proximo_cupom` takes the table's default (1: coupons are numbered from 1). */
export async function insertCampaign(trx: Kysely<Database>, v: CampaignValues, at: string): Promise<number> {
  const { id_campanha } = await trx
    .insertInto('campanhas')
    .values({ ...v, criado_em: at, atualizado_em: at })
    .returning('id_campanha')
    .executeTakeFirstOrThrow();
  return id_campanha;
}

export async function updateCampaign(
  trx: Kysely<Database>,
  idCampanha: number,
  v: CampaignValues,
  at: string,
): Promise<void> {
  await trx
    .updateTable('campanhas')
    .set({ ...v, atualizado_em: at })
    .where('id_campanha', '=', idCampanha)
    .execute();
}

export interface ParticipationValues {
  id_estabelecimento: number;
  fator_cashback_e4: number;
  fator_sorteio_e4: number;
}

export async function insertParticipations(
  trx: Kysely<Database>,
  idCampanha: number,
  rows: ParticipationValues[],
): Promise<void> {
  // In slices, well under SQLite's and PostgreSQL's limits on bound parameters.
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('campanha_estabelecimentos')
      .values(rows.slice(i, i + 500).map((r) => ({ id_campanha: idCampanha, ...r })))
      .execute();
  }
}

export async function updateParticipation(
  trx: Kysely<Database>,
  idCampanha: number,
  r: ParticipationValues,
): Promise<void> {
  await trx
    .updateTable('campanha_estabelecimentos')
    .set({ fator_cashback_e4: r.fator_cashback_e4, fator_sorteio_e4: r.fator_sorteio_e4 })
    .where('id_campanha', '=', idCampanha)
    .where('id_estabelecimento', '=', r.id_estabelecimento)
    .execute();
}

/** Removes some shops from a campaign, or every one when `ids` is absent. */
export async function deleteParticipations(
  trx: Kysely<Database>,
  idCampanha: number,
  ids?: number[],
): Promise<void> {
  if (ids !== undefined && ids.length === 0) return;
  let q = trx.deleteFrom('campanha_estabelecimentos').where('id_campanha', '=', idCampanha);
  if (ids !== undefined) q = q.where('id_estabelecimento', 'in', ids);
  await q.execute();
}

/** Those of `ids` with a live sale (not deleted) in the campaign, with their names, by name. */
export function shopsWithLiveSales(trx: Kysely<Database>, idCampanha: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('estabelecimentos as e')
    .select(['e.id_estabelecimento', 'e.nome'])
    .where('e.id_estabelecimento', 'in', ids)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom(salesTable('v'))
          .select('v.id_venda')
          .where('v.id_campanha', '=', idCampanha)
          .whereRef('v.id_estabelecimento', '=', 'e.id_estabelecimento')
          .where(liveSale('v')),
      ),
    )
    .orderBy('e.nome')
    .execute();
}

/**
 * True when anything of the ledger points at the campaign: a sale (even a deleted one, it
 * stays as the record of its coupons), a coupon, a draw or a winner. Each probe is an EXISTS
 * on an index that starts with `id_campanha`. Balances (`saldos`) come only from sales, so the
 * sales probe covers them (their key starts with the user, not the campaign).
 */
export async function isReferenced(trx: Kysely<Database>, idCampanha: number): Promise<boolean> {
  const row = await trx
    .selectNoFrom(({ exists, selectFrom, or }) =>
      or([
        exists(saleIdsOf(trx, 'id_campanha', idCampanha)),
        exists(couponIdsOf(trx, 'id_campanha', idCampanha)),
        exists(selectFrom('sorteios').select('id').where('id_campanha', '=', idCampanha)),
        exists(selectFrom('contemplados').select('id_sorteado').where('id_campanha', '=', idCampanha)),
      ]).as('usada'),
    )
    .executeTakeFirstOrThrow();
  return Boolean(row.usada);
}

export async function deleteCampaign(trx: Kysely<Database>, idCampanha: number): Promise<void> {
  // A shop's default campaign has no foreign key: clear it rather than leave it dangling.
  await trx
    .updateTable('estabelecimentos')
    .set({ id_campanha_def: null })
    .where('id_campanha_def', '=', idCampanha)
    .execute();
  await trx.deleteFrom('campanhas').where('id_campanha', '=', idCampanha).execute();
}
