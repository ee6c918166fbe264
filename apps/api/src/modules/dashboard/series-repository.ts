import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types.js';

/**
 * The charts' figures (issue 39), each one aggregate. The sales counted are the dashboard's
 * (repository.ts): live (`excluida_em` null) and given to someone (`id_usuario` not null), of the
 * city's campaigns, or of the one chosen; their coupons the live ones (`anulado_em` null).
 * A period is whole days of the sale (`dat_venda`, the programme's calendar), both ends included.
 */
export interface SeriesScope {
  codCidade: number;
  /** The campaign chosen, or null for every campaign of the city. */
  idCampanha: number | null;
  de: string;
  ate: string;
}

/**
 * The day totals of the period (`totais_vendas_dia`, kept by triggers: migration painel-por-dia)
 * of the city's campaigns, or of the one chosen: for each campaign one range of its primary key
 * (campaign, day, shop).
 */
function dayTotals(db: Kysely<Database>, s: SeriesScope) {
  return db
    .selectFrom('totais_vendas_dia as t')
    .where((eb) =>
      s.idCampanha !== null
        ? eb('t.id_campanha', '=', s.idCampanha)
        : eb(
            't.id_campanha',
            'in',
            eb.selectFrom('campanhas as c').select('c.id_campanha').where('c.cod_cidade', '=', s.codCidade),
          ),
    )
    .where('t.dia', '>=', s.de)
    .where('t.dia', '<=', s.ate);
}

/**
 * Per day with sales: how many, their total in cents, their live coupons. Days without sales
 * (or whose sales all stopped counting: rows of zeros) are absent. Grouped by campaign and day,
 * the order of the primary key (no sort), then summed over the campaigns here.
 */
export async function salesByDay(db: Kysely<Database>, s: SeriesScope) {
  const rows = await dayTotals(db, s)
    .select((eb) => [
      't.id_campanha',
      't.dia',
      eb.fn.sum<number>('t.vendas').as('vendas'),
      eb.fn.sum<number>('t.centavos').as('centavos'),
      eb.fn.sum<number>('t.cupons').as('cupons'),
    ])
    .groupBy(['t.id_campanha', 't.dia'])
    .execute();
  const byDay = new Map<string, { dia: string; vendas: number; centavos: number; cupons: number }>();
  for (const r of rows) {
    const d = byDay.get(r.dia) ?? { dia: r.dia, vendas: 0, centavos: 0, cupons: 0 };
    d.vendas += Number(r.vendas);
    d.centavos += Number(r.centavos);
    d.cupons += Number(r.cupons);
    byDay.set(r.dia, d);
  }
  return [...byDay.values()].filter((d) => d.vendas > 0).sort((a, b) => (a.dia < b.dia ? -1 : 1));
}

type ShopSums = Map<number, { vendas: number; centavos: number; cupons: number }>;

function addTo(
  into: ShopSums,
  rows: { id_estabelecimento: number; vendas: unknown; centavos: unknown; cupons: unknown }[],
  sign: 1 | -1,
) {
  for (const r of rows) {
    const t = into.get(r.id_estabelecimento) ?? { vendas: 0, centavos: 0, cupons: 0 };
    t.vendas += sign * Number(r.vendas);
    t.centavos += sign * Number(r.centavos);
    t.cupons += sign * Number(r.cupons);
    into.set(r.id_estabelecimento, t);
  }
}

/**
 * One campaign's totals per shop over the period, from the fewest rows: its first and last day
 * with rows (two seeks of the primary key) tell how much of it the period covers. All of it:
 * the campaign's running totals per shop and year (`totais_vendas`, a few rows a shop). More
 * than half of it: those totals less the day rows outside the period. Else the day rows inside.
 * Both tables are kept by the same triggers from the same rows, so every way gives the same sums.
 */
async function campaignShops(
  db: Kysely<Database>,
  idCampanha: number,
  de: string,
  ate: string,
  into: ShopSums,
) {
  const span = await db
    .selectFrom('totais_vendas_dia')
    .select((eb) => [eb.fn.min('dia').as('lo'), eb.fn.max('dia').as('hi')])
    .where('id_campanha', '=', idCampanha)
    .executeTakeFirst();
  const lo = span?.lo as string | null | undefined;
  const hi = span?.hi as string | null | undefined;
  if (!lo || !hi || hi < de || lo > ate) return;
  const sums = [
    'id_estabelecimento',
    sql<number>`sum(vendas)`.as('vendas'),
    sql<number>`sum(centavos)`.as('centavos'),
    sql<number>`sum(cupons)`.as('cupons'),
  ] as const;
  const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000 + 1;
  const inside = days(de > lo ? de : lo, ate < hi ? ate : hi);
  const outside = days(lo, hi) - inside;
  if (outside > inside) {
    const rows = await db
      .selectFrom('totais_vendas_dia')
      .select(sums)
      .where('id_campanha', '=', idCampanha)
      .where('dia', '>=', de)
      .where('dia', '<=', ate)
      .groupBy('id_estabelecimento')
      .execute();
    addTo(into, rows, 1);
    return;
  }
  const all = await db
    .selectFrom('totais_vendas')
    .select(sums)
    .where('id_campanha', '=', idCampanha)
    .groupBy('id_estabelecimento')
    .execute();
  addTo(into, all, 1);
  if (outside > 0) {
    const out = await db
      .selectFrom('totais_vendas_dia')
      .select(sums)
      .where('id_campanha', '=', idCampanha)
      .where((eb) => eb.or([eb('dia', '<', de), eb('dia', '>', ate)]))
      .groupBy('id_estabelecimento')
      .execute();
    addTo(into, out, -1);
  }
}

/** The `limit` shops with the highest total in the period (then more sales, then id). */
export async function topShops(db: Kysely<Database>, s: SeriesScope, limit: number) {
  const campaigns =
    s.idCampanha !== null
      ? [s.idCampanha]
      : (
          await db
            .selectFrom('campanhas')
            .select('id_campanha')
            .where('cod_cidade', '=', s.codCidade)
            .execute()
        ).map((c) => c.id_campanha);
  const sums: ShopSums = new Map();
  for (const c of campaigns) await campaignShops(db, c, s.de, s.ate, sums);
  const top = [...sums]
    .filter(([, t]) => t.vendas > 0)
    .sort(([ia, a], [ib, b]) => b.centavos - a.centavos || b.vendas - a.vendas || ia - ib)
    .slice(0, limit);
  if (top.length === 0) return [];
  const names = new Map(
    (
      await db
        .selectFrom('estabelecimentos')
        .select(['id_estabelecimento', 'nome'])
        .where(
          'id_estabelecimento',
          'in',
          top.map(([id]) => id),
        )
        .execute()
    ).map((e) => [e.id_estabelecimento, e.nome]),
  );
  return top.map(([id, t]) => ({ id_estabelecimento: id, nome: names.get(id) ?? '', ...t }));
}

/**
 * The city's consumer accounts (not partners nor admins) created in each of the given spans of
 * instants (`[from, to)`, ISO): one count over a range of `usuarios_novos_idx` per span.
 */
export async function newPeopleIn(
  db: Kysely<Database>,
  codCidade: number,
  spans: { from: string; to: string }[],
) {
  if (spans.length === 0) return [];
  const count = (s: { from: string; to: string }) =>
    db
      .selectFrom('usuarios')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cod_cidade', '=', codCidade)
      .where('criado_em', '>=', s.from)
      .where('criado_em', '<', s.to)
      // Literals, not parameters: the planners match them to the partial index's own WHERE.
      .where(sql<boolean>`parceiro = 0 and admin = 0 and superadmin = 0`);
  // One statement: each span a scalar subquery (SQLite and PostgreSQL alike).
  const row = await db.selectNoFrom(spans.map((s, i) => count(s).as(`s${i}`))).executeTakeFirstOrThrow();
  const values = row as Record<string, unknown>;
  return spans.map((_, i) => Number(values[`s${i}`] ?? 0));
}

/** A campaign of the city, or undefined. */
export async function findCampaign(db: Kysely<Database>, codCidade: number, idCampanha: number) {
  return db
    .selectFrom('campanhas')
    .select(['id_campanha', 'den_campanha', 'validade_ini', 'validade_fim'])
    .where('id_campanha', '=', idCampanha)
    .where('cod_cidade', '=', codCidade)
    .executeTakeFirst();
}

/** The city's latest-starting campaign running on `day`, or undefined. */
export async function runningCampaign(db: Kysely<Database>, codCidade: number, day: string) {
  return db
    .selectFrom('campanhas')
    .select(['id_campanha', 'den_campanha', 'validade_ini', 'validade_fim'])
    .where('cod_cidade', '=', codCidade)
    .where('validade_ini', '<=', day)
    .where('validade_fim', '>=', day)
    .orderBy('validade_ini', 'desc')
    .orderBy('id_campanha', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A campaign's progress: its live coupons (of counted sales: the running totals, as the
 * dashboard's) and its apurações by status.
 */
export async function campaignProgress(db: Kysely<Database>, idCampanha: number) {
  const [coupons, draws] = await Promise.all([
    db
      .selectFrom('totais_vendas')
      .select((eb) => eb.fn.sum<number | null>('cupons').as('n'))
      .where('id_campanha', '=', idCampanha)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('apuracoes')
      .select((eb) => [
        eb.fn
          .sum<number | null>(eb.case().when('status', '=', 'agendada').then(1).else(0).end())
          .as('agendadas'),
        eb.fn
          .sum<number | null>(eb.case().when('status', '=', 'apurada').then(1).else(0).end())
          .as('apuradas'),
      ])
      .where('id_campanha', '=', idCampanha)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    cupons: Number(coupons.n ?? 0),
    agendadas: Number(draws.agendadas ?? 0),
    apuradas: Number(draws.apuradas ?? 0),
  };
}
