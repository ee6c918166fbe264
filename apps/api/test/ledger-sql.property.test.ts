import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryBalances, couponsDue, earnedE6, totalsDelta } from '../src/modules/coupons/ledger.js';
import { createCampaign, createCity, createShop, createUser, insertConsumers } from './factories.js';
import { dialect, useTestApp } from './helper.js';
import { mulberry32 } from './prng.js';

/**
 * The ledger's rule twice, once: PostgreSQL's batched sale path (`registrar_vendas`, which counts
 * coupons with `cupons_devidos` inside the database) against modules/coupons/ledger.ts
 * (`earnedE6`, `couponsDue` through `MemoryBalances`, `totalsDelta`). Random starting balances
 * (many a few micro-points short of a coupon), random sales (values that land just before, on
 * and just after a coupon's boundary, big ones that complete several, sales earning nothing,
 * sales without a recipient, numbers already taken), several people, shops and campaigns, in
 * batches of 1 to 32 sent straight to the function; every answer, balance, coupon number and
 * dashboard total must be the one the TypeScript rule predicts. Fixed seeds: a failure names its
 * seed and batch and happens again on every run.
 */
const t = useTestApp();

const E6 = 1_000_000;
const PEOPLE = 6;
const SHOPS = 3;
const CAMPAIGNS = 3;
/** Factors ×10⁴: 0 (earns nothing), 0.0001, 0.01, 0.0333, 0.25, 1. */
const FACTORS_E4 = [0, 1, 100, 333, 2_500, 10_000];
const DAYS = ['2026-12-30', '2026-12-31', '2027-01-01'];
const REGISTER =
  'select ordem, id_venda, pontos_e6, primeiro, cupons, erro, restricao, mensagem from registrar_vendas($1)';

interface Row {
  ordem: number;
  id_venda: number | null;
  pontos_e6: string | null;
  primeiro: string | null;
  cupons: number[] | null;
  erro: string | null;
  restricao: string | null;
}

interface World {
  cod_cidade: number;
  partner: number;
  shops: number[];
  camps: number[];
  people: number[];
}
const w = {} as World;

beforeAll(async () => {
  if (dialect !== 'postgres') return;
  const city = await createCity(t.db);
  w.cod_cidade = city.cod_cidade;
  w.shops = [];
  for (let i = 0; i < SHOPS; i++) {
    w.shops.push((await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento);
  }
  w.partner = (await createUser(t.db, { cod_cidade: city.cod_cidade, parceiro: true })).id_usuario;
  w.people = await insertConsumers(t.db, {
    cod_cidade: city.cod_cidade,
    nomes: Array.from({ length: PEOPLE }, (_, i) => `Pessoa Regra ${i}`),
  });
});

/** Totals keyed as the table's primary key. */
type Totals = Map<string, { vendas: number; centavos: number; cupons: number }>;
function addTo(totals: Totals, key: string, d: { vendas: number; centavos: number; cupons: number }) {
  const cur = totals.get(key) ?? { vendas: 0, centavos: 0, cupons: 0 };
  totals.set(key, {
    vendas: cur.vendas + d.vendas,
    centavos: cur.centavos + d.centavos,
    cupons: cur.cupons + d.cupons,
  });
}
const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** One run: a world of campaigns of its own, `batches` batches, checked after each. */
async function run(seed: number, batches: number): Promise<void> {
  const rnd = mulberry32(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;

  const camps: number[] = [];
  for (let i = 0; i < CAMPAIGNS; i++) {
    camps.push((await createCampaign(t.db, { cod_cidade: w.cod_cidade })).id_campanha);
  }
  const factor = new Map<string, number>();
  for (const c of camps) for (const s of w.shops) factor.set(`${c}:${s}`, pick(FACTORS_E4));

  // Starting balances: none, a few micro-points short of a coupon, exactly on one, or anywhere.
  const books = new Map(camps.map((c) => [c, new MemoryBalances(PEOPLE)]));
  const initial: { id_usuario: number; id_campanha: number; pontos_e6: number; cupons: number }[] = [];
  for (const c of camps) {
    for (let p = 0; p < PEOPLE; p++) {
      const kind = int(4);
      if (kind === 0) continue;
      const whole = int(6);
      const pontos =
        kind === 1 ? Math.max(0, (whole + 1) * E6 - 1 - int(3)) : kind === 2 ? whole * E6 : int(6 * E6);
      const b = books.get(c)!;
      b.pontosE6[p] = pontos;
      b.cupons[p] = couponsDue(pontos);
      initial.push({
        id_usuario: w.people[p]!,
        id_campanha: c,
        pontos_e6: pontos,
        cupons: couponsDue(pontos),
      });
    }
  }
  if (initial.length > 0) await t.db.insertInto('saldos').values(initial).execute();

  const taken = new Set<string>();
  const numbers: string[] = []; // numero_venda of each sale made, for reuse
  const nextNumber = new Map(camps.map((c) => [c, 1]));
  /** Each coupon issued, in the model: `campaign:number` → `person:numero_venda`. */
  const coupons = new Map<string, string>();
  const totals: Totals = new Map();
  const totalsDay: Totals = new Map();
  let serial = 0;

  for (let b = 0; b < batches; b++) {
    const size = 1 + int(32);
    const sales = Array.from({ length: size }, () => {
      const c = pick(camps);
      const s = pick(w.shops);
      const who = rnd() < 0.1 ? null : int(PEOPLE);
      const f = factor.get(`${c}:${s}`)!;
      const bal = who === null ? 0 : books.get(c)!.pontosE6[who]!;
      // A value landing just before, on or just after the next coupon's boundary, or a big one.
      const toNext = (Math.floor(bal / E6) + 1) * E6 - bal;
      let valor =
        f > 0 && rnd() < 0.6 ? Math.ceil(toNext / f) + int(3) - 1 : 1 + int(rnd() < 0.2 ? 300_000 : 30_000);
      valor = Math.max(1, valor);
      const numero = numbers.length > 0 && rnd() < 0.06 ? pick(numbers) : `R${seed}-${++serial}`;
      numbers.push(numero);
      return {
        c,
        s,
        who,
        valor,
        json: {
          id_campanha: c,
          id_estabelecimento: s,
          id_usuario: who === null ? null : w.people[who]!,
          id_vendedor: null,
          dat_venda: pick(DAYS),
          numero_venda: numero,
          valor_centavos: valor,
          pontos_e6: earnedE6(valor, f),
          cashback_e6: 0,
          qr_token_hash: null,
          qr_expira_em: null,
          criado_por: w.partner,
          at: '2027-01-01T12:00:00.000Z',
          depois: JSON.stringify({ numero_venda: numero, cupons_emitidos: [] }),
          ip: '127.0.0.1',
        },
      };
    });

    // The TypeScript rule, sale after sale in the batch's order.
    const expected = sales.map((sale) => {
      const key = `${sale.s}:${sale.json.numero_venda}`;
      if (taken.has(key)) return { erro: '23505', pontos_e6: null, primeiro: null, k: 0 };
      taken.add(key);
      const pts = sale.json.pontos_e6;
      let k = 0;
      let after: number | null = null;
      if (sale.who !== null && pts !== 0) {
        const book = books.get(sale.c)!;
        k = book.credit(sale.who, pts);
        after = book.pontosE6[sale.who]!;
      }
      const first = k > 0 ? nextNumber.get(sale.c)! : null;
      nextNumber.set(sale.c, nextNumber.get(sale.c)! + k);
      for (let i = 0; i < k; i++) {
        coupons.set(`${sale.c}:${first! + i}`, `${sale.json.id_usuario}:${sale.json.numero_venda}`);
      }
      const d = totalsDelta(sale.json, k);
      if (d.vendas !== 0) {
        addTo(totals, `${sale.c}:${sale.s}:${sale.json.dat_venda.slice(0, 4)}`, d);
        addTo(totalsDay, `${sale.c}:${sale.json.dat_venda}:${sale.s}`, d);
      }
      return { erro: null, pontos_e6: after, primeiro: first, k };
    });

    // The database's rule, the whole batch in one statement.
    const { rows } = await t.db.executeQuery<Row>(
      CompiledQuery.raw(REGISTER, [JSON.stringify(sales.map((s) => s.json))]),
    );
    const where = `seed ${seed}, batch ${b} (${size} sales)`;
    expect(
      rows.map((r) => ({
        erro: r.erro,
        pontos_e6: r.pontos_e6 === null ? null : Number(r.pontos_e6),
        primeiro: r.primeiro === null ? null : Number(r.primeiro),
        k: r.cupons?.length ?? 0,
      })),
      where,
    ).toEqual(expected);
    await checkBooks(camps, books, coupons, totals, totalsDay, where);
  }
}

/** Balances, coupons (numbers 1…N, each to its person and sale) and both totals tables. */
async function checkBooks(
  camps: number[],
  books: Map<number, MemoryBalances>,
  coupons: Map<string, string>,
  totals: Totals,
  totalsDay: Totals,
  where: string,
): Promise<void> {
  const saldos = await t.db.selectFrom('saldos').selectAll().where('id_campanha', 'in', camps).execute();
  const expectedSaldos = camps.flatMap((c) =>
    w.people.flatMap((id_usuario, p) => {
      const b = books.get(c)!;
      const found = saldos.some((s) => s.id_usuario === id_usuario && s.id_campanha === c);
      return found || b.pontosE6[p] !== 0
        ? [`${id_usuario}:${c} ${b.pontosE6[p]} ${b.cupons[p]} ${couponsDue(b.pontosE6[p]!)}`]
        : [];
    }),
  );
  expect(
    saldos
      .map(
        (s) =>
          `${s.id_usuario}:${s.id_campanha} ${Number(s.pontos_e6)} ${Number(s.cupons)} ${couponsDue(Number(s.pontos_e6))}`,
      )
      .sort(),
    `${where}: balances`,
  ).toEqual(expectedSaldos.sort());

  const rows = await t.db
    .selectFrom('cupons')
    .innerJoin('vendas', 'vendas.id_venda', 'cupons.id_venda')
    .select([
      'cupons.id_campanha',
      'cupons.numero',
      'cupons.id_usuario',
      'vendas.numero_venda',
      'cupons.anulado_em',
    ])
    .where('cupons.id_campanha', 'in', camps)
    .execute();
  expect(
    new Map(rows.map((r) => [`${r.id_campanha}:${Number(r.numero)}`, `${r.id_usuario}:${r.numero_venda}`])),
    `${where}: coupons`,
  ).toEqual(coupons);
  expect(
    rows.filter((r) => r.anulado_em !== null),
    `${where}: voided coupons`,
  ).toEqual([]);
  for (const c of camps) {
    const mine = rows.filter((r) => r.id_campanha === c).map((r) => Number(r.numero));
    expect(
      mine.sort((a, b) => a - b),
      `${where}: numbers of campaign ${c}`,
    ).toEqual(Array.from({ length: mine.length }, (_, i) => i + 1));
  }
  const counters = await t.db
    .selectFrom('campanhas')
    .select(['id_campanha', 'proximo_cupom'])
    .where('id_campanha', 'in', camps)
    .execute();
  for (const k of counters) {
    const issued = rows.filter((r) => r.id_campanha === k.id_campanha).length;
    expect(Number(k.proximo_cupom), `${where}: counter of campaign ${k.id_campanha}`).toBe(issued + 1);
  }

  const year = await t.db.selectFrom('totais_vendas').selectAll().where('id_campanha', 'in', camps).execute();
  const day = await t.db
    .selectFrom('totais_vendas_dia')
    .selectAll()
    .where('id_campanha', 'in', camps)
    .execute();
  const asMap = (xs: { key: string; vendas: number; centavos: number; cupons: number }[]): Totals =>
    new Map(
      xs
        .filter((x) => Number(x.vendas) !== 0 || Number(x.centavos) !== 0 || Number(x.cupons) !== 0)
        .map((x) => [
          x.key,
          { vendas: Number(x.vendas), centavos: Number(x.centavos), cupons: Number(x.cupons) },
        ]),
    );
  expect(
    sorted(asMap(year.map((r) => ({ ...r, key: `${r.id_campanha}:${r.id_estabelecimento}:${r.ano}` })))),
    `${where}: totais_vendas`,
  ).toEqual(sorted(totals));
  expect(
    sorted(asMap(day.map((r) => ({ ...r, key: `${r.id_campanha}:${r.dia}:${r.id_estabelecimento}` })))),
    `${where}: totais_vendas_dia`,
  ).toEqual(sorted(totalsDay));
}

describe.runIf(dialect === 'postgres')('the ledger rule in SQL and in TypeScript (postgres)', () => {
  it('cupons_devidos answers couponsDue for balances on, around and far from every boundary', async () => {
    const rnd = mulberry32(50);
    const values = [0, 1, E6 - 1, E6, E6 + 1, 2 * E6 - 1, 2 * E6, 2 ** 40, 2 ** 53 - 1];
    for (let i = 0; i < 500; i++) {
      const whole = Math.floor(rnd() * 10_000);
      values.push(whole * E6 + Math.floor(rnd() * 3) - 1, Math.floor(rnd() * 2 ** 45));
    }
    const input = values.filter((v) => v >= 0);
    const { rows } = await sql<{ v: string; k: string }>`
      select v::text as v, cupons_devidos(v)::text as k from unnest(${input.map(String)}::bigint[]) as v`.execute(
      t.db,
    );
    expect(rows.map((r) => [Number(r.v), Number(r.k)])).toEqual(input.map((v) => [v, couponsDue(v)]));
  });

  it('registrar_vendas issues the balances, coupons, numbers and totals ledger.ts computes', async () => {
    for (const seed of [1, 2, 3]) await run(seed, 12);
  }, 120_000);
});
