import cluster from 'node:cluster';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.js';
import { createDb, isPostgresUrl } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDemo } from '../db/seed/index.js';
import { serveHashSlots } from '../lib/hash-slots.js';
import { createStore, S3Store } from '../lib/storage.js';
import { serveMetrics } from '../lib/metrics-server.js';

/**
 * `npm run start:cluster [-- N]`: N API processes on one machine and one PostgreSQL database,
 * sharing one port through node:cluster (the primary accepts the connections and hands each to
 * a worker in turn), so a proxy or a benchmark drives them at one address. N is the argument,
 * else CLUSTER_WORKERS, else the machine's cores. Everything an instance keeps is in the
 * database or invalidated across instances (docs/deploy.md, "Several instances"), so the
 * workers are the same as N machines. SQLite is one process: refused.
 *
 * The primary applies the migrations (and the demo seed, when SEED=demo) once, then forks the
 * workers, which run the ordinary server (server.js) with SEED=none. A worker that dies is
 * started again; SIGTERM or SIGINT stops every worker gracefully, then the primary.
 */
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function workerCount(): number {
  const raw = process.argv[2] ?? process.env.CLUSTER_WORKERS;
  if (raw === undefined || raw === '') return os.availableParallelism();
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 256)
    fail(
      `Número de instâncias inválido: ${raw} (use um inteiro de 1 a 256, no argumento ou em CLUSTER_WORKERS).`,
    );
  return n;
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
if (!isPostgresUrl(config.DATABASE_URL ?? ''))
  fail(
    'npm run start:cluster precisa de PostgreSQL (DATABASE_URL=postgres://…): o SQLite é um só processo ' +
      'e não se divide entre instâncias. Com SQLite, use npm run serve (uma instância).',
  );
const workers = workerCount();

const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 2 });
const store = createStore(config);
try {
  await migrateToLatest(db.db);
  if (config.SEED !== 'none' && (await seedDemo(db.db, { store, log: console.log })))
    console.log('dados de demonstração carregados');
} catch (err) {
  console.error(err);
  await db.close().catch(() => undefined);
  fail(`Não foi possível preparar o banco (${db.label}).`);
} finally {
  if (store instanceof S3Store) store.close();
}
await db.close();

const here = fileURLToPath(import.meta.url);
cluster.setupPrimary({ exec: here.replace(/cli[/\\]cluster\.(ts|js)$/, 'server.$1') });
let stopping = false;
const startedAt = Date.now();
const fork = () => cluster.fork({ SEED: 'none' });
cluster.on('exit', (worker, code, signal) => {
  if (stopping) {
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
    return;
  }
  // A worker that cannot start (a port in use, a bad setting) would fail again: stop here.
  if (Date.now() - startedAt < 10_000) {
    console.error(`instância ${worker.process.pid} saiu (${signal ?? code}) ao iniciar; encerrando`);
    stop('uma instância não iniciou');
    process.exitCode = 1;
    return;
  }
  console.error(`instância ${worker.process.pid} saiu (${signal ?? code}); iniciando outra`);
  setTimeout(fork, 1000);
});
// One budget of password hashes for the machine, whatever the number of workers.
serveHashSlots();
// Issue 54: the workers' metrics together, on METRICS_PORT (each worker answers the primary's
// request for its own; plugins/metrics.ts).
if (config.METRICS_PORT !== undefined) {
  const { AggregatorRegistry } = await import('prom-client');
  const workersMetrics = new AggregatorRegistry();
  await serveMetrics(
    config.METRICS_HOST,
    config.METRICS_PORT,
    async () => ({ contentType: workersMetrics.contentType, body: await workersMetrics.clusterMetrics() }),
    { error: (o, msg) => console.error(msg, o) },
  ).catch((err: unknown) =>
    fail(`Não foi possível servir as métricas em ${config.METRICS_PORT}: ${String(err)}`),
  );
}
for (let i = 0; i < workers; i++) fork();
console.log(
  `Praça: ${workers} instâncias na porta ${config.PORT} (${db.label}), processo principal ${process.pid}`,
);

/**
 * Stops every worker with SIGTERM (a Ctrl-C in a terminal also reaches them itself as SIGINT;
 * a server takes a second signal within two seconds as the same stop: server.ts).
 */
function stop(why: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${why}: encerrando as instâncias`);
  const live = Object.values(cluster.workers ?? {});
  if (live.length === 0) process.exit(process.exitCode ?? 0);
  for (const w of live) w?.process.kill('SIGTERM');
  // Whatever has not ended when its own graceful budget (SHUTDOWN_TIMEOUT_MS) and 10 s more
  // have passed is killed.
  setTimeout(() => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS + 10_000).unref();
}
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
