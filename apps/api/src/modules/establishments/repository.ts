import type { Kysely } from 'kysely';
import { $, prepared } from '../../db/prepared.js';
import type { Database } from '../../db/types.js';

/** Active shops of a city with their category, for the consumer lists. */
export function listActiveByCity(db: Kysely<Database>, codCidade: number) {
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
    .where('e.cod_cidade', '=', codCidade)
    .where('e.ind_ativo', '=', 'S')
    .orderBy('e.nome')
    .execute();
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
