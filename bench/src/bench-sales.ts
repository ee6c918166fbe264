import { dayIn, PROGRAMME_TIME_ZONE } from '@praca/contract';
import { backendCpu, backendCpuSince, type BenchDb } from './bench-db.js';
import { cannon, login, type CannonResult } from './bench-http.js';
import { combine } from './bench-reads.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import { cpuSecondsOfTree, type RunningServer } from './server.js';

export interface SalesOptions {
  connections: number;
  duration: number;
  /**
   * Then the same load again, side by side: the campaign without limits and with its three
   * limits (issue 37) set too high to refuse, in alternating slices (`--sales-limits`).
   */
  limits?: boolean;
  /**
   * The server is several instances behind one port (`npm run start:cluster`, `--instances`):
   * the figures are named with `label` (say `postgres ×2`), and the server's CPU is its
   * primary's and its workers'.
   */
  label?: string;
}

/** Sales per shop per day, coupons per month, centavos per day: checked in full, never reached. */
const HIGH_LIMITS = [1_000_000, 1_000_000, 100_000_000];

/**
 * The sale day: today on the programme's clock (the server refuses a sale dated after it, and
 * from 21:00 to 24:00 in São Paulo UTC is already tomorrow) clamped into the campaign's
 * validity, so every sale is accepted.
 */
export async function saleDay(db: BenchDb, idCampanha: number): Promise<string> {
  const [camp] = await db.all<{ ini: string; fim: string }>(
    'select validade_ini as ini, validade_fim as fim from campanhas where id_campanha = ?',
    [idCampanha],
  );
  const today = dayIn(PROGRAMME_TIME_ZONE, new Date());
  return camp ? [camp.ini, today, camp.fim].sort()[1]! : today;
}

/** How many coupons a sale's answer gave (0 for an answer that is not a sale). */
export function couponsIn(body: unknown): number {
  try {
    const parsed = JSON.parse(String(body)) as { cupons?: unknown[] };
    return Array.isArray(parsed.cupons) ? parsed.cupons.length : 0;
  } catch {
    return 0;
  }
}

/** One sale as the benchmark registers it: the partner's shop and campaign, a random consumer. */
export function saleBody(t: BenchTarget, day: string, numero: string) {
  return {
    id_campanha: t.partner.idCampanha,
    id_estabelecimento: t.partner.idEstabelecimento,
    id_usuario: t.consumerIds[Math.floor(Math.random() * t.consumerIds.length)]!,
    dat_venda: day,
    numero_venda: numero,
    valor_venda: 10 + Math.floor(Math.random() * 490),
    id_vendedor: 99,
  };
}

const us = (x: number) => (Number.isFinite(x) ? `${Math.round(x)} µs` : 'n/a');

/** What `checkLedger` found: empty `problems` when the ledger and the dashboard are exact. */
export interface LedgerCheck {
  problems: string[];
  coupons: number;
}

/**
 * The ledger after a sales run (issue 38): each answered sale (`answered`, its number → how
 * many coupons its answer gave) stored once with exactly those live coupons; the campaign's
 * coupon numbers unique and gapless, 1…proximo_cupom − 1; and the dashboard totals' row of
 * the shop, campaign and year equal to a recount of its sales and coupons.
 */
export async function checkLedger(
  db: BenchDb,
  t: BenchTarget,
  day: string,
  prefix: string,
  answered: Map<string, number>,
): Promise<LedgerCheck> {
  const problems: string[] = [];
  const { idCampanha: c, idEstabelecimento: e } = t.partner;
  const sales = await db.all<{ numero_venda: string; n: number | string }>(
    `select v.numero_venda, count(k.id_cupom) as n from vendas v
     left join cupons k on k.id_venda = v.id_venda and k.anulado_em is null
     where v.id_estabelecimento = ? and v.numero_venda like ? group by v.id_venda, v.numero_venda`,
    [e, `${prefix}%`],
  );
  const stored = new Map<string, number[]>();
  for (const r of sales) stored.set(r.numero_venda, [...(stored.get(r.numero_venda) ?? []), Number(r.n)]);
  let wrong = 0;
  for (const [numero, n] of answered) {
    const rows = stored.get(numero);
    if (!rows || rows.length !== 1 || rows[0] !== n) wrong++;
  }
  if (wrong) problems.push(`${wrong} answered sales without their row or their coupons`);
  const [k] = await db.all<{
    n: number | string;
    d: number | string;
    lo: number | null;
    hi: number | null;
    next: number | string;
  }>(
    `select count(*) as n, count(distinct numero) as d, min(numero) as lo, max(numero) as hi,
       (select proximo_cupom from campanhas where id_campanha = ?) as next
     from cupons where id_campanha = ?`,
    [c, c],
  );
  const n = Number(k?.n ?? 0);
  const gapless =
    n === Number(k?.d) &&
    (n === 0 || (Number(k?.lo) === 1 && Number(k?.hi) === n)) &&
    Number(k?.next) === n + 1;
  if (!gapless)
    problems.push(`coupon numbers not 1…${n} (${k?.d} distinct, ${k?.lo}–${k?.hi}, next ${k?.next})`);
  const ano = day.slice(0, 4);
  const [tot] = await db.all<Record<string, number | string | null>>(
    `select (select vendas from totais_vendas where id_campanha = ? and id_estabelecimento = ? and ano = ?) as tv,
       (select centavos from totais_vendas where id_campanha = ? and id_estabelecimento = ? and ano = ?) as tc,
       (select cupons from totais_vendas where id_campanha = ? and id_estabelecimento = ? and ano = ?) as tk,
       count(*) as rv, sum(v.valor_centavos) as rc,
       (select count(*) from cupons k join vendas w on w.id_venda = k.id_venda
         where k.anulado_em is null and w.id_campanha = ? and w.id_estabelecimento = ?
           and substr(w.dat_venda, 1, 4) = ? and w.excluida_em is null and w.id_usuario is not null) as rk
     from vendas v
     where v.id_campanha = ? and v.id_estabelecimento = ? and substr(v.dat_venda, 1, 4) = ?
       and v.excluida_em is null and v.id_usuario is not null`,
    [c, e, ano, c, e, ano, c, e, ano, c, e, ano, c, e, ano],
  );
  const same = (a: unknown, b: unknown) => Number(a ?? 0) === Number(b ?? 0);
  if (!tot || !same(tot.tv, tot.rv) || !same(tot.tc, tot.rc) || !same(tot.tk, tot.rk)) {
    problems.push(
      `dashboard totals ${tot?.tv}/${tot?.tc}/${tot?.tk} ≠ recount ${tot?.rv}/${tot?.rc}/${tot?.rk} (sales/cents/coupons)`,
    );
  }
  return { problems, coupons: n };
}

/**
 * Benchmark 2: `POST /v1/parceiro/vendas` as the partner, each request a new sale number and a
 * random consumer; afterwards the database must hold exactly one sale per 201 answer.
 */
export async function benchSales(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: SalesOptions,
): Promise<Figure[]> {
  const partner = await login(server.url, 'parceiro', t.partner.email, t.password);
  const day = await saleDay(db, t.partner.idCampanha);
  const run = `B${Date.now().toString(36)}`;
  let n = 0;
  const created: string[] = [];
  const answered = new Map<string, number>();
  const statuses: Record<number, number> = {};
  let firstError = '';
  const base = {
    method: 'POST',
    path: '/v1/parceiro/vendas',
    headers: { 'content-type': 'application/json', authorization: partner.authorization },
  };
  const load = (duration: number, prefix: string, counted: boolean) =>
    cannon({
      url: server.url,
      connections: o.connections,
      duration,
      requests: [
        {
          ...base,
          setupRequest: (req, context) => {
            const numero = `${prefix}-${++n}`;
            context.numero = numero;
            return { ...req, ...base, body: JSON.stringify(saleBody(t, day, numero)) };
          },
          onResponse: (status, body, context) => {
            if (!counted) return;
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status === 201) {
              created.push(String(context.numero));
              answered.set(String(context.numero), couponsIn(body));
            } else if (!firstError) firstError = `${status} ${String(body).slice(0, 200)}`;
          },
        },
      ],
    });
  // A short warm-up, as for the reads (its sales numbered apart, outside the SQL check): the
  // figures are the server's steady state, not its first second of compiling the sale's code
  // and filling its page cache.
  await load(Math.min(1, o.duration / 4), `${run}w`, false);
  const cpuBefore = cpuSecondsOfTree(server.pid);
  const pgBefore = await backendCpu(db);
  const harnessBefore = process.cpuUsage();
  const r = await load(o.duration, run, true);
  const ok = r['2xx'];
  const rate = ok / r.duration;
  // The server's CPU per sale (every thread of its process, and of its workers): what the server
  // itself spends, apart from the load generator's share of the machine (decision 022); then
  // PostgreSQL's backends (on this machine) and this process, the load generator (decision 045).
  const cpuPerSaleUs = ((cpuSecondsOfTree(server.pid) - cpuBefore) / Math.max(ok, 1)) * 1e6;
  const pgPerSaleUs = (backendCpuSince(pgBefore, await backendCpu(db)) / Math.max(ok, 1)) * 1e6;
  const harness = process.cpuUsage(harnessBefore);
  const harnessPerSaleUs = (harness.user + harness.system) / Math.max(ok, 1);

  // Every 201 is one sale, and only one; rows beyond them were in flight when the run stopped.
  const rows = await db.all<{ numero_venda: string }>(
    'select numero_venda from vendas where id_estabelecimento = ? and numero_venda like ?',
    [t.partner.idEstabelecimento, `${run}-%`],
  );
  const count = new Map<string, number>();
  for (const row of rows) count.set(row.numero_venda, (count.get(row.numero_venda) ?? 0) + 1);
  const missing = created.filter((x) => count.get(x) !== 1).length;
  const extra = rows.length - created.length;
  const ledger = await checkLedger(db, t, day, `${run}-`, answered);
  const verified = missing === 0 && created.length === ok && ledger.problems.length === 0;
  const limits = o.limits
    ? await limitsSideBySide(server, db, t, o, (d, p) => load(d, `${run}${p}`, false))
    : [];
  return [
    {
      bench: 'sales',
      name: `sales/s (POST /v1/parceiro/vendas, ${o.label ?? db.dialect})`,
      value: rate,
      unit: '/s',
      target: { op: '>=', value: 2000 }, // both dialects (issue 38)
      reference: `${ok.toLocaleString('en-US')} sales in ${r.duration.toFixed(1)} s, ${o.connections} conn; SQL check ${verified ? 'OK' : 'FAILED'} (${rows.length} rows, ${missing} missing${extra > 0 ? `, ${extra} in flight at stop` : ''}; coupons 1…${ledger.coupons} gapless, totals exact${ledger.problems.length ? `: NO: ${ledger.problems.join('; ')}` : ''})${r.non2xx ? `; non-2xx ${r.non2xx}: ${firstError}` : ''}`,
      details: {
        statuses,
        rows: rows.length,
        created: created.length,
        missing,
        extra,
        verified,
        ledger: ledger.problems,
        day,
        run,
      },
    },
    {
      bench: 'sales',
      name: o.label ? `sale p99 (${o.label})` : 'sale p99',
      value: r.latency.p99,
      unit: 'ms',
      target: { op: '<', value: 30 },
      reference: `p50 ${r.latency.p50} ms, max ${r.latency.max} ms; CPU a sale: server ${us(cpuPerSaleUs)}${Number.isFinite(pgPerSaleUs) ? `, PostgreSQL ${us(pgPerSaleUs)}` : ''}, load generator ${us(harnessPerSaleUs)}`,
      details: {
        cpuPerSaleUs: Number.isFinite(cpuPerSaleUs) ? cpuPerSaleUs : null,
        pgCpuPerSaleUs: Number.isFinite(pgPerSaleUs) ? pgPerSaleUs : null,
        harnessCpuPerSaleUs: harnessPerSaleUs,
      },
    },
    ...limits,
  ];
}

/**
 * What the campaign limits cost a sale: the sales load in ~2 s slices alternating between the
 * campaign without limits and with all three set (`HIGH_LIMITS`, so each sale runs every check
 * and the person's lock, and none is refused), as the reads alternate with their ceiling. The
 * campaign's limits are put back afterwards.
 */
async function limitsSideBySide(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: SalesOptions,
  load: (duration: number, prefix: string) => Promise<CannonResult>,
): Promise<Figure[]> {
  const id = t.partner.idCampanha;
  const cols = ['limite_vendas_dia_loja', 'limite_cupons_mes', 'limite_valor_dia_centavos'];
  const [saved] = await db.all<Record<string, number | null>>(
    `select ${cols.join(', ')} from campanhas where id_campanha = ?`,
    [id],
  );
  const set = (v: (number | null)[]) =>
    db.run(`update campanhas set ${cols.map((c) => `${c} = ?`).join(', ')} where id_campanha = ?`, [
      ...v,
      id,
    ]);
  const slices = Math.max(1, Math.round(o.duration / 2));
  const sides = { off: [] as CannonResult[], on: [] as CannonResult[] };
  const cpu = { off: 0, on: 0 };
  const slice = async (side: 'off' | 'on', i: number) => {
    await set(side === 'on' ? HIGH_LIMITS : [null, null, null]);
    const before = cpuSecondsOfTree(server.pid);
    sides[side].push(await load(o.duration / slices, `${side}${i}`));
    cpu[side] += cpuSecondsOfTree(server.pid) - before;
  };
  try {
    // The limit checks' statements warmed up as the sale's were before the first run.
    await set(HIGH_LIMITS);
    await load(Math.min(1, o.duration / 4), 'onw');
    // off, on, on, off, off, on…: neither side always runs first after the other.
    for (let i = 0; i < slices; i++) {
      for (const side of i % 2 ? (['on', 'off'] as const) : (['off', 'on'] as const)) await slice(side, i);
    }
  } finally {
    await set(cols.map((c) => saved?.[c] ?? null));
  }
  const off = combine(sides.off);
  const on = combine(sides.on);
  const sold = (side: 'off' | 'on') => sides[side].reduce((a, r) => a + r['2xx'], 0);
  const us = (side: 'off' | 'on') => Math.round((cpu[side] / Math.max(sold(side), 1)) * 1e6);
  const refused = on.non2xx || off.non2xx ? `; non-2xx ${off.non2xx} without, ${on.non2xx} with` : '';
  return [
    {
      bench: 'sales',
      name: 'sales/s, campaign limits on ÷ off',
      value: on.reqPerSec / off.reqPerSec,
      unit: '',
      target: null,
      reference: `${Math.round(on.reqPerSec).toLocaleString('en-US')} /s with the 3 limits vs ${Math.round(off.reqPerSec).toLocaleString('en-US')} /s without; ${o.duration} s each in ${slices} alternating slices${refused}`,
      details: { off, on, slices },
    },
    {
      bench: 'sales',
      name: 'campaign limits on: sale p99',
      value: on.p99,
      unit: 'ms',
      target: { op: '<', value: 30 },
      reference: `without: p99 ${off.p99} ms; server CPU ${us('on')} µs a sale with, ${us('off')} µs without`,
      details: { cpuPerSaleUs: { on: us('on'), off: us('off') } },
    },
  ];
}
