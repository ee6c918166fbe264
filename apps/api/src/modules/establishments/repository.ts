import { sql, type Kysely } from 'kysely';
import { $, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';

/** Active shops with their category, the columns the consumer lists show. */
function activeShops(db: Kysely<Database>) {
  return db
    .selectFrom('estabelecimentos as e')
    .leftJoin('categorias as c', 'c.id_categoria', 'e.id_categoria')
    .select([
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
      'e.ind_ativo',
      'e.ies_campanha',
      'e.vl_min_pedido_centavos',
      'e.vl_taxa_entrega_centavos',
      'e.latitude',
      'e.longitude',
    ])
    .where('e.ind_ativo', '=', 'S');
}

/** Active shops of a city with their category, for the consumer lists. */
export function listActiveByCity(db: Kysely<Database>, codCidade: number) {
  return activeShops(db).where('e.cod_cidade', '=', codCidade).orderBy('e.nome').execute();
}

/** The ids of a city's active shops, in id order (what the home's daily pick draws from). */
export async function activeIdsOfCity(db: Kysely<Database>, codCidade: number): Promise<number[]> {
  const rows = await db
    .selectFrom('estabelecimentos')
    .select('id_estabelecimento')
    .where('cod_cidade', '=', codCidade)
    .where('ind_ativo', '=', 'S')
    .orderBy('id_estabelecimento')
    .execute();
  return rows.map((r) => r.id_estabelecimento);
}

/** Active shops of a city among `ids` (any order). */
export function listActiveByIds(db: Kysely<Database>, codCidade: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return activeShops(db)
    .where('e.cod_cidade', '=', codCidade)
    .where('e.id_estabelecimento', 'in', ids)
    .execute();
}

/**
 * A page of a city's active shops by folded name (`estabelecimentos_busca_idx`), those whose
 * folded name is `LIKE nomeLike` (escaped with `\`) when given, and how many match in all.
 */
export async function searchActiveByCity(
  db: Kysely<Database>,
  codCidade: number,
  nomeLike: string | undefined,
  page: { offset: number; limit: number },
) {
  let rows = activeShops(db).where('e.cod_cidade', '=', codCidade);
  let count = db
    .selectFrom('estabelecimentos as e')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('e.cod_cidade', '=', codCidade)
    .where('e.ind_ativo', '=', 'S');
  if (nomeLike !== undefined) {
    rows = rows.where(sql<boolean>`e.nome_busca like ${nomeLike} escape '\\'`);
    count = count.where(sql<boolean>`e.nome_busca like ${nomeLike} escape '\\'`);
  }
  const [itens, total] = await Promise.all([
    rows
      .orderBy('e.nome_busca')
      .orderBy('e.id_estabelecimento')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: itens, total: Number(total.n) };
}

export type ShopRow = Awaited<ReturnType<typeof listActiveByCity>>[number];

/** The few fields the rules about a shop need: its city, whether it is active. */
const shopBrief = prepared((db) =>
  db
    .selectFrom('estabelecimentos')
    .select(['id_estabelecimento', 'nome', 'cod_cidade', 'ind_ativo', 'url_logo'])
    .where('id_estabelecimento', '=', $(0)),
);

export async function findShopBrief(db: Kysely<Database>, idEstabelecimento: number) {
  const [row] = await shopBrief.run(db, [idEstabelecimento]);
  return row;
}

/** Adds (or, with negative values, removes) approved stars to a shop's rating. */
export async function addToRating(
  db: Kysely<Database>,
  idEstabelecimento: number,
  estrelas: number,
  quantidade: number,
): Promise<void> {
  await db
    .updateTable('estabelecimentos')
    .set((eb) => ({
      soma_estrelas: eb('soma_estrelas', '+', estrelas),
      qtd_avaliacao: eb('qtd_avaliacao', '+', quantidade),
    }))
    .where('id_estabelecimento', '=', idEstabelecimento)
    .execute();
}

/** The sellers of a shop, by name. */
export function listSellers(db: Kysely<Database>, idEstabelecimento: number) {
  return db
    .selectFrom('vendedores')
    .select(['id_estabelecimento', 'id_vendedor', 'nome_vendedor'])
    .where('id_estabelecimento', '=', idEstabelecimento)
    .orderBy('nome_vendedor')
    .orderBy('id_vendedor')
    .execute();
}

export function findSeller(db: Kysely<Database>, idVendedor: number) {
  return db
    .selectFrom('vendedores')
    .select(['id_estabelecimento', 'id_vendedor', 'nome_vendedor'])
    .where('id_vendedor', '=', idVendedor)
    .executeTakeFirst();
}
