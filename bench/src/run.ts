import { dayIn, PROGRAMME_TIME_ZONE } from '@praca/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { benchAdmin } from './bench-admin.js';
import { benchDashboard } from './bench-dashboard.js';
import { benchExports } from './bench-exports.js';
import { openBenchDb, type BenchDb } from './bench-db.js';
import { benchDraw } from './bench-draw.js';
import { benchImport } from './bench-import.js';
import { benchReads } from './bench-reads.js';
import { benchRecibos } from './bench-recibos.js';
import { argonCost, benchRush } from './bench-rush.js';
import { benchSales } from './bench-sales.js';
import { databaseOf, readSummary, resolveTarget, type BenchTarget, type Json } from './bench-target.js';
import { benchWeb } from './bench-web.js';
import { cpuCheck, machine, pass, table, writeReport, type Figure, type RunReport } from './report.js';
import { REPO_ROOT, ensureBuilt, startServer, type RunningServer } from './server.js';

export const BENCHES = [
  'reads',
  'sales',
  'draw',
  'admin',
  'dashboard',
  'web',
  'memory',
  'rush',
  'exports',
  'recibos',
  'import',
] as const;
export type BenchName = (typeof BENCHES)[number];
export type Scale = 'tiny' | 'city' | 'state';

export interface BenchOptions {
  scale: Scale;
  only: BenchName[];
  /** postgres://… (the generated database lives there); unset = SQLite in the data directory. */
  databaseUrl?: string;
  /** Where summary.json (and the SQLite file) are; default bench/data/<scale>[-postgres]/. */
  dataDir?: string;
  /** Use the API's demo seed in a temporary directory instead of a generated database. */
  demo?: boolean;
  /** Seconds of each autocannon run (reads: per route and again for its ceiling). */
  readSeconds: number;
  readConnections: number;
  salesSeconds: number;
  salesConnections: number;
  /** The sales again with the campaign's limits set, side by side with none (issue 37). */
  salesLimits: boolean;
  /**
   * PostgreSQL: the sales again on this many instances behind one port (`npm run start:cluster`),
   * right after the run on one, and their rate over one's (issue 38); 1 = one instance only.
   */
  instances: number;
  drawRuns: number;
  adminRuns: number;
  /** Shops in the import benchmark's file (issue 39). */
  importRows: number;
  /** Receipts (NFC-e) checked and matched by the receipts benchmark (issue 53). */
  recibos: number;
  /** The rush hour (bench-rush.ts): residents logging in, at this many a second. */
  rushResidents: number;
  rushRate: number;
  lighthouse: boolean;
  /** Lighthouse runs per page; the figure is their median (Lighthouse's own advice). */
  lighthouseRuns: number;
  chromePath: string;
  resultsDir: string;
  password?: string;
  log: (line: string) => void;
}

export const DEFAULTS: Omit<BenchOptions, 'log'> = {
  scale: 'city',
  only: [...BENCHES],
  readSeconds: 10,
  readConnections: 50,
  salesSeconds: 10,
  salesConnections: 20,
  salesLimits: false,
  instances: 1,
  drawRuns: 7,
  adminRuns: 30,
  importRows: 20_000,
  recibos: 1_000,
  rushResidents: 1000,
  rushRate: 50,
  lighthouse: true,
  lighthouseRuns: 5,
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  resultsDir: path.join(REPO_ROOT, 'bench/results'),
};

interface Generated {
  summary: Json | null;
  dataDir: string;
}

/** The generated database of this scale, generated now when its summary.json is missing. */
async function generatedDatabase(o: BenchOptions): Promise<Generated> {
  const dataDir =
    o.dataDir ?? path.join(REPO_ROOT, 'bench/data', o.databaseUrl ? `${o.scale}-postgres` : o.scale);
  let summary = readSummary(dataDir);
  if (!summary) {
    o.log(`sem ${path.join(dataDir, 'summary.json')}: gerando a escala ${o.scale}…`);
    // Imported by name at run time: bench/src/generate.ts is the generator's (issue 10).
    const specifier = './generate.js';
    const mod = (await import(specifier)) as {
      generate(opts: Record<string, unknown>): Promise<unknown>;
    };
    fs.mkdirSync(dataDir, { recursive: true });
    await mod.generate({
      scale: o.scale,
      databaseUrl: o.databaseUrl,
      dataDir,
      seed: 1,
      force: false,
      log: o.log,
    });
    summary = readSummary(dataDir) ?? null;
    if (!summary) throw new Error(`o gerador não escreveu ${path.join(dataDir, 'summary.json')}`);
  }
  return { summary, dataDir };
}

export interface BenchRun {
  figures: Figure[];
  errors: { bench: string; error: string }[];
  file: string;
  report: RunReport;
  table: string;
}

export async function runBench(opts: Partial<BenchOptions> = {}): Promise<BenchRun> {
  const o: BenchOptions = { ...DEFAULTS, log: (l) => console.log(l), ...opts };
  const startedAt = new Date().toISOString();
  const cpuAtStart = cpuCheck();
  const wants = (b: BenchName) => o.only.includes(b);
  // Every benchmark asks the server, web too (the home's API bytes, decision 042).
  const needsServer = o.only.length > 0;
  ensureBuilt(o.log);

  let dataDir: string;
  let summary: Json | null = null;
  let location: string;
  let tmp: string | null = null;
  if (o.demo) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-bench-demo-'));
    dataDir = tmp;
    location = o.databaseUrl ?? path.join(tmp, 'praca.db');
  } else {
    ({ summary, dataDir } = await generatedDatabase(o));
    // The summary's URL names the database the generator created (it may add the name).
    location = databaseOf(summary, dataDir);
    if (o.databaseUrl && !/^postgres/.test(location)) {
      throw new Error(
        `${dataDir}/summary.json descreve um banco SQLite; gere um PostgreSQL (npm run bench:data -- --postgres)`,
      );
    }
  }
  const dialect = /^postgres/.test(location) ? 'postgres' : 'sqlite';
  // The database as printed and in the JSON: a PostgreSQL URL without its password.
  const database = location.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');
  o.log(`banco: ${database}`);
  const figures: Figure[] = [];
  const errors: { bench: string; error: string }[] = [];
  const attempt = async (bench: string, fn: () => Promise<Figure[]>) => {
    o.log(`» ${bench}…`);
    const t0 = Date.now();
    try {
      const got = await fn();
      figures.push(...got);
      o.log(`  ${bench}: ${got.length} figuras em ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    } catch (e) {
      const error = (e as Error).stack ?? String(e);
      errors.push({ bench, error });
      o.log(`  ${bench} FALHOU: ${error}`);
    }
  };

  const server = needsServer
    ? await startServer({
        dataDir,
        databaseUrl: dialect === 'postgres' ? location : `sqlite:${location}`,
        env: o.demo ? { SEED: 'demo' } : {},
      })
    : null;
  const db = needsServer ? await openBenchDb(location) : null;
  try {
    const target = db
      ? await resolveTarget(db, summary, o.password ?? (o.demo ? 'demo1234' : undefined))
      : null;
    if (target)
      o.log(`alvo: ${JSON.stringify({ ...target, consumerIds: `${target.consumerIds.length} ids` })}`);
    if (server && target && db) {
      // Reads first (the memory figure is their peak), then the writes.
      if (wants('reads') || wants('memory')) {
        await attempt('reads', async () => {
          const got = await benchReads(server, target, {
            connections: o.readConnections,
            duration: o.readSeconds,
          });
          return got.filter((f) => wants(f.bench));
        });
      }
      if (wants('admin')) await attempt('admin', () => benchAdmin(server, target, { runs: o.adminRuns }));
      if (wants('dashboard'))
        await attempt('dashboard', () =>
          benchDashboard(server, target, {
            runs: o.adminRuns,
            databaseUrl: dialect === 'postgres' ? location : `sqlite:${location}`,
            dataDir,
            today:
              typeof summary?.today === 'string' ? summary.today : dayIn(PROGRAMME_TIME_ZONE, new Date()),
          }),
        );
      if (wants('exports')) await attempt('exports', () => benchExports(server, target));
      if (wants('draw'))
        await attempt('draw', () => benchDraw(server, db, target, { runs: o.drawRuns, dataDir }));
      if (wants('sales')) {
        await attempt('sales', () =>
          benchSales(server, db, target, {
            connections: o.salesConnections,
            duration: o.salesSeconds,
            limits: o.salesLimits,
          }),
        );
        if (o.instances > 1 && dialect === 'postgres')
          await attempt('sales', () => salesOnInstances(o, figures, db, target, dataDir, location));
      }
      if (wants('recibos'))
        await attempt('recibos', () =>
          benchRecibos(server, db, target, { count: o.recibos, connections: o.salesConnections }),
        );
      if (wants('rush'))
        await attempt('rush', () => rushHour(o, server, db, target, dataDir, location, dialect));
    }
    if (wants('web')) {
      await attempt('web', () =>
        benchWeb(server, target, {
          lighthouse: o.lighthouse,
          runs: o.lighthouseRuns,
          chromePath: o.chromePath,
        }),
      );
    }
    // Last: its 40,000 shops stay in the city, and every figure after it would measure a city
    // four times as large (the shops' list, the rush's home).
    if (server && target && wants('import'))
      await attempt('import', () => benchImport(server, target, { rows: o.importRows }));
  } finally {
    await server?.stop();
    await db?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }

  const report: RunReport = {
    startedAt,
    finishedAt: new Date().toISOString(),
    dialect,
    scale: o.demo ? 'demo' : o.scale,
    database,
    options: {
      only: o.only,
      readSeconds: o.readSeconds,
      readConnections: o.readConnections,
      salesSeconds: o.salesSeconds,
      salesConnections: o.salesConnections,
      salesLimits: o.salesLimits,
      instances: o.instances,
      drawRuns: o.drawRuns,
      adminRuns: o.adminRuns,
      importRows: o.importRows,
      recibos: o.recibos,
      rushResidents: o.rushResidents,
      rushRate: o.rushRate,
      lighthouse: o.lighthouse,
      lighthouseRuns: o.lighthouseRuns,
    },
    machine: { ...machine(), cpuCheckMs: [cpuAtStart, cpuCheck()] },
    figures: figures.map((f) => ({ ...f, pass: pass(f) })),
    errors,
  };
  const file = writeReport(o.resultsDir, report);
  return { figures, errors, file, report, table: table(figures) };
}

/**
 * The sales on `o.instances` instances behind one port (`npm run start:cluster`) on the same
 * database, right after the run on one, and their rate over one's (target 1.5× for two).
 */
async function salesOnInstances(
  o: BenchOptions,
  figures: Figure[],
  db: BenchDb,
  target: BenchTarget,
  dataDir: string,
  location: string,
): Promise<Figure[]> {
  const label = `postgres ×${o.instances}`;
  const one = figures.find((f) => f.bench === 'sales' && f.name.startsWith('sales/s'))?.value;
  const cluster = await startServer({ dataDir, databaseUrl: location, workers: o.instances });
  try {
    const got = await benchSales(cluster, db, target, {
      connections: o.salesConnections,
      duration: o.salesSeconds,
      label,
    });
    const many = got.find((f) => f.name.startsWith('sales/s'))?.value;
    const ratio: Figure = {
      bench: 'sales',
      name: `sales/s ×${o.instances} ÷ ×1`,
      value: one && many !== undefined ? many / one : Number.NaN,
      unit: '×',
      target: { op: '>=', value: 1.5 },
      reference: `${Math.round(many ?? 0)}/s on ${o.instances} instances, ${Math.round(one ?? 0)}/s on one, the run before`,
    };
    return [...got, ratio];
  } finally {
    await cluster.stop();
  }
}

/**
 * The rush hour on the running instance and, on PostgreSQL, on two instances behind one port
 * (`npm run start:cluster`); then the argon2id cost of a login at the API's setting and two others.
 */
async function rushHour(
  o: BenchOptions,
  server: RunningServer,
  db: BenchDb,
  target: BenchTarget,
  dataDir: string,
  location: string,
  dialect: 'sqlite' | 'postgres',
): Promise<Figure[]> {
  const rush = { residents: o.rushResidents, rate: o.rushRate, salesConnections: 4 };
  const figures = await benchRush(server, db, target, { ...rush, label: `${dialect} ×1` });
  if (dialect === 'postgres') {
    const two = await startServer({ dataDir, databaseUrl: location, workers: 2 });
    try {
      figures.push(...(await benchRush(two, db, target, { ...rush, label: `${dialect} ×2`, cluster: true })));
    } finally {
      await two.stop();
    }
  }
  return [...figures, ...argonCost()];
}

function cli(argv: string[]): Partial<BenchOptions> {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string' },
      only: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      demo: { type: 'boolean' },
      seconds: { type: 'string' },
      'sales-seconds': { type: 'string' },
      'sales-limits': { type: 'boolean' },
      instances: { type: 'string' },
      'draw-runs': { type: 'string' },
      'admin-runs': { type: 'string' },
      'import-rows': { type: 'string' },
      recibos: { type: 'string' },
      'rush-residents': { type: 'string' },
      'rush-rate': { type: 'string' },
      'no-lighthouse': { type: 'boolean' },
      'lighthouse-runs': { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      `npm run bench -- [--scale tiny|city|state] [--only ${BENCHES.join(',')}]\n` +
        `  [--database-url postgres://…] [--data-dir dir] [--demo] [--seconds ${DEFAULTS.readSeconds}] [--sales-seconds ${DEFAULTS.salesSeconds}] [--sales-limits] [--instances 2]\n` +
        `  [--draw-runs ${DEFAULTS.drawRuns}] [--admin-runs ${DEFAULTS.adminRuns}] [--import-rows ${DEFAULTS.importRows}] [--recibos ${DEFAULTS.recibos}] [--rush-residents ${DEFAULTS.rushResidents}] [--rush-rate ${DEFAULTS.rushRate}] [--no-lighthouse] [--lighthouse-runs ${DEFAULTS.lighthouseRuns}] [--password p]\n(bench/README.md)`,
    );
    process.exit(0);
  }
  const o: Partial<BenchOptions> = {};
  if (values.scale) {
    if (!['tiny', 'city', 'state'].includes(values.scale))
      throw new Error(`--scale ${values.scale}: use tiny|city|state`);
    o.scale = values.scale as Scale;
  }
  if (values.only) {
    const only = values.only.split(',').map((s) => s.trim()) as BenchName[];
    const bad = only.filter((b) => !BENCHES.includes(b));
    if (bad.length) throw new Error(`--only ${bad.join(',')}: use ${BENCHES.join(',')}`);
    o.only = only;
  }
  const url = values['database-url'] ?? process.env.DATABASE_URL;
  if (url) o.databaseUrl = url;
  if (values['data-dir']) o.dataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), values['data-dir']);
  if (values.demo) o.demo = true;
  if (values.seconds) o.readSeconds = Number(values.seconds);
  if (values['sales-seconds']) o.salesSeconds = Number(values['sales-seconds']);
  if (values['sales-limits']) o.salesLimits = true;
  if (values.instances) o.instances = Number(values.instances);
  if (values['draw-runs']) o.drawRuns = Number(values['draw-runs']);
  if (values['admin-runs']) o.adminRuns = Number(values['admin-runs']);
  if (values['import-rows']) o.importRows = Number(values['import-rows']);
  if (values.recibos) o.recibos = Number(values.recibos);
  if (values['rush-residents']) o.rushResidents = Number(values['rush-residents']);
  if (values['rush-rate']) o.rushRate = Number(values['rush-rate']);
  if (values['no-lighthouse']) o.lighthouse = false;
  if (values['lighthouse-runs']) {
    const n = Number(values['lighthouse-runs']);
    if (!Number.isInteger(n) || n < 1)
      throw new Error(`--lighthouse-runs ${values['lighthouse-runs']}: use 1 or more`);
    o.lighthouseRuns = n;
  }
  if (values.password) o.password = values.password;
  return o;
}

async function main(): Promise<void> {
  const run = await runBench(cli(process.argv.slice(2)));
  const m = run.report.machine;
  console.log(
    `\nPraça bench — ${run.report.dialect}, escala ${run.report.scale}, ${m.cpu} × ${m.cores}, ${m.memoryGb} GB, Node ${m.node}; CPU check ${m.cpuCheckMs.join(' / ')} ms (start / end, lower is faster)\n`,
  );
  console.log(run.table);
  for (const e of run.errors) console.log(`\n${e.bench} não rodou: ${e.error.split('\n')[0]}`);
  console.log(`\nJSON: ${path.relative(process.cwd(), run.file)}`);
  if (run.errors.length) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Ctrl-C: exit through process.exit so the server child is killed (server.ts).
  for (const sig of ['SIGINT', 'SIGTERM'] as const) process.once(sig, () => process.exit(130));
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
