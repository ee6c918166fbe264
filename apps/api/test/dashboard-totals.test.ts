import type { DashboardResposta } from '@praca/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { today } from '../src/lib/clock.js';
import { centsToReais } from '../src/modules/coupons/units.js';
import { backfillSql } from '../src/db/migrations/2026-11-27T1000-totais-do-painel.js';
import { backfillDaySql } from '../src/db/migrations/2026-11-28T0913-painel-por-dia.js';
import { dialect, useTestApp } from './helper.js';
import {
  bearer,
  createCampaign,
  createCity,
  createShop,
  createUser,
  day,
  insertConsumers,
  sessionFor,
} from './factories.js';

/**
 * The dashboard's running totals (`totais_vendas`, kept by triggers, docs/journal/015) after
 * every kind of write a sale goes through: after each step, the table and the dashboard must
 * equal a direct aggregate over the `vendas` and `cupons` rows (what the dashboard computed
 * before the totals existed).
 */
const t = useTestApp();

const Y = Number(today().slice(0, 4));
const w = {} as {
  city: number;
  shopA: number;
  shopB: number;
  running: number; // shops A and B, from December of last year until next month
  other: number; // shops A and B, running
  admin: string; // super-admin: may sell for any shop
  r1: number;
  r2: number;
  r1Token: string;
};

let numero = 0;
const saleBody = (o: Record<string, unknown> = {}) => ({
  id_campanha: w.running,
  id_estabelecimento: w.shopA,
  id_usuario: w.r1,
  dat_venda: today(),
  numero_venda: `TOT-${++numero}`,
  valor_venda: 250,
  id_vendedor: 99,
  qrcode: false,
  ...o,
});

async function register(o: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/parceiro/vendas',
    headers: bearer(w.admin),
    payload: saleBody(o),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ venda?: { id_venda: number }; id_venda?: number; codigo?: string }>();
}

async function edit(idVenda: number, o: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/v1/parceiro/vendas/${idVenda}`,
    headers: bearer(w.admin),
    payload: saleBody(o),
  });
  expect(res.statusCode, res.body).toBe(200);
}

interface Totals {
  vendas: number;
  centavos: number;
  cupons: number;
}
type Keyed = Record<string, Totals>;
const key = (c: number, e: number, ano: string) => `${c}:${e}:${ano}`;
const yearOf = sql<string>`substr(v.dat_venda, 1, 4)`;

/** The totals straight from the rows, per campaign, shop and year (only groups with something). */
async function fromRows(): Promise<Keyed> {
  const out: Keyed = {};
  const at = (c: number, e: number, ano: string) =>
    (out[key(c, e, ano)] ??= { vendas: 0, centavos: 0, cupons: 0 });
  const sales = await t.db
    .selectFrom('vendas as v')
    .select((eb) => [
      'v.id_campanha',
      'v.id_estabelecimento',
      yearOf.as('ano'),
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('v.valor_centavos').as('centavos'),
    ])
    .where('v.excluida_em', 'is', null)
    .where('v.id_usuario', 'is not', null)
    .groupBy(['v.id_campanha', 'v.id_estabelecimento', yearOf])
    .execute();
  for (const s of sales) {
    const r = at(s.id_campanha, s.id_estabelecimento, s.ano);
    r.vendas = Number(s.n);
    r.centavos = Number(s.centavos);
  }
  const coupons = await t.db
    .selectFrom('vendas as v')
    .innerJoin('cupons as k', 'k.id_venda', 'v.id_venda')
    .select((eb) => [
      'v.id_campanha',
      'v.id_estabelecimento',
      yearOf.as('ano'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('v.excluida_em', 'is', null)
    .where('v.id_usuario', 'is not', null)
    .where('k.anulado_em', 'is', null)
    .groupBy(['v.id_campanha', 'v.id_estabelecimento', yearOf])
    .execute();
  for (const c of coupons) at(c.id_campanha, c.id_estabelecimento, c.ano).cupons = Number(c.n);
  return out;
}

/** The kept totals, leaving out groups back at zero (the dashboard skips them). */
async function kept(): Promise<Keyed> {
  const rows = await t.db.selectFrom('totais_vendas').selectAll().execute();
  const out: Keyed = {};
  for (const r of rows) {
    const v = { vendas: Number(r.vendas), centavos: Number(r.centavos), cupons: Number(r.cupons) };
    if (v.vendas !== 0 || v.centavos !== 0 || v.cupons !== 0)
      out[key(r.id_campanha, r.id_estabelecimento, r.ano)] = v;
  }
  return out;
}

/** The day totals (migration painel-por-dia) from the rows, per campaign, day and shop. */
async function dayFromRows(): Promise<Keyed> {
  const out: Keyed = {};
  const at = (c: number, dia: string, e: number) =>
    (out[`${c}:${dia}:${e}`] ??= { vendas: 0, centavos: 0, cupons: 0 });
  const sales = await t.db
    .selectFrom('vendas as v')
    .select((eb) => [
      'v.id_campanha',
      'v.dat_venda',
      'v.id_estabelecimento',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('v.valor_centavos').as('centavos'),
    ])
    .where('v.excluida_em', 'is', null)
    .where('v.id_usuario', 'is not', null)
    .groupBy(['v.id_campanha', 'v.dat_venda', 'v.id_estabelecimento'])
    .execute();
  for (const s of sales) {
    const r = at(s.id_campanha, s.dat_venda, s.id_estabelecimento);
    r.vendas = Number(s.n);
    r.centavos = Number(s.centavos);
  }
  const coupons = await t.db
    .selectFrom('vendas as v')
    .innerJoin('cupons as k', 'k.id_venda', 'v.id_venda')
    .select((eb) => [
      'v.id_campanha',
      'v.dat_venda',
      'v.id_estabelecimento',
      eb.fn.countAll<number>().as('n'),
    ])
    .where('v.excluida_em', 'is', null)
    .where('v.id_usuario', 'is not', null)
    .where('k.anulado_em', 'is', null)
    .groupBy(['v.id_campanha', 'v.dat_venda', 'v.id_estabelecimento'])
    .execute();
  for (const c of coupons) at(c.id_campanha, c.dat_venda, c.id_estabelecimento).cupons = Number(c.n);
  return out;
}

/** The kept day totals, leaving out rows back at zero (the charts skip them). */
async function dayKept(): Promise<Keyed> {
  const rows = await t.db.selectFrom('totais_vendas_dia').selectAll().execute();
  const out: Keyed = {};
  for (const r of rows) {
    const v = { vendas: Number(r.vendas), centavos: Number(r.centavos), cupons: Number(r.cupons) };
    if (v.vendas !== 0 || v.centavos !== 0 || v.cupons !== 0)
      out[`${r.id_campanha}:${r.dia}:${r.id_estabelecimento}`] = v;
  }
  return out;
}

/** The kept totals equal the rows, and the dashboard shows the rows' figures. */
async function expectConsistent(): Promise<Keyed> {
  const rows = await fromRows();
  expect(await kept()).toEqual(rows);
  expect(await dayKept()).toEqual(await dayFromRows());

  const res = await t.app.inject({ url: `/v1/adm/dashboard?cod_cidade=${w.city}`, headers: bearer(w.admin) });
  expect(res.statusCode, res.body).toBe(200);
  const d = res.json<DashboardResposta>();
  const perShop: Record<string, Totals> = {};
  for (const [k, v] of Object.entries(rows)) {
    const [, e, ano] = k.split(':');
    const s = (perShop[`${ano}:${e}`] ??= { vendas: 0, centavos: 0, cupons: 0 });
    s.vendas += v.vendas;
    s.centavos += v.centavos;
    s.cupons += v.cupons;
  }
  const expected = Object.entries(perShop)
    .filter(([, v]) => v.vendas > 0)
    .map(([k, v]) => ({
      ano: Number(k.split(':')[0]),
      id_estabelecimento: Number(k.split(':')[1]),
      nro_vendas: v.vendas,
      total_venda: centsToReais(v.centavos),
      nro_cupons: v.cupons,
    }));
  const shown = d.vendas.map((v) => ({
    ano: v.ano,
    id_estabelecimento: v.id_estabelecimento,
    nro_vendas: v.nro_vendas,
    total_venda: v.total_venda,
    nro_cupons: v.nro_cupons,
  }));
  const order = (a: { ano: number; id_estabelecimento: number }, b: typeof a) =>
    a.ano - b.ano || a.id_estabelecimento - b.id_estabelecimento;
  expect(shown.sort(order)).toEqual(expected.sort(order));
  expect(d.estatisticas.num_vendas).toBe(expected.reduce((n, v) => n + v.nro_vendas, 0));
  expect(d.estatisticas.sum_vendas).toBe(
    centsToReais(Object.values(rows).reduce((n, v) => n + v.centavos, 0)),
  );
  return rows;
}

const total = (rows: Keyed, c: number, e: number, ano: number) =>
  rows[key(c, e, String(ano))] ?? { vendas: 0, centavos: 0, cupons: 0 };

beforeAll(async () => {
  w.city = (await createCity(t.db)).cod_cidade;
  w.shopA = (await createShop(t.db, { cod_cidade: w.city, nome: 'Loja A' })).id_estabelecimento;
  w.shopB = (await createShop(t.db, { cod_cidade: w.city, nome: 'Loja B' })).id_estabelecimento;
  const lojas = [
    { id_estabelecimento: w.shopA, fator_sorteio: 0.01 },
    { id_estabelecimento: w.shopB, fator_sorteio: 0.01 },
  ];
  w.running = (
    await createCampaign(t.db, {
      cod_cidade: w.city,
      validade_ini: `${Y - 1}-12-01`,
      validade_fim: day(30),
      lojas,
    })
  ).id_campanha;
  w.other = (await createCampaign(t.db, { cod_cidade: w.city, validade_ini: day(-10), lojas })).id_campanha;
  w.admin = await sessionFor(
    t.db,
    (await createUser(t.db, { cod_cidade: w.city, admin: true, superadmin: true })).id_usuario,
  );
  [w.r1, w.r2] = await insertConsumers(t.db, { cod_cidade: w.city, nomes: ['Rita Um', 'Rui Dois'] });
  w.r1Token = await sessionFor(t.db, w.r1);
});

describe('the dashboard totals kept by the database', () => {
  let sale = 0;

  it('count a registered sale and its coupons', async () => {
    const r = await register({ valor_venda: 250 }); // r1: 2.5 points → 2 coupons
    sale = r.venda!.id_venda;
    await register({ valor_venda: 120, id_usuario: w.r2, id_estabelecimento: w.shopB }); // r2: 1 coupon
    const rows = await expectConsistent();
    expect(total(rows, w.running, w.shopA, Y)).toEqual({ vendas: 1, centavos: 25_000, cupons: 2 });
    expect(total(rows, w.running, w.shopB, Y)).toEqual({ vendas: 1, centavos: 12_000, cupons: 1 });
  });

  it('follow an edit of the value (coupons issued and voided)', async () => {
    await edit(sale, { valor_venda: 530 }); // r1: 5.3 → 5 coupons
    let rows = await expectConsistent();
    expect(total(rows, w.running, w.shopA, Y)).toEqual({ vendas: 1, centavos: 53_000, cupons: 5 });
    await edit(sale, { valor_venda: 310 }); // 3.1 → 3: two voided
    rows = await expectConsistent();
    expect(total(rows, w.running, w.shopA, Y)).toEqual({ vendas: 1, centavos: 31_000, cupons: 3 });
  });

  it('follow an edit of the recipient', async () => {
    await edit(sale, { valor_venda: 310, id_usuario: w.r2 });
    const rows = await expectConsistent();
    expect(total(rows, w.running, w.shopA, Y).vendas).toBe(1);
  });

  it('move the sale with an edit of the shop, the campaign and the year', async () => {
    await edit(sale, { valor_venda: 310, id_usuario: w.r2, id_estabelecimento: w.shopB });
    let rows = await expectConsistent();
    expect(total(rows, w.running, w.shopA, Y).vendas).toBe(0);
    expect(total(rows, w.running, w.shopB, Y)).toMatchObject({ vendas: 2, centavos: 43_000 });

    await edit(sale, {
      valor_venda: 310,
      id_usuario: w.r2,
      id_estabelecimento: w.shopB,
      id_campanha: w.other,
    });
    rows = await expectConsistent();
    expect(total(rows, w.other, w.shopB, Y)).toMatchObject({ vendas: 1, centavos: 31_000 });
    expect(total(rows, w.running, w.shopB, Y)).toMatchObject({ vendas: 1, centavos: 12_000 });

    await edit(sale, { valor_venda: 310, id_usuario: w.r2 });
    // The API moves a sale at most VENDA_RETROATIVA_DIAS back (issue 37), so the move to last
    // year is written straight to the table, which is what the triggers watch.
    await t.db
      .updateTable('vendas')
      .set({ dat_venda: `${Y - 1}-12-20` })
      .where('id_venda', '=', sale)
      .execute();
    rows = await expectConsistent();
    expect(total(rows, w.running, w.shopA, Y - 1)).toMatchObject({ vendas: 1, centavos: 31_000 });
    expect(total(rows, w.other, w.shopB, Y).vendas).toBe(0);
  });

  it('take a deleted sale away, with its coupons', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/v1/parceiro/vendas/${sale}`,
      headers: bearer(w.admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await expectConsistent();
    expect(total(rows, w.running, w.shopA, Y - 1)).toEqual({ vendas: 0, centavos: 0, cupons: 0 });
  });

  it('count a QR hand-over only once claimed', async () => {
    const qr = await register({ id_usuario: -1, qrcode: true, valor_venda: 440 });
    let rows = await expectConsistent();
    expect(total(rows, w.running, w.shopA, Y).vendas).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/usuarios/vendas/resgatar',
      headers: bearer(w.r1Token),
      payload: { codigo: qr.codigo },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    rows = await expectConsistent();
    expect(total(rows, w.running, w.shopA, Y)).toMatchObject({ vendas: 1, centavos: 44_000 });
    expect(total(rows, w.running, w.shopA, Y).cupons).toBeGreaterThan(0);
  });

  it('follow rows written directly: coupon voids, moves and deletes, sale updates and deletes', async () => {
    const [k] = await t.db
      .selectFrom('cupons')
      .select(['id_cupom', 'id_venda'])
      .where('anulado_em', 'is', null)
      .orderBy('id_cupom')
      .limit(1)
      .execute();
    await t.db
      .updateTable('cupons')
      .set({ anulado_em: new Date().toISOString() })
      .where('id_cupom', '=', k.id_cupom)
      .execute();
    await expectConsistent();
    await t.db.updateTable('cupons').set({ anulado_em: null }).where('id_cupom', '=', k.id_cupom).execute();
    await expectConsistent();
    // A coupon moved to another (deleted) sale, then deleted.
    await t.db.updateTable('cupons').set({ id_venda: sale }).where('id_cupom', '=', k.id_cupom).execute();
    await expectConsistent();
    await t.db
      .updateTable('cupons')
      .set({ id_venda: k.id_venda })
      .where('id_cupom', '=', k.id_cupom)
      .execute();
    await expectConsistent();
    // Several rows in one statement (PostgreSQL's statement triggers see them together).
    await t.db
      .updateTable('vendas')
      .set({ valor_centavos: 1_000, dat_venda: `${Y - 1}-12-24` })
      .where('excluida_em', 'is', null)
      .execute();
    await expectConsistent();
    await t.db.updateTable('vendas').set({ excluida_em: null }).where('id_venda', '=', sale).execute();
    await expectConsistent();
    await t.db.deleteFrom('cupons').where('id_venda', '=', sale).execute();
    await t.db.deleteFrom('vendas').where('id_venda', '=', sale).execute();
    await expectConsistent();
  });

  it('are rebuilt from the rows by the backfill of the migration', async () => {
    const before = await kept();
    await t.db.deleteFrom('totais_vendas').execute();
    await sql.raw(backfillSql(dialect === 'postgres')).execute(t.db);
    expect(await kept()).toEqual(before);
    const dayBefore = await dayKept();
    await t.db.deleteFrom('totais_vendas_dia').execute();
    await sql.raw(backfillDaySql(dialect === 'postgres')).execute(t.db);
    expect(await dayKept()).toEqual(dayBefore);
    await expectConsistent();
  });
});
