/**
 * `npm run bench:ab-sales -- --a <dir> --b <dir> [--rounds 30] [--a-build <dist>] [--b-build <dist>]`:
 * the sale path of two copies of a generated SQLite data directory, side by side in one process,
 * in alternating turns (decision 026); with the same build on both sides, or with two builds of
 * the API (decision 036). PostgreSQL: every side may name the same generated directory, so the
 * builds share one database; `--c`/`--c-build`, `--d`/`--d-build`… add sides (decision 044).
 * Afterwards every 201 is checked against the database (`checkLedger`).
 *
 * The HTTP benchmark moves by ±20 % from one run to the next on a shared 2-core host, more than
 * most changes to the schema are worth. Here each side is the real app (`buildApp`, its own
 * connection, group commit and checkpoint worker) driven by `app.inject` with the sales
 * benchmark's requests (20 at a time), and the turns alternate every 200 sales, so a host that
 * slows down slows both sides alike. Two copies of one file come out within about 3 % of each other.
 * What it leaves out is the socket and the load generator, the same on both sides.
 *
 * Prints each side's sales, wall and CPU time a sale (the process's, both sides' worker threads
 * included; on PostgreSQL also its backends', decision 045) and rate, and B's rate over A's. Every answer must be a 201.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { backendCpu, backendCpuSince, openBenchDb, type BenchDb } from './bench-db.js';
import { checkLedger, couponsIn, saleBody, saleDay } from './bench-sales.js';
import { databaseOf, readSummary, resolveTarget, type BenchTarget } from './bench-target.js';
import { REPO_ROOT, ensureBuilt } from './server.js';

interface InjectResponse {
  statusCode: number;
  body: string;
  json(): Record<string, unknown>;
}
interface App {
  inject(o: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: object;
  }): Promise<InjectResponse>;
  close(): Promise<void>;
}
interface Api {
  buildApp(config: unknown, db: unknown): Promise<App>;
  loadConfig(env: NodeJS.ProcessEnv): { DATABASE_URL?: string; dataDir: string; SQLITE_SYNCHRONOUS: string };
  createDb(o: { databaseUrl?: string; dataDir: string; sqliteSynchronous: string }): {
    close(): Promise<void>;
  };
  useZodInPortuguese(): void;
}

export interface AbSide {
  label: string;
  dataDir: string;
  sales: number;
  wallUsPerSale: number;
  cpuUsPerSale: number;
  /** PostgreSQL: its backends' CPU a sale (every connection to the database; NaN elsewhere). */
  pgCpuUsPerSale: number;
  rate: number;
}

export interface AbOptions {
  a: string;
  b: string;
  /** Measured turns per side, after 3 of warm-up; each turn is `batches` × `concurrency` sales. */
  rounds?: number;
  batches?: number;
  concurrency?: number;
  /**
   * Each side's build of the API, when two builds are compared instead of two data copies: a
   * copy of `apps/api/dist` kept inside `apps/api/` (say `apps/api/.ab/before`, git-ignored),
   * so that it finds the same node_modules. Unset: the current `apps/api/dist`.
   */
  aBuild?: string;
  bBuild?: string;
  /**
   * More sides, C, D…, each a data directory and a build, in the same turns (decision 044: the
   * PostgreSQL sale path's options on one database). Reported with their rate over A's.
   */
  more?: { dir: string; build?: string }[];
  log?: (line: string) => void;
}

/** The API's build: `apps/api/dist`, or a copy of an earlier build (`--a-build`, `--b-build`). */
async function loadApi(build = path.join(REPO_ROOT, 'apps/api/dist')): Promise<Api> {
  const dist = (f: string) => pathToFileURL(path.join(build, 'src', f)).href;
  // Builds before issue 34 keep the validator in lib/, later ones in plugins/.
  const validationFile = existsSync(path.join(build, 'src/plugins/validation.js'))
    ? 'plugins/validation.js'
    : 'lib/validation.js';
  const [app, config, db, validation] = await Promise.all([
    import(dist('app.js')),
    import(dist('config.js')),
    import(dist('db/index.js')),
    import(dist(validationFile)),
  ]);
  return { ...app, ...config, ...db, ...validation } as Api;
}

interface Side extends AbSide {
  file: string;
  app: App;
  close(): Promise<void>;
  authorization: string;
  target: BenchTarget;
  day: string;
  wallNs: bigint;
  cpuUs: number;
  /** PostgreSQL: a connection of its own that reads the backends' CPU around each turn. */
  monitor: BenchDb | null;
  pgCpuS: number;
}

async function openSide(api: Api, label: string, dataDir: string): Promise<Side> {
  const summary = readSummary(dataDir);
  const file = databaseOf(summary, dataDir);
  // PostgreSQL: both sides may name one database (two builds on the same data, decision 044).
  const pg = /^postgres/.test(file);
  const bdb = await openBenchDb(file);
  let target: BenchTarget;
  let day: string;
  try {
    target = await resolveTarget(bdb, summary);
    day = await saleDay(bdb, target.partner.idCampanha);
  } finally {
    await bdb.close();
  }
  const config = api.loadConfig({
    ...process.env,
    SEED: 'none',
    LOG_LEVEL: 'silent',
    DATA_DIR: pg ? dataDir : path.dirname(file),
    DATABASE_URL: pg ? file : `sqlite:${file}`,
  });
  const db = api.createDb({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    sqliteSynchronous: config.SQLITE_SYNCHRONOUS,
  });
  const app = await api.buildApp(config, db);
  const monitor = pg ? await openBenchDb(file) : null;
  const senha = createHash('sha256').update(target.password).digest('hex');
  const res = await app.inject({
    method: 'POST',
    url: '/v1/parceiro/login',
    payload: { email: target.partner.email, senha },
  });
  if (res.statusCode !== 200) throw new Error(`login ${target.partner.email}: ${res.statusCode} ${res.body}`);
  return {
    label,
    dataDir,
    file,
    app,
    close: async () => {
      await app.close();
      await db.close();
      await monitor?.close();
    },
    authorization: `Bearer ${String(res.json().token)}`,
    target,
    day,
    sales: 0,
    wallUsPerSale: 0,
    cpuUsPerSale: 0,
    pgCpuUsPerSale: 0,
    rate: 0,
    wallNs: 0n,
    cpuUs: 0,
    monitor,
    pgCpuS: 0,
  };
}

export async function abSales(
  o: AbOptions,
): Promise<{ a: AbSide; b: AbSide; ratio: number; more: (AbSide & { ratio: number })[] }> {
  const rounds = o.rounds ?? 30;
  const batches = o.batches ?? 10;
  const concurrency = o.concurrency ?? 20;
  const log = o.log ?? console.log;
  ensureBuilt(log);
  const apis = [await loadApi(o.aBuild), o.bBuild === o.aBuild ? null : await loadApi(o.bBuild)];
  for (const api of apis) api?.useZodInPortuguese();
  const sides = [await openSide(apis[0]!, 'A', o.a), await openSide(apis[1] ?? apis[0]!, 'B', o.b)];
  for (const [i, m] of (o.more ?? []).entries()) {
    const api = await loadApi(m.build);
    api.useZodInPortuguese();
    sides.push(await openSide(api, String.fromCharCode(67 + i), m.dir));
  }
  const run = `AB${Date.now().toString(36)}`;
  let n = 0;
  const answered = new Map<string, Map<string, number>>();
  const sale = async (s: Side) => {
    const numero = `${run}-${++n}`;
    const r = await s.app.inject({
      method: 'POST',
      url: '/v1/parceiro/vendas',
      headers: { authorization: s.authorization },
      payload: saleBody(s.target, s.day, numero),
    });
    if (r.statusCode === 201) {
      if (!answered.has(s.file)) answered.set(s.file, new Map());
      answered.get(s.file)!.set(numero, couponsIn(r.body));
    }
    return r;
  };
  const turn = async (s: Side) => {
    const pg0 = s.monitor ? await backendCpu(s.monitor) : null;
    const cpu0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    for (let b = 0; b < batches; b++) {
      const answers = await Promise.all(Array.from({ length: concurrency }, () => sale(s)));
      const bad = answers.find((r) => r.statusCode !== 201);
      if (bad) throw new Error(`lado ${s.label}: ${bad.statusCode} ${bad.body.slice(0, 200)}`);
    }
    s.wallNs += process.hrtime.bigint() - t0;
    const cpu = process.cpuUsage(cpu0);
    s.cpuUs += cpu.user + cpu.system;
    s.pgCpuS += s.monitor && pg0 ? backendCpuSince(pg0, await backendCpu(s.monitor)) : Number.NaN;
    s.sales += batches * concurrency;
  };
  try {
    for (let w = 0; w < 3; w++) for (const s of sides) await turn(s);
    for (const s of sides) Object.assign(s, { sales: 0, wallNs: 0n, cpuUs: 0, pgCpuS: 0 });
    // Each round starts with another side, and every other round runs them backwards.
    for (let r = 0; r < rounds; r++) {
      const order = [...sides.slice(r % sides.length), ...sides.slice(0, r % sides.length)];
      for (const s of r % 2 ? order.reverse() : order) await turn(s);
    }
  } finally {
    for (const s of sides) await s.close();
  }
  // Exactness after the run, per database: every 201 with its row and coupons, numbers gapless.
  for (const [file, sales] of answered) {
    const side = sides.find((s) => s.file === file)!;
    const bdb = await openBenchDb(file);
    try {
      const c = await checkLedger(bdb, side.target, side.day, `${run}-`, sales);
      log(
        `${file}: ${sales.size} vendas conferidas; ${c.problems.length ? `ERRO: ${c.problems.join('; ')}` : `cupons 1…${c.coupons} sem lacunas, totais exatos`}`,
      );
      if (c.problems.length) process.exitCode = 1;
    } finally {
      await bdb.close();
    }
  }
  const [a, b, ...more] = sides.map((s): AbSide => {
    const wallUs = Number(s.wallNs) / 1000;
    return {
      label: s.label,
      dataDir: s.dataDir,
      sales: s.sales,
      wallUsPerSale: wallUs / s.sales,
      cpuUsPerSale: s.cpuUs / s.sales,
      pgCpuUsPerSale: (s.pgCpuS * 1e6) / s.sales,
      rate: s.sales / (wallUs / 1e6),
    };
  }) as [AbSide, AbSide, ...AbSide[]];
  const ratio = b.rate / a.rate;
  for (const s of [a, b, ...more]) {
    log(
      `${s.label} ${s.dataDir}: ${s.sales} vendas, ${s.wallUsPerSale.toFixed(0)} µs de relógio e ` +
        `${s.cpuUsPerSale.toFixed(0)} µs de CPU por venda` +
        (Number.isFinite(s.pgCpuUsPerSale) ? ` (+ ${s.pgCpuUsPerSale.toFixed(0)} µs no PostgreSQL)` : '') +
        `, ${s.rate.toFixed(0)}/s`,
    );
  }
  log(`B ÷ A: ${ratio.toFixed(3)}`);
  for (const s of more) log(`${s.label} ÷ A: ${(s.rate / a.rate).toFixed(3)}`);
  return { a, b, ratio, more: more.map((s) => ({ ...s, ratio: s.rate / a.rate })) };
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const a = arg('a');
  const b = arg('b');
  if (!a || !b) {
    console.error(
      'uso: npm run bench:ab-sales -- --a <dir> --b <dir> [--c <dir> …] [--rounds 30] [--a-build <dist>] [--b-build <dist>] [--c-build <dist> …]',
    );
    process.exit(2);
  }
  const build = (name: string) => {
    const dir = arg(name);
    return dir ? path.resolve(dir) : undefined;
  };
  abSales({
    a: path.resolve(a),
    b: path.resolve(b),
    rounds: Number(arg('rounds') ?? 30),
    aBuild: build('a-build'),
    bBuild: build('b-build'),
    more: ['c', 'd', 'e']
      .filter((x) => arg(x) !== undefined)
      .map((x) => ({ dir: path.resolve(arg(x)!), build: build(`${x}-build`) })),
  })
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
