import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * The dashboard's figures, each one aggregate (count, sum, group by) on indexed columns or on
 * the running totals of the sales: no sale row ever reaches the server's memory. PostgreSQL answers count() and sum() as bigint
 * or numeric, which db/index.ts reads as numbers; `Number()` below covers both dialects.
 */

/** Live users of the city, and those seen since `since` (ISO instant): usuarios_vivos_idx alone. */
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
 * The sales the dashboard counts are the live ones (`excluida_em` null) of the city's campaigns
 * that have a recipient: a QR hand-over still waiting for its claim (`id_usuario` null) is not
 * a sale to anyone yet, issued no coupon, and may expire unclaimed, so it is left out. Their
 * coupons are the live ones (`anulado_em` null), counted in the year and shop of their sale.
 *
 * Per year and shop: how many, the total in cents and the coupons. Read from `totais_vendas`,
 * the running totals the database keeps per campaign, shop and year (migration
 * totais-do-painel, docs/journal/015-dashboard-totals.md), summed over the city's campaigns
 * (a few rows per shop) instead of every sale and coupon. A group whose sales all stopped
 * counting stays as a row of zeros and is left out, as the aggregate over the sales would.
 */
export async function salesByYearAndShop(db: Kysely<Database>, codCidade: number, ano?: number) {
  const rows = await db
    .selectFrom('campanhas as c')
    .innerJoin('totais_vendas as t', 't.id_campanha', 'c.id_campanha')
    .innerJoin('estabelecimentos as e', 'e.id_estabelecimento', 't.id_estabelecimento')
    .where('c.cod_cidade', '=', codCidade)
    .$if(ano !== undefined, (q) => q.where('t.ano', '=', String(ano)))
    .select((eb) => [
      't.ano',
      't.id_estabelecimento',
      'e.nome',
      eb.fn.sum<number>('t.vendas').as('vendas'),
      eb.fn.sum<number>('t.centavos').as('centavos'),
      eb.fn.sum<number>('t.cupons').as('cupons'),
    ])
    .groupBy(['t.ano', 't.id_estabelecimento', 'e.nome'])
    .having((eb) => eb.fn.sum('t.vendas'), '>', 0)
    .execute();
  return rows.map((r) => ({
    ano: Number(r.ano),
    id_estabelecimento: r.id_estabelecimento,
    nome: r.nome,
    vendas: Number(r.vendas),
    centavos: Number(r.centavos),
    cupons: Number(r.cupons),
  }));
}
