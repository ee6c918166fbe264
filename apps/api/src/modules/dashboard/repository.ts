import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * The dashboard's figures, each one aggregate (count, sum, group by) on indexed columns: no
 * sale row ever reaches the server's memory. PostgreSQL answers count() and sum() as bigint
 * or numeric, which db/index.ts reads as numbers; `Number()` below covers both dialects.
 */

/** Live users of the city, and those seen since `since` (ISO instant): usuarios_visto_idx. */
export async function countUsers(db: Kysely<Database>, codCidade: number, since: string) {
  const row = await db
    .selectFrom('usuarios')
    .select((eb) => [
      eb.fn.countAll<number>().as('usuarios'),
      eb.fn.sum<number | null>(eb.case().when('visto_em', '>=', since).then(1).else(0).end()).as('online'),
    ])
    .where('cod_cidade', '=', codCidade)
    .where('removido_em', 'is', null)
    .executeTakeFirstOrThrow();
  return { usuarios: Number(row.usuarios), online: Number(row.online ?? 0) };
}

/** Shops of the city and the active ones: estabelecimentos_cidade_idx (cod_cidade, ind_ativo). */
export async function countShops(db: Kysely<Database>, codCidade: number) {
  const row = await db
    .selectFrom('estabelecimentos')
    .select((eb) => [
      eb.fn.countAll<number>().as('empresas'),
      eb.fn.sum<number | null>(eb.case().when('ind_ativo', '=', 'S').then(1).else(0).end()).as('ativos'),
    ])
    .where('cod_cidade', '=', codCidade)
    .executeTakeFirstOrThrow();
  return { empresas: Number(row.empresas), ativos: Number(row.ativos ?? 0) };
}

/** The city's campaigns, and the distinct shops of the city taking part in one running on `day`. */
export async function countCampaigns(db: Kysely<Database>, codCidade: number, day: string) {
  const total = await db
    .selectFrom('campanhas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('cod_cidade', '=', codCidade)
    .executeTakeFirstOrThrow();
  const participantes = await db
    .selectFrom('campanhas as c')
    .innerJoin('campanha_estabelecimentos as ce', 'ce.id_campanha', 'c.id_campanha')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'ce.id_estabelecimento')
    .select((eb) => eb.fn.count<number>('ce.id_estabelecimento').distinct().as('n'))
    .where('c.cod_cidade', '=', codCidade)
    .where('c.validade_ini', '<=', day)
    .where('c.validade_fim', '>=', day)
    .where('e.cod_cidade', '=', codCidade)
    .executeTakeFirstOrThrow();
  return { campanhas: Number(total.n), participantes: Number(participantes.n) };
}

/**
 * The sales the dashboard counts: live ones (`excluida_em` null) of the city's campaigns that
 * have a recipient. A QR hand-over still waiting for its claim (`id_usuario` null) is not a
 * sale to anyone yet, issued no coupon, and may expire unclaimed, so it is left out.
 * vendas_campanha_idx (id_campanha, …) serves the join from the city's campaigns.
 */
function citySales(db: Kysely<Database>, codCidade: number) {
  return db
    .selectFrom('campanhas as c')
    .innerJoin('vendas as v', 'v.id_campanha', 'c.id_campanha')
    .where('c.cod_cidade', '=', codCidade)
    .where('v.excluida_em', 'is', null)
    .where('v.id_usuario', 'is not', null);
}

/** Number of counted sales and their total in cents. */
export async function salesTotals(db: Kysely<Database>, codCidade: number) {
  const row = await citySales(db, codCidade)
    .select((eb) => [
      eb.fn.countAll<number>().as('vendas'),
      eb.fn.sum<number | null>('v.valor_centavos').as('centavos'),
    ])
    .executeTakeFirstOrThrow();
  return { vendas: Number(row.vendas), centavos: Number(row.centavos ?? 0) };
}

/** `YYYY` of a sale's date: substr works the same on SQLite and PostgreSQL text. */
const yearOf = sql<string>`substr(v.dat_venda, 1, 4)`;

/** Counted sales per year of `dat_venda` and shop: how many and the total in cents. */
export async function salesByYearAndShop(db: Kysely<Database>, codCidade: number) {
  const rows = await citySales(db, codCidade)
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 'v.id_estabelecimento')
    .select((eb) => [
      yearOf.as('ano'),
      'v.id_estabelecimento',
      'e.nome',
      eb.fn.countAll<number>().as('vendas'),
      eb.fn.sum<number>('v.valor_centavos').as('centavos'),
    ])
    .groupBy([yearOf, 'v.id_estabelecimento', 'e.nome'])
    .execute();
  return rows.map((r) => ({
    ano: Number(r.ano),
    id_estabelecimento: r.id_estabelecimento,
    nome: r.nome,
    vendas: Number(r.vendas),
    centavos: Number(r.centavos),
  }));
}

/** Live (not voided) coupons of the counted sales, per year of the sale and shop of the sale. */
export async function couponsByYearAndShop(db: Kysely<Database>, codCidade: number) {
  const rows = await citySales(db, codCidade)
    .innerJoin('cupons as cu', 'cu.id_venda', 'v.id_venda')
    .where('cu.anulado_em', 'is', null)
    .select((eb) => [yearOf.as('ano'), 'v.id_estabelecimento', eb.fn.countAll<number>().as('cupons')])
    .groupBy([yearOf, 'v.id_estabelecimento'])
    .execute();
  return rows.map((r) => ({
    ano: Number(r.ano),
    id_estabelecimento: r.id_estabelecimento,
    cupons: Number(r.cupons),
  }));
}
