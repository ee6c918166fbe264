import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/types.js';

/**
 * SQL of the admin promotions (issue 7). Every function takes `db` or a transaction first, so
 * the service runs several in one transaction. A promotion belongs to the city of its shop.
 */

function promotionQuery(db: Kysely<Database>) {
  return db
    .selectFrom('promocoes as p')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'p.id_estabelecimento');
}

const promotionColumns = [
  'p.id_promocao',
  'p.id_estabelecimento',
  'e.nome as nomeestabelecimento',
  'e.cod_cidade',
  'p.dat_inicio',
  'p.dat_final',
  'p.plano_dias',
  'p.ies_pago',
  'p.imagem',
  'p.linkproduto',
  'p.val_desconto_e4',
  'p.porc_desconto_e4',
  'p.val_minimo_centavos',
  'p.cod_produto',
  'p.regra',
] as const;

export interface PromotionFilter {
  codCidade: number;
  /** A LIKE pattern (escaped with `\`, lower case) matched against the shop's name and the product code. */
  like?: string;
  /** With `like`: also the promotion of this id. */
  id?: number;
}

/**
 * The promotions of a city's shops, newest start first (then id desc), one page and the total.
 * `lower()` on both sides: Unicode-aware in PostgreSQL, ASCII in SQLite, the same on both
 * sides of the comparison in each.
 */
export async function listByCity(
  db: Kysely<Database>,
  f: PromotionFilter,
  page: { offset: number; limit: number },
) {
  let q = promotionQuery(db).where('e.cod_cidade', '=', f.codCidade);
  const { like, id } = f;
  if (like !== undefined) {
    q = q.where((eb) => {
      const text = eb.or([
        eb(sql<string>`lower(e.nome)`, 'like', sql<string>`${like} escape '\\'`),
        eb(sql<string>`lower(p.cod_produto)`, 'like', sql<string>`${like} escape '\\'`),
      ]);
      return id === undefined ? text : eb.or([eb('p.id_promocao', '=', id), text]);
    });
  }
  const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select(promotionColumns)
    .orderBy('p.dat_inicio', 'desc')
    .orderBy('p.id_promocao', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  return { rows, total: Number(total) };
}

export function findPromotion(db: Kysely<Database>, idPromocao: number) {
  return promotionQuery(db)
    .select(promotionColumns)
    .where('p.id_promocao', '=', idPromocao)
    .executeTakeFirst();
}

export type PromotionRow = NonNullable<Awaited<ReturnType<typeof findPromotion>>>;

/**
 * The promotion with its shop's city, the promotion row locked for the rest of the
 * transaction in PostgreSQL (SQLite has one writer), so two edits of one promotion queue.
 */
export function lockPromotion(trx: Kysely<Database>, dialect: Dialect, idPromocao: number) {
  const q = promotionQuery(trx).select(promotionColumns).where('p.id_promocao', '=', idPromocao);
  return (dialect === 'postgres' ? q.forUpdate('p') : q).executeTakeFirst();
}

export interface PromotionValues {
  id_estabelecimento: number;
  dat_inicio: string;
  dat_final: string;
  plano_dias: number;
  ies_pago: 'S' | 'N';
  imagem: string;
  linkproduto: string;
  val_desconto_e4: number;
  porc_desconto_e4: number;
  val_minimo_centavos: number;
  cod_produto: string;
  regra: string;
}

export async function insertPromotion(
  trx: Kysely<Database>,
  v: PromotionValues,
  at: string,
): Promise<number> {
  const { id_promocao } = await trx
    .insertInto('promocoes')
    .values({ ...v, criado_em: at, atualizado_em: at })
    .returning('id_promocao')
    .executeTakeFirstOrThrow();
  return id_promocao;
}

export async function updatePromotion(
  trx: Kysely<Database>,
  idPromocao: number,
  v: PromotionValues,
  at: string,
): Promise<void> {
  await trx
    .updateTable('promocoes')
    .set({ ...v, atualizado_em: at })
    .where('id_promocao', '=', idPromocao)
    .execute();
}

export async function deletePromotion(trx: Kysely<Database>, idPromocao: number): Promise<void> {
  await trx.deleteFrom('promocoes').where('id_promocao', '=', idPromocao).execute();
}
