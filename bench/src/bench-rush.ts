import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { BenchDb } from './bench-db.js';
import { cannon, type CannonResult } from './bench-http.js';
import { saleBody, saleDay } from './bench-sales.js';
import type { BenchTarget } from './bench-target.js';
import type { Figure } from './report.js';
import { REPO_ROOT, cpuSecondsOf, type RunningServer } from './server.js';

/**
 * Benchmark 6, the rush hour of a deadline (issue 38): `residents` consumers log in, one every
 * 1/`rate` s (open loop: an arrival does not wait for the ones before it), and each loads the
 * home as the web app does right after its login, while partners register sales on a few
 * connections the whole time. Measured: logins answered per second, the home's p99 (its
 * requests in parallel, as the browser sends them: the time until the last one answered), the
 * sales per second under the rush against the same sales alone just before, and every error.
 *
 * Login stays correct: each answer must be 200 with the resident's own `id_usuario` and a
 * token the home's per-person request accepts, and one resident in 20 first sends a wrong
 * password, which must be 401. Any other answer is an error.
 */
export interface RushOptions {
  residents: number;
  /** Logins started per second. */
  rate: number;
  /** Connections registering sales during the rush (and alone, for the reference). */
  salesConnections: number;
  /** A label for the figures, e.g. `postgres ×2`. */
  label: string;
  /** Several instances behind `server` (its pid is the cluster's primary). */
  cluster?: boolean;
}

/**
 * What the web home asks for after a consumer's login (apps/web/src/features/home/prefetch.ts
 * and its sections): the four lists of the city, and the person's unread notifications.
 */
const HOME_REQUESTS = (codCidade: number): string[] => [
  `/v1/campanhas/resumo?cod_cidade=${codCidade}`,
  `/v1/campanhas/contemplados?cod_cidade=${codCidade}`,
  `/v1/avisos?cod_cidade=${codCidade}`,
  `/v1/estabelecimentos/vitrine?cod_cidade=${codCidade}`,
  '/v1/usuarios/notificacao',
];

interface Answer {
  status: number;
  ms: number;
  body: string;
}

/** One request on a keep-alive agent; the body is read as text only when `keep` (logins). */
function request(
  agent: http.Agent,
  base: URL,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
  keep = false,
): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      { agent, host: base.hostname, port: base.port, method, path: pathname, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => keep && chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - t0,
            body: keep ? Buffer.concat(chunks).toString() : '',
          }),
        );
        res.on('error', () => resolve({ status: 0, ms: performance.now() - t0, body: '' }));
      },
    );
    req.on('error', (e) => resolve({ status: 0, ms: performance.now() - t0, body: e.message }));
    req.end(body);
  });
}

const clientPassword = (plain: string) => createHash('sha256').update(plain).digest('hex');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The consumers who log in: the city's people with an e-mail and no other role. */
async function residentsOf(db: BenchDb, t: BenchTarget, n: number) {
  const rows = await db.all<{ id: number; email: string }>(
    `select id_usuario as id, email from usuarios
      where cod_cidade = ? and email is not null and parceiro = 0 and admin = 0
      order by id_usuario limit ?`,
    [t.codCidade, n],
  );
  if (rows.length === 0) throw new Error('nenhum consumidor com e-mail na cidade do alvo');
  return rows.map((r) => ({ id: Number(r.id), email: r.email }));
}

interface RushResult {
  loginsOk: number;
  loginsPerSecond: number;
  loginP50: number;
  loginP99: number;
  homeP50: number;
  homeP99: number;
  homes: number;
  wrongChecked: number;
  errors: Record<string, number>;
  firstError: string;
  sales: CannonResult;
  salesAlone: CannonResult;
  seconds: number;
  /** The server process's CPU over the rush (NaN for a cluster: its primary only forwards). */
  cpuSeconds: number;
}

/** Runs the rush against `server` (one instance, or a cluster behind one port). */
async function rush(server: RunningServer, db: BenchDb, t: BenchTarget, o: RushOptions): Promise<RushResult> {
  const base = new URL(server.url);
  // No socket limit: each resident is a browser of its own, and a home's requests must not
  // queue in the harness behind other residents' logins still waiting for their answer.
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const people = await residentsOf(db, t, o.residents);
  const partner = await request(
    agent,
    base,
    'POST',
    '/v1/parceiro/login',
    { 'content-type': 'application/json' },
    JSON.stringify({ email: t.partner.email, senha: clientPassword(t.password) }),
    true,
  );
  if (partner.status !== 200) throw new Error(`login do parceiro: ${partner.status} ${partner.body}`);
  const authorization = `Bearer ${(JSON.parse(partner.body) as { token: string }).token}`;
  const day = await saleDay(db, t.partner.idCampanha);
  const run = `R${Date.now().toString(36)}`;
  let n = 0;
  const sales = (seconds: number, prefix: string) => {
    const head = { 'content-type': 'application/json', authorization };
    return cannon({
      url: server.url,
      connections: o.salesConnections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          path: '/v1/parceiro/vendas',
          headers: head,
          setupRequest: (req) => ({
            ...req,
            method: 'POST',
            path: '/v1/parceiro/vendas',
            headers: head,
            body: JSON.stringify(saleBody(t, day, `${prefix}-${++n}`)),
          }),
        },
      ],
    });
  };
  const home = HOME_REQUESTS(t.codCidade);
  const errors: Record<string, number> = {};
  let firstError = '';
  const fail = (what: string, detail: string) => {
    errors[what] = (errors[what] ?? 0) + 1;
    if (!firstError) firstError = `${what}: ${detail.slice(0, 200)}`;
  };
  const loginMs: number[] = [];
  const homeMs: number[] = [];
  let wrongChecked = 0;
  let loginsOk = 0;
  let firstStart = Infinity;
  let lastEnd = 0;
  const consumerLogin = (email: string, senha: string) =>
    request(
      agent,
      base,
      'POST',
      '/v1/login',
      { 'content-type': 'application/json' },
      JSON.stringify({ email, senha: clientPassword(senha) }),
      true,
    );
  const resident = async (i: number, counted: boolean) => {
    const who = people[i % people.length]!;
    if (i % 20 === 7) {
      const wrong = await consumerLogin(who.email, `${t.password}-errada`);
      if (counted) wrongChecked += 1;
      if (wrong.status !== 401) fail('senha errada não deu 401', `${wrong.status} ${wrong.body}`);
    }
    const start = performance.now();
    const res = await consumerLogin(who.email, t.password);
    let token = '';
    try {
      const b = JSON.parse(res.body) as { token?: string; id_usuario?: number };
      if (res.status === 200 && Number(b.id_usuario) === who.id && b.token) token = b.token;
    } catch {
      // not JSON: counted below
    }
    if (!token) return fail('login', `${res.status} ${res.body}`);
    if (!counted) return;
    loginsOk += 1;
    loginMs.push(res.ms);
    firstStart = Math.min(firstStart, start);
    lastEnd = Math.max(lastEnd, start + res.ms);
    const h0 = performance.now();
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const answers = await Promise.all(home.map((p) => request(agent, base, 'GET', p, headers)));
    homeMs.push(performance.now() - h0);
    answers.forEach((a, k) => {
      if (a.status !== 200) fail(`home ${home[k]!.split('?')[0]}`, String(a.status));
    });
  };

  // Warm-up: a few residents and a second of sales, uncounted (the first requests compile code
  // and fill the caches; a server at a deadline has been up for hours).
  await Promise.all(Array.from({ length: 10 }, (_, i) => resident(people.length - 1 - i, false)));
  const seconds = o.residents / o.rate;
  await sales(1, `${run}w`);
  const salesAlone = await sales(Math.min(5, Math.max(1, Math.round(seconds))), `${run}a`);

  const cpuBefore = cpuSecondsOf(server.pid);
  const rushSales = sales(seconds, `${run}r`);
  const arrivals: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < o.residents; i++) {
    const due = t0 + (i * 1000) / o.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    arrivals.push(resident(i, true));
  }
  await Promise.all(arrivals);
  const salesUnder = await rushSales;
  const cpuSeconds = cpuSecondsOf(server.pid) - cpuBefore;
  agent.destroy();
  for (const [name, r] of [
    ['vendas sozinhas', salesAlone],
    ['vendas na corrida', salesUnder],
  ] as const) {
    const bad = r.non2xx + r.errors + r.timeouts;
    if (bad) errors[name] = bad;
  }
  loginMs.sort((a, b) => a - b);
  homeMs.sort((a, b) => a - b);
  return {
    loginsOk,
    loginsPerSecond: loginsOk / Math.max((lastEnd - firstStart) / 1000, 1e-9),
    loginP50: percentile(loginMs, 50),
    loginP99: percentile(loginMs, 99),
    homeP50: percentile(homeMs, 50),
    homeP99: percentile(homeMs, 99),
    homes: homeMs.length,
    wrongChecked,
    errors,
    firstError,
    sales: salesUnder,
    salesAlone,
    seconds,
    cpuSeconds,
  };
}

export async function benchRush(
  server: RunningServer,
  db: BenchDb,
  t: BenchTarget,
  o: RushOptions,
): Promise<Figure[]> {
  const r = await rush(server, db, t, o);
  const errorCount = Object.values(r.errors).reduce((a, b) => a + b, 0);
  const alone = r.salesAlone['2xx'] / r.salesAlone.duration;
  const under = r.sales['2xx'] / r.sales.duration;
  const at = `${o.label}, ${o.residents} logins at ${o.rate}/s`;
  // Server CPU a resident (login + home, with the sales' share): one process only.
  const cpuMs = o.cluster ? Number.NaN : (r.cpuSeconds * 1000) / Math.max(r.loginsOk, 1);
  return [
    {
      bench: 'rush',
      name: `logins/s (${o.label})`,
      value: r.loginsPerSecond,
      unit: '/s',
      target: { op: '>=', value: o.rate * 0.95 },
      reference: `${r.loginsOk} of ${o.residents} arrivals at ${o.rate}/s; login p50 ${r.loginP50.toFixed(0)} ms, p99 ${r.loginP99.toFixed(0)} ms${Number.isFinite(cpuMs) ? `; server CPU ${cpuMs.toFixed(1)} ms a resident (login, home and the sales meanwhile)` : ''}`,
      details: { loginP50: r.loginP50, loginP99: r.loginP99, loginsOk: r.loginsOk, cpuMsPerResident: cpuMs },
    },
    {
      bench: 'rush',
      name: `home p99 under the rush (${o.label})`,
      value: r.homeP99,
      unit: 'ms',
      target: { op: '<', value: 300 },
      reference: `p50 ${r.homeP50.toFixed(0)} ms of ${r.homes} homes (${HOME_REQUESTS(0).length} requests each, in parallel)`,
      details: { homeP50: r.homeP50, homes: r.homes },
    },
    {
      bench: 'rush',
      name: `sales/s under the rush (${o.label})`,
      value: under,
      unit: '/s',
      target: null,
      reference: `alone just before ${Math.round(alone).toLocaleString('en-US')}/s, ratio ${(under / alone).toFixed(2)}; p99 ${r.sales.latency.p99} ms (alone ${r.salesAlone.latency.p99} ms), ${o.salesConnections} conn`,
      details: { alone, salesP99: r.sales.latency.p99, aloneP99: r.salesAlone.latency.p99 },
    },
    {
      bench: 'rush',
      name: `errors (${o.label})`,
      value: errorCount,
      unit: '',
      target: { op: '<=', value: 0 },
      reference: `${at}; ${r.wrongChecked} wrong passwords answered 401${errorCount ? `; ${JSON.stringify(r.errors)}; first: ${r.firstError}` : ''}`,
      details: { errors: r.errors, wrongChecked: r.wrongChecked },
    },
  ];
}

/**
 * argon2id settings measured for the login's cost, three of those OWASP's cheat sheet lists as
 * equally strong; the first is the API's (apps/api/src/lib/crypto.ts).
 */
const ARGON2_SETTINGS = [
  { memoryCost: 12_288, timeCost: 3, parallelism: 1, current: true },
  // @node-rs/argon2's default, the API's before issue 38.
  { memoryCost: 19_456, timeCost: 2, parallelism: 1, current: false },
  { memoryCost: 47_104, timeCost: 1, parallelism: 1, current: false },
] as const;

/**
 * The cost of one login's password check (argon2id `verify`) at each setting, each in a fresh
 * Node process so its peak memory is its own: the median of 20 verifies one after another, the
 * verifies per second with 4 at once (libuv's default thread pool, where @node-rs/argon2 runs),
 * and the peak resident memory the verifies added (VmHWM after minus before).
 */
export function argonCost(): Figure[] {
  const argon = createRequire(path.join(REPO_ROOT, 'apps/api/package.json')).resolve('@node-rs/argon2');
  return ARGON2_SETTINGS.map((s) => {
    const script = `
      const { hash, verify } = require(${JSON.stringify(argon)});
      const fs = require('node:fs');
      const hwm = () => Number(/VmHWM:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
      (async () => {
        const opts = ${JSON.stringify({ memoryCost: s.memoryCost, timeCost: s.timeCost, parallelism: s.parallelism })};
        const pw = 'a'.repeat(64);
        const before = hwm();
        const h = await hash(pw, opts);
        for (let i = 0; i < 3; i++) await verify(h, pw);
        const ms = [];
        for (let i = 0; i < 20; i++) { const t = performance.now(); await verify(h, pw); ms.push(performance.now() - t); }
        ms.sort((a, b) => a - b);
        const t = performance.now();
        await Promise.all(Array.from({ length: 40 }, () => verify(h, pw)));
        const perSecond = 40 / ((performance.now() - t) / 1000);
        console.log(JSON.stringify({ median: ms[10], perSecond, peakMb: hwm() - before }));
      })();`;
    const out = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    if (out.status !== 0) throw new Error(`argon2 (${JSON.stringify(s)}): ${out.stderr}`);
    const m = JSON.parse(out.stdout.trim()) as { median: number; perSecond: number; peakMb: number };
    return {
      bench: 'rush',
      name: `argon2id verify m=${Math.round(s.memoryCost / 1024)} MiB t=${s.timeCost} p=${s.parallelism}${s.current ? ' (the API’s)' : ''}`,
      value: m.median,
      unit: 'ms',
      target: null,
      reference: `${Math.round(m.perSecond)} verifies/s with 4 at once; peak memory +${Math.round(m.peakMb)} MB`,
      details: { ...s, ...m },
    } satisfies Figure;
  });
}
