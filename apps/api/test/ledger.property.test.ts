import fc from 'fast-check';
import { sql } from 'kysely';
import { MSG_VENDA } from '@praca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { isHttpError } from '../src/lib/errors.js';
import type { AuthUser } from '../src/modules/auth/types.js';
import { couponsOfUser } from '../src/modules/coupons/service.js';
import * as sales from '../src/modules/sales/service.js';
import { dialect, useTestApp } from './helper.js';
import { createCampaign, createCity, createShop, createUser, day, insertConsumers } from './factories.js';

/**
 * The ledger as a state machine (domain §4): random sequences of sales created, edited (value,
 * recipient, campaign), deleted, handed over by QR code and claimed, with coupons drawn in
 * between, run through the sales service on a real database. After every step the books must
 * balance, exactly, and every refusal must be the one the rules predict and change nothing.
 */
const t = useTestApp();

const E6 = 1_000_000;
const FACTORS_E4 = [100, 123, 333, 2500]; // 0.01, 0.0123, 0.0333, 0.25
const USERS = 3;

type Op =
  | { t: 'create'; user: number; camp: number; cents: number }
  | { t: 'pending'; camp: number; cents: number }
  | { t: 'claim'; sale: number; user: number }
  | { t: 'edit'; sale: number; user: number; camp: number; cents: number }
  | { t: 'delete'; sale: number }
  | { t: 'draw'; pick: number };

const cents = fc.oneof(fc.integer({ min: 1, max: 3_000 }), fc.integer({ min: 1, max: 60_000 }));
const user = fc.integer({ min: 0, max: USERS - 1 });
const camp = fc.integer({ min: 0, max: 1 });
const pick = fc.nat({ max: 1000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ t: fc.constant('create' as const), user, camp, cents }), weight: 4 },
  { arbitrary: fc.record({ t: fc.constant('pending' as const), camp, cents }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('claim' as const), sale: pick, user }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('edit' as const), sale: pick, user, camp, cents }), weight: 3 },
  { arbitrary: fc.record({ t: fc.constant('delete' as const), sale: pick }), weight: 2 },
  { arbitrary: fc.record({ t: fc.constant('draw' as const), pick }), weight: 2 },
);

interface World {
  shop: number;
  people: number[];
  admin: AuthUser;
  deps: sales.SalesDeps;
}
const w = {} as World;
let numero = 0;

beforeAll(async () => {
  const city = await createCity(t.db);
  w.shop = (await createShop(t.db, { cod_cidade: city.cod_cidade })).id_estabelecimento;
  w.people = await insertConsumers(t.db, {
    cod_cidade: city.cod_cidade,
    nomes: Array.from({ length: USERS }, (_, i) => `Pessoa ${i}`),
  });
  const sup = await createUser(t.db, { cod_cidade: city.cod_cidade, admin: true, superadmin: true });
  w.admin = {
    id: sup.id_usuario,
    sessionId: 0,
    nome: 'Super',
    cod_cidade: city.cod_cidade,
    parceiro: false,
    admin: true,
    superadmin: true,
    estabelecimentos: [],
  };
  w.deps = {
    db: t.db,
    dialect,
    writer: sales.createSaleWriter({ db: t.db, dialect }),
    qrTtlHours: 24,
    retroDays: 7,
    qrSecret: () => Promise.resolve('segredo-de-teste-com-mais-de-32-caracteres'),
  };
});

/** Everything the invariants look at, for the campaigns of one run. */
async function snapshot(camps: number[]) {
  const [saldos, cupons, vendas, campanhas, totais, totaisDia] = await Promise.all([
    t.db.selectFrom('saldos').selectAll().where('id_campanha', 'in', camps).execute(),
    t.db.selectFrom('cupons').selectAll().where('id_campanha', 'in', camps).orderBy('id_cupom').execute(),
    t.db.selectFrom('vendas').selectAll().where('id_campanha', 'in', camps).orderBy('id_venda').execute(),
    t.db
      .selectFrom('campanhas')
      .select(['id_campanha', 'proximo_cupom'])
      .where('id_campanha', 'in', camps)
      .execute(),
    t.db.selectFrom('totais_vendas').selectAll().where('id_campanha', 'in', camps).execute(),
    t.db.selectFrom('totais_vendas_dia').selectAll().where('id_campanha', 'in', camps).execute(),
  ]);
  return {
    totais: totalsOf(totais.map((r) => [`${r.id_campanha}|${r.id_estabelecimento}|${r.ano}`, r])),
    totaisDia: totalsOf(totaisDia.map((r) => [`${r.id_campanha}|${r.id_estabelecimento}|${r.dia}`, r])),
    saldos: saldos.map((s) => ({ ...s, pontos_e6: Number(s.pontos_e6), cupons: Number(s.cupons) })),
    cupons: cupons.map((c) => ({ ...c, numero: Number(c.numero) })),
    vendas: vendas.map((v) => ({ ...v, pontos_e6: Number(v.pontos_e6), cashback_e6: Number(v.cashback_e6) })),
    proximo: new Map(campanhas.map((c) => [c.id_campanha, Number(c.proximo_cupom)])),
  };
}
type Snap = Awaited<ReturnType<typeof snapshot>>;

type Totals = Map<string, { vendas: number; centavos: number; cupons: number }>;
type TotalsRow = { vendas: number | string; centavos: number | string; cupons: number | string };

/** The dashboard's running totals by key, rows of all zeros left out (a row may outlive its sales). */
function totalsOf(rows: [string, TotalsRow][]): Totals {
  const m: Totals = new Map();
  for (const [k, r] of rows) {
    const v = { vendas: Number(r.vendas), centavos: Number(r.centavos), cupons: Number(r.cupons) };
    if (v.vendas !== 0 || v.centavos !== 0 || v.cupons !== 0) m.set(k, v);
  }
  return m;
}

/**
 * The dashboard's totals recomputed from the rows (as migration totais-do-painel's backfill
 * does): per campaign, shop and year (and per day), the counted sales (live, with a recipient),
 * their cents and their live coupons.
 */
function recomputedTotals(s: Pick<Snap, 'vendas' | 'cupons'>, byDay: boolean): Totals {
  const m: Totals = new Map();
  for (const v of s.vendas) {
    if (v.excluida_em !== null || v.id_usuario === null) continue;
    const k = `${v.id_campanha}|${v.id_estabelecimento}|${byDay ? v.dat_venda : v.dat_venda.slice(0, 4)}`;
    const t0 = m.get(k) ?? { vendas: 0, centavos: 0, cupons: 0 };
    t0.vendas += 1;
    t0.centavos += v.valor_centavos;
    t0.cupons += s.cupons.filter((c) => c.id_venda === v.id_venda && c.anulado_em === null).length;
    m.set(k, t0);
  }
  return totalsOf([...m.entries()]);
}

/** Would moving these points void a drawn coupon? (the oracle for 409) */
function voidsDrawn(s: Snap, moves: { id_usuario: number; id_campanha: number; delta: number }[]): boolean {
  const net = new Map<string, { id_usuario: number; id_campanha: number; delta: number }>();
  for (const m of moves) {
    const k = `${m.id_usuario}:${m.id_campanha}`;
    net.set(k, { ...m, delta: (net.get(k)?.delta ?? 0) + m.delta });
  }
  for (const m of net.values()) {
    if (m.delta >= 0) continue;
    const saldo = s.saldos.find((x) => x.id_usuario === m.id_usuario && x.id_campanha === m.id_campanha);
    const due = Math.floor(((saldo?.pontos_e6 ?? 0) + m.delta) / E6);
    const live = s.cupons
      .filter(
        (c) => c.id_usuario === m.id_usuario && c.id_campanha === m.id_campanha && c.anulado_em === null,
      )
      .sort((a, b) => b.numero - a.numero);
    if (live.slice(0, Math.max(0, live.length - due)).some((c) => c.sorteado_em !== null)) return true;
  }
  return false;
}

async function checkInvariants(
  camps: number[],
  factor: Map<number, number>,
  prev: Snap | null,
): Promise<Snap> {
  const s = await snapshot(camps);
  for (const idCampanha of camps) {
    // Numbers 1..proximo-1, each issued once, never reused, no gap.
    const numbers = s.cupons.filter((c) => c.id_campanha === idCampanha).map((c) => c.numero);
    const proximo = s.proximo.get(idCampanha) ?? 1;
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: proximo - 1 }, (_, i) => i + 1));
    for (const id_usuario of w.people) {
      const mine = s.vendas.filter(
        (v) => v.id_usuario === id_usuario && v.id_campanha === idCampanha && v.excluida_em === null,
      );
      const total = mine.reduce((sum, v) => sum + v.pontos_e6, 0);
      const saldo = s.saldos.find((x) => x.id_usuario === id_usuario && x.id_campanha === idCampanha);
      const live = s.cupons.filter(
        (c) => c.id_usuario === id_usuario && c.id_campanha === idCampanha && c.anulado_em === null,
      );
      expect(saldo?.pontos_e6 ?? 0).toBe(total);
      expect(saldo?.cupons ?? 0).toBe(Math.floor(total / E6));
      expect(live).toHaveLength(Math.floor(total / E6));
    }
  }
  for (const v of s.vendas) {
    // Points are exact integers: cents × factor ×10⁴.
    expect(v.pontos_e6).toBe(v.valor_centavos * (factor.get(v.id_campanha) ?? NaN));
  }
  for (const c of s.cupons) if (c.sorteado_em !== null) expect(c.anulado_em).toBeNull();
  // The dashboard's totals, kept by triggers and by `registrar_vendas`, equal a recomputation.
  expect(s.totais).toEqual(recomputedTotals(s, false));
  expect(s.totaisDia).toEqual(recomputedTotals(s, true));
  if (prev) {
    for (const old of prev.cupons) {
      const now = s.cupons.find((c) => c.id_cupom === old.id_cupom);
      expect(now).toBeDefined();
      // A coupon is never renumbered nor moved to someone else; voided stays voided; drawn stays.
      expect(now).toMatchObject({
        numero: old.numero,
        id_usuario: old.id_usuario,
        id_campanha: old.id_campanha,
      });
      if (old.anulado_em !== null) expect(now?.anulado_em).toBe(old.anulado_em);
      if (old.sorteado_em !== null) expect(now).toEqual(old);
    }
    // Voiding takes a person's newest coupons: what this step voided is above all they kept
    // from before it (a round of concurrent writes may issue newer ones after a void).
    const voidedNow = s.cupons.filter(
      (c) =>
        c.anulado_em !== null && prev.cupons.some((o) => o.id_cupom === c.id_cupom && o.anulado_em === null),
    );
    for (const v of voidedNow) {
      const kept = s.cupons.filter(
        (c) =>
          c.id_usuario === v.id_usuario &&
          c.id_campanha === v.id_campanha &&
          c.anulado_em === null &&
          prev.cupons.some((o) => o.id_cupom === c.id_cupom),
      );
      for (const k of kept) expect(k.numero).toBeLessThan(v.numero);
    }
  }
  return s;
}

async function expectSaldoShown(idUsuario: number, camps: number[], s: Snap) {
  const codCidade = w.admin.cod_cidade;
  const shown = await couponsOfUser(t.db, idUsuario, codCidade, day(0));
  for (const c of camps) {
    const p = s.saldos.find((x) => x.id_usuario === idUsuario && x.id_campanha === c)?.pontos_e6 ?? 0;
    const item = shown.find((x) => x.id_campanha === c);
    if (p === 0 && !item) continue;
    expect(item?.saldo).toBe(Math.floor((p % E6) / 100) / 1e4);
    expect(item?.saldo).toBeLessThan(1);
    expect(item?.cupons).toHaveLength(Math.floor(p / E6));
  }
}

/** A run's two campaigns at the shop, with their factors (×10⁴) by campaign. */
async function campaignsOf(factorsE4: [number, number]) {
  const camps: number[] = [];
  const factor = new Map<number, number>();
  for (const f of factorsE4) {
    const { id_campanha } = await createCampaign(t.db, {
      cod_cidade: w.admin.cod_cidade,
      lojas: [{ id_estabelecimento: w.shop, fator_sorteio: f / 1e4, fator_cashback: 0.05 }],
    });
    camps.push(id_campanha);
    factor.set(id_campanha, f);
  }
  return { camps, factor };
}

async function run(ops: Op[], factorsE4: [number, number]): Promise<void> {
  const { camps, factor } = await campaignsOf(factorsE4);
  const codes = new Map<number, string>();
  const body = (o: { user: number | null; camp: number; cents: number }) => ({
    id_campanha: camps[o.camp],
    id_estabelecimento: w.shop,
    id_usuario: o.user === null ? -1 : w.people[o.user],
    dat_venda: day(-1),
    numero_venda: `P-${++numero}`,
    valor_venda: o.cents / 100,
    id_vendedor: 99,
    qrcode: o.user === null,
  });

  let snap = await checkInvariants(camps, factor, null);
  for (const o of ops) {
    const liveSales = snap.vendas.filter((v) => v.excluida_em === null);
    const pendingSales = liveSales.filter((v) => v.id_usuario === null);
    let expect409 = false;
    let action: (() => Promise<unknown>) | null = null;

    if (o.t === 'create') {
      action = () => sales.recordSale(w.deps, w.admin, body(o), 'prop');
    } else if (o.t === 'pending') {
      action = async () => {
        const r = await sales.recordSale(w.deps, w.admin, body({ ...o, user: null }), 'prop');
        if (r.qr) codes.set(r.resposta.id_venda, r.resposta.codigo);
      };
    } else if (o.t === 'claim' && pendingSales.length > 0) {
      const sale = pendingSales[o.sale % pendingSales.length];
      const who = { ...w.admin, id: w.people[o.user] };
      action = () => sales.claimSale(w.deps, who, codes.get(sale.id_venda) ?? '', 'prop');
    } else if ((o.t === 'edit' || o.t === 'delete') && liveSales.length > 0) {
      const sale = liveSales[o.sale % liveSales.length];
      const drawn = snap.cupons.some((c) => c.id_venda === sale.id_venda && c.sorteado_em !== null);
      const moves =
        sale.id_usuario === null
          ? []
          : [{ id_usuario: sale.id_usuario, id_campanha: sale.id_campanha, delta: -sale.pontos_e6 }];
      if (o.t === 'edit') {
        moves.push({
          id_usuario: w.people[o.user],
          id_campanha: camps[o.camp],
          delta: o.cents * (factor.get(camps[o.camp]) ?? 0),
        });
        action = () => sales.editSale(w.deps, w.admin, sale.id_venda, body(o), 'prop');
      } else {
        action = () => sales.voidSale(w.deps, w.admin, sale.id_venda, 'prop');
      }
      expect409 = drawn || voidsDrawn(snap, moves);
    } else if (o.t === 'draw') {
      const candidates = snap.cupons.filter((c) => c.anulado_em === null && c.sorteado_em === null);
      if (candidates.length > 0) {
        const c = candidates[o.pick % candidates.length];
        action = () =>
          t.db
            .updateTable('cupons')
            .set({ sorteado_em: new Date().toISOString() })
            .where('id_cupom', '=', c.id_cupom)
            .execute();
      }
    }
    if (!action) continue;

    let refused: unknown = null;
    try {
      await action();
    } catch (err) {
      refused = err;
    }
    if (expect409) {
      expect(
        isHttpError(refused) && refused.statusCode === 409 && refused.erro === MSG_VENDA.cupomSorteado,
        String(refused),
      ).toBe(true);
    } else if (refused) {
      throw refused;
    }
    const next = await checkInvariants(camps, factor, snap);
    if (refused) {
      // A refusal leaves the books exactly as they were.
      expect(next.saldos).toEqual(snap.saldos);
      expect(next.cupons).toEqual(snap.cupons);
      expect(next.vendas).toEqual(snap.vendas);
    }
    snap = next;
  }
  for (const id of w.people) await expectSaldoShown(id, camps, snap);
}

/** A round of writes sent all at once: new sales (one campaign's batch on PostgreSQL), edits, voids. */
type Round = {
  creates: { user: number; camp: number; cents: number }[];
  edits: { sale: number; user: number; camp: number; cents: number }[];
  voids: number[];
};

const round: fc.Arbitrary<Round> = fc.record({
  creates: fc.array(fc.record({ user, camp, cents }), { minLength: 1, maxLength: 10 }),
  edits: fc.array(fc.record({ sale: pick, user, camp, cents }), { maxLength: 3 }),
  voids: fc.array(pick, { maxLength: 2 }),
});

/**
 * Rounds of concurrent writes through the entry point: on PostgreSQL the new sales of a round
 * go through the sale writer's batches (`registrar_vendas`, decided in SQL) while edits and
 * voids re-derive the ledger in TypeScript (`applyMoves`); every total must then equal its
 * recomputation, whoever wrote it. No coupon is drawn here, so nothing may be refused.
 */
async function runConcurrent(rounds: Round[], factorsE4: [number, number]): Promise<void> {
  const { camps, factor } = await campaignsOf(factorsE4);
  const body = (o: { user: number; camp: number; cents: number }) => ({
    id_campanha: camps[o.camp],
    id_estabelecimento: w.shop,
    id_usuario: w.people[o.user],
    dat_venda: day(-1 - (o.cents % 3)),
    numero_venda: `C-${++numero}`,
    valor_venda: o.cents / 100,
    id_vendedor: 99,
    qrcode: false,
  });
  let snap = await checkInvariants(camps, factor, null);
  for (const r of rounds) {
    const live = snap.vendas.filter((v) => v.excluida_em === null);
    // Each existing sale is changed by one write at most in a round (its lock orders the rest).
    const touched = new Set<number>();
    const once = (i: number) => {
      if (live.length === 0) return null;
      const sale = live[i % live.length]!;
      if (touched.has(sale.id_venda)) return null;
      touched.add(sale.id_venda);
      return sale;
    };
    const writes: Promise<unknown>[] = r.creates.map((o) =>
      sales.recordSale(w.deps, w.admin, body(o), 'prop'),
    );
    for (const e of r.edits) {
      const sale = once(e.sale);
      // An edit may move the sale to another campaign or day while another write voids its
      // coupons (sales/change.ts: the ledger's moves before the row keep the totals exact).
      if (sale) writes.push(sales.editSale(w.deps, w.admin, sale.id_venda, body(e), 'prop'));
    }
    for (const v of r.voids) {
      const sale = once(v);
      if (sale) writes.push(sales.voidSale(w.deps, w.admin, sale.id_venda, 'prop'));
    }
    await Promise.all(writes);
    snap = await checkInvariants(camps, factor, snap);
  }
  for (const id of w.people) await expectSaldoShown(id, camps, snap);
}

describe('the ledger, property-based', () => {
  it('keeps every total equal to its recomputation under concurrent sales, edits and voids', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(round, { minLength: 1, maxLength: 4 }),
        fc.tuple(fc.constantFrom(...FACTORS_E4), fc.constantFrom(...FACTORS_E4)),
        (rounds, factors) => runConcurrent(rounds, factors),
      ),
      { numRuns: 10, endOnFailure: true },
    );
  }, 180_000);

  it('keeps coupons = floor(points), exact balances and unique numbers through any sequence', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 12 }),
        fc.tuple(fc.constantFrom(...FACTORS_E4), fc.constantFrom(...FACTORS_E4)),
        (ops, factors) => run(ops, factors),
      ),
      { numRuns: 30 },
    );
  }, 180_000);

  /**
   * The interleaving the concurrent property met only under load (issue 50), forced. A void of
   * a person's older sale (at another shop) takes the newest coupons of their balance, those of
   * their newer sale, and is held open before it commits (a third connection holds the row its
   * audit entry points to); meanwhile an edit moves the newer sale to another day, same value.
   * When the edit wrote the sale's row without the balance's lock, its trigger counted the ten
   * coupons the void had not yet committed as voided, then waited for the void's totals row:
   * the old day ended at −3 and the new one at 10 for 7 live coupons.
   */
  it.skipIf(dialect !== 'postgres')(
    'keeps the day totals exact when an edit moves a sale whose coupons another write voids',
    async () => {
      const other = (await createShop(t.db, { cod_cidade: w.admin.cod_cidade })).id_estabelecimento;
      const { id_campanha } = await createCampaign(t.db, {
        cod_cidade: w.admin.cod_cidade,
        lojas: [w.shop, other].map((id_estabelecimento) => ({
          id_estabelecimento,
          fator_sorteio: 1,
          fator_cashback: 0.05,
        })),
      });
      const factor = new Map([[id_campanha, 10_000]]);
      const person = w.people[0]!;
      const sale = (loja: number, reais: number, dias: number) => ({
        id_campanha,
        id_estabelecimento: loja,
        id_usuario: person,
        dat_venda: day(dias),
        numero_venda: `R-${++numero}`,
        valor_venda: reais,
        id_vendedor: 99,
        qrcode: false,
      });
      const older = await sales.recordSale(w.deps, w.admin, sale(other, 3, -3), 'race');
      const newerBody = sale(w.shop, 10, -2);
      const newer = await sales.recordSale(w.deps, w.admin, newerBody, 'race');
      if (older.qr || newer.qr || older.cpf || newer.cpf) throw new Error('venda pendente inesperada');
      await checkInvariants([id_campanha], factor, null);

      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let locked!: () => void;
      const isLocked = new Promise<void>((r) => (locked = r));
      const blocker = t.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('usuarios')
          .select('id_usuario')
          .where('id_usuario', '=', w.admin.id)
          .forUpdate()
          .execute();
        locked();
        await held;
      });
      await isLocked;
      const voiding = sales.voidSale(w.deps, w.admin, older.resposta.venda.id_venda, 'race');
      await lockWaiters(1);
      const moved = { ...newerBody, dat_venda: day(-1) };
      const editing = sales.editSale(w.deps, w.admin, newer.resposta.venda.id_venda, moved, 'race');
      await lockWaiters(2);
      release();
      await Promise.all([blocker, voiding, editing]);
      await checkInvariants([id_campanha], factor, null);
    },
    30_000,
  );
});

/** Waits until `n` connections of this database wait for a lock (the forced interleaving). */
async function lockWaiters(n: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
    if ((rows[0]?.n ?? 0) >= n) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`${n} conexões deveriam esperar por um bloqueio`);
}
