import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, EstabelecimentosTable } from '../../db/types.js';
import { couponIdsOf } from '../coupons/queries.js';
import { saleIdsOf } from '../sales/live.js';

/** Every stored field of a shop the admin screens show, with its category's name. */
const ADMIN_COLUMNS = [
  'e.id_estabelecimento',
  'e.nome',
  'e.endereco',
  'e.complemento',
  'e.bairro',
  'e.cidade',
  'e.cep',
  'e.uf',
  'e.cod_cidade',
  'e.telefone',
  'e.whatsup',
  'e.url_foto',
  'e.url_logo',
  'e.site',
  'e.soma_estrelas',
  'e.qtd_avaliacao',
  'e.id_categoria',
  'c.categoria',
  'e.id_cupom',
  'e.ind_ativo',
  'e.vl_min_pedido_centavos',
  'e.vl_taxa_entrega_centavos',
  'e.ies_campanha',
  'e.id_campanha_def',
  'e.cnpj',
  'e.latitude',
  'e.longitude',
] as const;

function adminBase(db: Kysely<Database>) {
  return db
    .selectFrom('estabelecimentos as e')
    .leftJoin('categorias as c', 'c.id_categoria', 'e.id_categoria');
}

/** The residents' complaints against the shop that were accepted (issue 37), for its card. */
const acceptedContestacoes = (eb: ExpressionBuilder<Database & { e: Database['estabelecimentos'] }, 'e'>) =>
  eb
    .selectFrom('contestacoes as k')
    .select((k) => k.fn.countAll<number>().as('n'))
    .whereRef('k.id_estabelecimento', '=', 'e.id_estabelecimento')
    .where('k.status', '=', 'aceita')
    .as('contestacoes_aceitas');

export function findAdminRow(db: Kysely<Database>, idEstabelecimento: number) {
  return adminBase(db)
    .select(ADMIN_COLUMNS)
    .select(acceptedContestacoes)
    .where('e.id_estabelecimento', '=', idEstabelecimento)
    .executeTakeFirst();
}

export type AdminShopRow = NonNullable<Awaited<ReturnType<typeof findAdminRow>>>;

/** The shops of these ids (a partner's own), by name. */
export function listAdminRows(db: Kysely<Database>, ids: number[]): Promise<AdminShopRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return adminBase(db)
    .select(ADMIN_COLUMNS)
    .select(acceptedContestacoes)
    .where('e.id_estabelecimento', 'in', ids)
    .orderBy('e.nome')
    .orderBy('e.id_estabelecimento')
    .execute();
}

export interface AdminListFilter {
  codCidade: number;
  /** Only these shops (an admin linked to shops); undefined means every shop of the city. */
  shops?: number[];
  /** `q` as an id (only when it is all digits). */
  id?: number;
  /** LIKE pattern on lower(nome), escaped with `\`. */
  nomeLike?: string;
}

function filtered(db: Kysely<Database>, f: AdminListFilter) {
  let q = adminBase(db).where('e.cod_cidade', '=', f.codCidade);
  if (f.shops) {
    const shops = f.shops;
    q = q.where((eb) => (shops.length ? eb('e.id_estabelecimento', 'in', shops) : eb.val(false)));
  }
  const { id, nomeLike } = f;
  if (nomeLike !== undefined) {
    q = q.where((eb) => {
      const byName = eb(sql<string>`lower(e.nome)`, 'like', sql<string>`${nomeLike} escape '\\'`);
      return id === undefined ? byName : eb.or([eb('e.id_estabelecimento', '=', id), byName]);
    });
  }
  return q;
}

/** One page of a city's shops by name, and how many match in all. */
export async function listAdmin(
  db: Kysely<Database>,
  f: AdminListFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AdminShopRow[]; total: number }> {
  const { total } = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .select(ADMIN_COLUMNS)
    .select(acceptedContestacoes)
    .orderBy('e.nome')
    .orderBy('e.id_estabelecimento')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total) };
}

/** The campaigns a shop takes part in, newest first, factors ×10⁴. */
export function listShopCampaigns(db: Kysely<Database>, idEstabelecimento: number) {
  return db
    .selectFrom('campanha_estabelecimentos as ce')
    .innerJoin('campanhas as c', 'c.id_campanha', 'ce.id_campanha')
    .select([
      'c.id_campanha',
      'c.den_campanha',
      'c.validade_ini',
      'c.validade_fim',
      'ce.fator_cashback_e4',
      'ce.fator_sorteio_e4',
    ])
    .where('ce.id_estabelecimento', '=', idEstabelecimento)
    .orderBy('c.validade_ini', 'desc')
    .orderBy('c.id_campanha', 'desc')
    .execute();
}

export type ShopCampaignRow = Awaited<ReturnType<typeof listShopCampaigns>>[number];

export function findCategory(db: Kysely<Database>, idCategoria: number) {
  return db
    .selectFrom('categorias')
    .select(['id_categoria', 'categoria'])
    .where('id_categoria', '=', idCategoria)
    .executeTakeFirst();
}

/** A campaign of a city: a shop's default campaign must be one of its city's. */
export function findCityCampaign(db: Kysely<Database>, idCampanha: number, codCidade: number) {
  return db
    .selectFrom('campanhas')
    .select('id_campanha')
    .where('id_campanha', '=', idCampanha)
    .where('cod_cidade', '=', codCidade)
    .executeTakeFirst();
}

export async function insertShop(
  db: Kysely<Database>,
  values: Insertable<EstabelecimentosTable>,
): Promise<number> {
  const row = await db
    .insertInto('estabelecimentos')
    .values(values)
    .returning('id_estabelecimento')
    .executeTakeFirstOrThrow();
  return row.id_estabelecimento;
}

export async function updateShop(
  db: Kysely<Database>,
  idEstabelecimento: number,
  set: Updateable<EstabelecimentosTable>,
): Promise<void> {
  await db
    .updateTable('estabelecimentos')
    .set(set)
    .where('id_estabelecimento', '=', idEstabelecimento)
    .execute();
}

/**
 * Deletes a shop. Its sellers, campaign participations, user links, reviews and promotions
 * go with it (ON DELETE CASCADE); winners keep their record with the shop set to null
 * (ON DELETE SET NULL). Sales and coupons do not cascade: the caller refuses first.
 */
export async function deleteShop(db: Kysely<Database>, idEstabelecimento: number): Promise<boolean> {
  const r = await db
    .deleteFrom('estabelecimentos')
    .where('id_estabelecimento', '=', idEstabelecimento)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Whether any sale (deleted ones too) or coupon names the shop. */
export async function hasSalesOrCoupons(db: Kysely<Database>, idEstabelecimento: number): Promise<boolean> {
  const sale = await saleIdsOf(db, 'id_estabelecimento', idEstabelecimento).limit(1).executeTakeFirst();
  if (sale) return true;
  const coupon = await couponIdsOf(db, 'id_estabelecimento', idEstabelecimento).limit(1).executeTakeFirst();
  return coupon !== undefined;
}

export function insertSeller(db: Kysely<Database>, idEstabelecimento: number, nome: string) {
  return db
    .insertInto('vendedores')
    .values({ id_estabelecimento: idEstabelecimento, nome_vendedor: nome })
    .returning(['id_estabelecimento', 'id_vendedor', 'nome_vendedor'])
    .executeTakeFirstOrThrow();
}

export async function renameSeller(db: Kysely<Database>, idVendedor: number, nome: string): Promise<void> {
  await db
    .updateTable('vendedores')
    .set({ nome_vendedor: nome })
    .where('id_vendedor', '=', idVendedor)
    .execute();
}

/** Deletes sellers; their past sales keep existing with id_vendedor null (ON DELETE SET NULL). */
export async function deleteSellers(db: Kysely<Database>, idsVendedor: number[]): Promise<void> {
  if (idsVendedor.length === 0) return;
  await db.deleteFrom('vendedores').where('id_vendedor', 'in', idsVendedor).execute();
}
