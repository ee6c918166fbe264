import cluster from 'node:cluster';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Counter, Gauge } from 'prom-client';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import { observeRuns } from '../jobs/index.js';
import { serveMetrics } from '../lib/metrics-server.js';
import { businessTotals } from '../modules/health/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 54: the metrics' own server, when METRICS_PORT is set (null otherwise). */
    metrics: { address(): AddressInfo | null } | null;
  }
}

/** Request durations, in seconds: the API's answers are mostly a few ms, exports and imports seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Issue 54: Prometheus metrics (prom-client, loaded only when METRICS_PORT is set):
 *
 * - `http_request_duration_seconds{method,route,status_code}`: every answer, by route template;
 * - Node's own (`nodejs_eventloop_lag_*` seconds and its percentiles, heap, GC, `process_*`);
 * - `praca_db_connections{state}`: PostgreSQL's pool (`in_use`, `idle`, `waiting`), or SQLite's
 *   one connection (held by a transaction or not) and the transactions waiting for it;
 * - `praca_jobs{job,state}`: the job queue (`queued`, `active`, `failed` kept), and
 *   `praca_job_failures_total{job}`, `praca_job_retries_total{job}`: this process's runs that
 *   threw, and that were a retry;
 * - the business totals, read from the database at most every METRICS_TOTALS_TTL_S (so a
 *   restart resets none): `praca_vendas_total`, `praca_cupons_emitidos_total`,
 *   `praca_vendas_cpf_pendentes`, `praca_webhook_entregas_mortas_total`,
 *   `praca_webhook_entregas_falhando`, `praca_apuracoes_congeladas_total`,
 *   `praca_apuracoes_apuradas_total`, `praca_exportacoes_total`, `praca_importacoes_total`.
 *
 * Served on METRICS_HOST:METRICS_PORT by a server of its own, never on the public port. In a
 * worker of `npm run start:cluster` the primary serves them, summing the workers' own figures
 * (database-wide ones are taken once: `aggregator: 'max'`).
 */
export async function registerMetrics(app: FastifyInstance, config: Config, db: Db): Promise<void> {
  if (config.METRICS_PORT === undefined) {
    app.decorate('metrics', null);
    return;
  }
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry });

  const duration = new prom.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Duração das respostas HTTP, por método, modelo de rota e status',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (req, reply, done) => {
    duration.observe(
      { method: req.method, route: req.routeOptions.url ?? '(sem rota)', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });

  new prom.Gauge({
    name: 'praca_db_connections',
    help: 'Conexões com o banco: em uso, ociosas e pedidos esperando uma (SQLite: a única conexão)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const c = db.connections?.();
      if (!c) return;
      this.set({ state: 'in_use' }, c.inUse);
      this.set({ state: 'idle' }, c.size - c.inUse);
      this.set({ state: 'waiting' }, c.waiting);
    },
  });

  const jobs = app.jobs;
  new prom.Gauge({
    name: 'praca_jobs',
    help: 'Tarefas na fila, por nome: aguardando, rodando e falhas mantidas',
    labelNames: ['job', 'state'] as const,
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.reset();
      for (const j of await jobs.stats()) {
        this.set({ job: j.name, state: 'queued' }, j.queued);
        this.set({ job: j.name, state: 'active' }, j.active);
        this.set({ job: j.name, state: 'failed' }, j.failed);
      }
    },
  });
  const failures = new prom.Counter({
    name: 'praca_job_failures_total',
    help: 'Execuções de tarefas que falharam neste processo, por nome',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const retries = new prom.Counter({
    name: 'praca_job_retries_total',
    help: 'Execuções de tarefas que foram uma nova tentativa, neste processo, por nome',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  observeRuns(jobs, (name, ctx, failed) => {
    if (ctx.attempt > 1) retries.inc({ job: name });
    if (failed) failures.inc({ job: name });
  });

  // The business totals: one read for all of them, shared by every scrape for the TTL.
  const ttlMs = config.METRICS_TOTALS_TTL_S * 1000;
  type Totals = Awaited<ReturnType<typeof businessTotals>>;
  let totals: { at: number; read: Promise<Totals> } | null = null;
  const current = () => {
    const now = performance.now();
    if (!totals || now - totals.at >= ttlMs) {
      const read = businessTotals(app.db);
      totals = { at: now, read };
      // A failed read is not kept: the next scrape tries again.
      read.catch(() => {
        if (totals?.read === read) totals = null;
      });
    }
    return totals.read;
  };
  const total = (name: string, help: string, key: keyof Totals, counter: boolean) => {
    const collect = async function (this: Counter | Gauge) {
      const value = (await current())[key];
      this.reset();
      if (this instanceof prom.Counter) this.inc(value);
      else this.set(value);
    };
    const o = { name, help, registers: [registry], aggregator: 'max' as const, collect };
    return counter ? new prom.Counter(o) : new prom.Gauge(o);
  };
  total('praca_vendas_total', 'Vendas que contam (vivas, com destinatário), como no painel', 'vendas', true);
  total('praca_cupons_emitidos_total', 'Números de cupom emitidos por todas as campanhas', 'cupons', true);
  total('praca_vendas_cpf_pendentes', 'Vendas esperando a conta de um CPF', 'vendasCpfPendentes', false);
  total(
    'praca_webhook_entregas_mortas_total',
    'Entregas de webhook que falharam em todas as tentativas',
    'entregasMortas',
    true,
  );
  total(
    'praca_webhook_entregas_falhando',
    'Entregas de webhook cuja última tentativa falhou (haverá outra)',
    'entregasFalhando',
    false,
  );
  total(
    'praca_apuracoes_congeladas_total',
    'Apurações com o arquivo de bilhetes congelado',
    'apuracoesCongeladas',
    true,
  );
  total('praca_apuracoes_apuradas_total', 'Apurações apuradas', 'apuracoesApuradas', true);
  total('praca_exportacoes_total', 'Exportações de listas feitas', 'exportacoes', true);
  total('praca_importacoes_total', 'Importações de arquivos feitas', 'importacoes', true);

  if (cluster.isWorker) {
    // The primary (cli/cluster.ts) asks each worker for these and serves them together.
    prom.AggregatorRegistry.setRegistries([registry]);
    new prom.AggregatorRegistry();
    app.decorate('metrics', { address: () => null });
    return;
  }
  let server: http.Server | null = null;
  app.decorate('metrics', { address: () => (server?.address() as AddressInfo | null) ?? null });
  app.addHook('onReady', async () => {
    server = await serveMetrics(
      config.METRICS_HOST,
      config.METRICS_PORT!,
      async () => ({ contentType: registry.contentType, body: await registry.metrics() }),
      app.log,
    );
    app.log.info(
      `métricas em http://${config.METRICS_HOST}:${(server.address() as AddressInfo).port}/metrics`,
    );
  });
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    registry.clear();
  });
}
