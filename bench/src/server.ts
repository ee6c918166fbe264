import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/src/ → ../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_JS = path.join(REPO_ROOT, 'apps/api/dist/src/server.js');
const CLUSTER_JS = path.join(REPO_ROOT, 'apps/api/dist/src/cli/cluster.js');
export const WEB_DIST = path.join(REPO_ROOT, 'apps/web/dist');

/** The server's Loteria Federal calendar anchor, `<concurso>:<YYYY-MM-DD>` (issue 49). */
const BENCH_LOTERIA_REFERENCIA = '6000:2025-09-20';
/** The apurações' auditor: an address no admin has (`.invalid` is never delivered). */
const BENCH_AUDITOR = 'auditoria@bench.invalid';

/**
 * The node flags of the API's `start` (or `start:cluster`) script, so the server under test runs
 * as `npm run serve` runs it (the young generation's cap: docs/performance.md; the OpenTelemetry
 * bootstrap, issue 54, whose path is taken from apps/api, where the script runs).
 */
function startFlags(script: 'start' | 'start:cluster'): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/api/package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const words = (pkg.scripts[script] ?? '').split(/\s+/);
  if (words[0] !== 'node') throw new Error(`apps/api: o script ${script} não começa por node`);
  return words
    .slice(1)
    .filter((w) => w.startsWith('--'))
    .map((w) =>
      w.replace(
        /^(--import=)(\.\.?\/.*)$/,
        (_, flag: string, file: string) => flag + path.join(REPO_ROOT, 'apps/api', file),
      ),
    );
}

/** `npm run build` at the root when the API's or the web's build is missing. */
export function ensureBuilt(log: (line: string) => void = console.log): void {
  const ceiling = path.join(REPO_ROOT, 'apps/api/dist/src/plugins/bench-ceiling.js');
  if ([SERVER_JS, CLUSTER_JS, ceiling, path.join(WEB_DIST, 'index.html')].every((f) => fs.existsSync(f)))
    return;
  log('build ausente: npm run build…');
  // A production build even when called from a test runner (vitest sets NODE_ENV=test, and Vite
  // would then bundle React's development runtime).
  const r = spawnSync('npm', ['run', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error(`npm run build falhou (${r.status})`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerOptions {
  /** The data directory (SQLite's praca.db, images); also DATA_DIR for PostgreSQL. */
  dataDir: string;
  /** postgres://… or sqlite:file; unset = `<dataDir>/praca.db`. */
  databaseUrl?: string;
  env?: Record<string, string>;
  /**
   * PostgreSQL only: this many instances behind one port (`npm run start:cluster`, node:cluster);
   * unset = the server alone. `pid` and `rss()` are then the cluster's primary's.
   */
  workers?: number;
  /** Kept for error messages. */
  logFile?: string;
  /** What each look at /health answered while the server started ('recusada': not listening). */
  onReadiness?: (answer: string) => void;
}

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** VmRSS of the server process, bytes (from /proc; 0 where /proc is missing). */
  rss(): number;
  stop(): Promise<void>;
}

/** Resident memory of a process from /proc/<pid>/status (VmRSS, in bytes). */
function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * CPU time a process has used so far, user + system, in seconds (every thread; from
 * /proc/<pid>/stat, fields 14 and 15, in clock ticks of 1/100 s; NaN where /proc is missing).
 */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds of a process and its children (a cluster's primary and its workers), as
 * `cpuSecondsOf`; the children from /proc/<pid>/task/<pid>/children (NaN where /proc is missing).
 */
export function cpuSecondsOfTree(pid: number): number {
  let children: number[] = [];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    // no /proc: the process alone (NaN)
  }
  return children.reduce((s, c) => s + cpuSecondsOf(c), cpuSecondsOf(pid));
}

/** The real server (apps/api/dist/src/server.js) as a child process, ready once /health answers. */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: opts.dataDir,
    INIT_CWD: opts.dataDir,
    SEED: 'none',
    LOG_LEVEL: 'warn',
    BENCH_CEILING: '1',
    // The benchmarks log in a handful of times from one address (the rush: a thousand).
    LOGIN_RATE_MAX: '1000',
    LOGIN_RATE_MAX_IP: '100000',
    // Issue 52: a sale to a person counts as a look-up of the partner; the benchmarks' partner
    // registers thousands a second (the limit's statement still runs with each sale).
    BUSCA_CLIENTE_RATE_MAX: '100000000',
    BUSCA_CLIENTE_DIA_MAX: '1000000000',
    // Issue 53: the receipts benchmark's residents send receipts of the partner's shop on every
    // run of the day (the cap's count still runs with each receipt).
    RECIBO_MAX_LOJA_DIA: '1000',
    // Issue 49: scheduling an apuração (the draw benchmark) needs the Loteria Federal's calendar,
    // from one anchor contest (the demo data's, a Saturday), and an auditor who is not an admin
    // (the hash is e-mailed to them: to the outbox, as no SMTP is set).
    LOTERIA_FEDERAL_REFERENCIA: BENCH_LOTERIA_REFERENCIA,
    APURACAO_AUDITORES: BENCH_AUDITOR,
    ...opts.env,
  };
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  else delete env.DATABASE_URL;
  // BENCH_SERVER_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const nodeArgs = [
    ...startFlags(opts.workers ? 'start:cluster' : 'start'),
    ...(process.env.BENCH_SERVER_ARGS ?? '').split(' ').filter(Boolean),
  ];
  if (opts.workers) env.CLUSTER_WORKERS = String(opts.workers);
  const child = spawn(process.execPath, [...nodeArgs, opts.workers ? CLUSTER_JS : SERVER_JS], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // BENCH_SERVER_LOG=<file>: keep everything the server writes (its errors under load).
  const logTo = process.env.BENCH_SERVER_LOG;
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-20_000);
    if (logTo) fs.appendFileSync(logTo, b);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: number | null = null;
  // Never leave the server behind when the harness dies.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  child.on('exit', (code) => {
    exited = code ?? -1;
    process.off('exit', orphan);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== null) throw new Error(`o servidor saiu (${exited}) antes de responder:\n${output}`);
    try {
      const res = await fetch(`${url}/health`);
      opts.onReadiness?.(String(res.status));
      if (res.ok) break;
    } catch {
      // not listening yet
      opts.onReadiness?.('recusada');
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`o servidor não respondeu /health em 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    child,
    rss: () => rssOf(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
