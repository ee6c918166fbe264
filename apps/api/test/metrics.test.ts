import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG } from '@praca/contract';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createDb } from '../src/db/index.js';
import { nowIso } from '../src/lib/clock.js';
import { failedDeliveries } from '../src/modules/health/repository.js';
import { bearer, createSellingShop, newCpf } from './factories.js';
import { dialect, queryPlan, useTestApp } from './helper.js';
import { exited, freePort } from './server-process.js';

/**
 * Issue 54: Prometheus metrics on METRICS_PORT only (never on the public port), with the HTTP
 * durations by route template, Node's event loop, the database's connections, the job queue and
 * the business totals read from the database (so another process, or a restart, reads the same).
 */

// A built web app, so that the public port's fallback would answer any unknown page with it.
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'praca-web-'));
fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><title>Praça</title>');
afterAll(() => fs.rmSync(web, { recursive: true, force: true }));

const t = useTestApp({ METRICS_PORT: '0', METRICS_TOTALS_TTL_S: '0', WEB_DIST: web });

type Sample = Map<string, number>;

/** The metrics of `app`'s own server: `name{labels}` → value. */
async function scrape(app: FastifyInstance = t.app): Promise<{ text: string; at: Sample; type: string }> {
  const { address, port } = app.metrics!.address()!;
  const res = await fetch(`http://${address}:${port}/metrics`);
  expect(res.status).toBe(200);
  const text = await res.text();
  const at: Sample = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const cut = line.lastIndexOf(' ');
    at.set(line.slice(0, cut), Number(line.slice(cut + 1)));
  }
  return { text, at, type: res.headers.get('content-type') ?? '' };
}

const SALES_ROUTE = '/v1/parceiro/vendas';
const salesCount = (s: Sample) =>
  [...s.entries()]
    .filter(
      ([k]) =>
        k.startsWith('http_request_duration_seconds_count{') &&
        k.includes(`route="${SALES_ROUTE}"`) &&
        k.includes('status_code="201"') &&
        k.includes('method="POST"'),
    )
    .reduce((n, [, v]) => n + v, 0);

describe(`metrics (${dialect})`, () => {
  it('are served on their own port on loopback, never on the public one', async () => {
    expect(t.app.metrics!.address()!.address).toBe('127.0.0.1');
    for (const accept of ['*/*', 'text/html', 'text/plain;version=0.0.4']) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { accept } });
      expect([accept, res.statusCode]).toEqual([accept, 404]);
      expect(res.json()).toEqual({ erro: MSG.rotaNaoEncontrada });
    }
    // The fallback does answer other pages with the web app.
    expect((await t.app.inject({ method: 'GET', url: '/alguma-pagina' })).statusCode).toBe(200);

    const { address, port } = t.app.metrics!.address()!;
    expect((await fetch(`http://${address}:${port}/health`)).status).toBe(404);
    const { text, type } = await scrape();
    expect(type).toContain('text/plain');
    for (const name of [
      'http_request_duration_seconds',
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'praca_db_connections',
      'praca_jobs',
      'praca_job_failures_total',
      'praca_job_retries_total',
      'praca_vendas_total',
      'praca_cupons_emitidos_total',
      'praca_vendas_cpf_pendentes',
      'praca_webhook_entregas_mortas_total',
      'praca_webhook_entregas_falhando',
      'praca_apuracoes_congeladas_total',
      'praca_apuracoes_apuradas_total',
      'praca_exportacoes_total',
      'praca_importacoes_total',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    expect(text).toMatch(/^praca_db_connections\{state="in_use"\} \d+$/m);
    expect(text).toMatch(/^praca_jobs\{job="[^"]+",state="queued"\} \d+$/m);
  });

  it('move with the work: a sale, its coupons, a sale waiting for a CPF, an export, the request durations', async () => {
    const s = await createSellingShop(t.db, ['Pessoa Métrica']);
    const before = (await scrape()).at;

    const sold = await t.app.inject({
      method: 'POST',
      url: SALES_ROUTE,
      headers: bearer(s.token),
      payload: s.sale('MT-1', s.people[0]!, 300),
    });
    expect(sold.statusCode).toBe(201);
    const coupons = (sold.json() as { cupons: unknown[] }).cupons.length;
    expect(coupons).toBeGreaterThan(0);
    const { id_usuario: _nobody, ...byCpf } = s.sale('MT-2', 0, 50);
    const waiting = await t.app.inject({
      method: 'POST',
      url: SALES_ROUTE,
      headers: bearer(s.token),
      payload: { ...byCpf, cpf: newCpf() },
    });
    expect(waiting.statusCode).toBe(201);
    const exported = await t.app.inject({
      url: `${SALES_ROUTE}?id_estabelecimento=${s.shop.id_estabelecimento}&formato=csv`,
      headers: bearer(s.token),
    });
    expect(exported.statusCode).toBe(200);

    const after = (await scrape()).at;
    const delta = (k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
    expect({
      vendas: delta('praca_vendas_total'),
      cupons: delta('praca_cupons_emitidos_total'),
      pendentes: delta('praca_vendas_cpf_pendentes'),
      exportacoes: delta('praca_exportacoes_total'),
      respostas201: salesCount(after) - salesCount(before),
    }).toEqual({ vendas: 1, cupons: coupons, pendentes: 1, exportacoes: 1, respostas201: 2 });
  });

  it('read the apurações, the failed webhook deliveries and the imports from their tables', async () => {
    const s = await createSellingShop(t.db, []);
    const before = (await scrape()).at;
    const hook = await t.db
      .insertInto('webhooks')
      .values({
        id_usuario: s.partner.id_usuario,
        cod_cidade: s.city.cod_cidade,
        id_estabelecimento: null,
        url: 'https://127.0.0.1/gancho',
        eventos: '["venda.registrada"]',
        segredo: 'segredo-de-teste',
        criado_em: nowIso(),
        removido_em: null,
      })
      .returning('id_webhook')
      .executeTakeFirstOrThrow();
    for (const situacao of ['falhou', 'morta', 'morta', 'entregue'])
      await t.db
        .insertInto('webhook_entregas')
        .values({
          id_webhook: hook.id_webhook,
          evento: 'venda.registrada',
          corpo: '{}',
          situacao,
          criada_em: nowIso(),
        })
        .execute();
    await t.db
      .insertInto('auditoria')
      .values({
        id_usuario: s.partner.id_usuario,
        acao: 'importar',
        entidade: 'turismo',
        id_entidade: '2-3',
        antes: null,
        depois: null,
        ip: '127.0.0.1',
      })
      .execute();
    // An apuração still freezing (no hash yet), one frozen, one apurada.
    for (const [i, status, hash] of [
      [1, 'agendada', ''],
      [2, 'agendada', 'a'.repeat(64)],
      [3, 'apurada', 'b'.repeat(64)],
    ] as const)
      await t.db
        .insertInto('apuracoes')
        .values({
          id_campanha: s.id_campanha,
          concurso: 7100 + i,
          data_concurso: '2025-04-05',
          qtd_premios: 1,
          mloja: 'S',
          musuario: 'S',
          status,
          hash_bilhetes: hash,
          qtd_bilhetes: 1,
          maior_numero: 1,
          arquivo: `apuracoes/metricas-${i}.csv`,
        })
        .execute();
    const after = (await scrape()).at;
    const delta = (k: string) => (after.get(k) ?? 0) - (before.get(k) ?? 0);
    expect({
      congeladas: delta('praca_apuracoes_congeladas_total'),
      apuradas: delta('praca_apuracoes_apuradas_total'),
      mortas: delta('praca_webhook_entregas_mortas_total'),
      falhando: delta('praca_webhook_entregas_falhando'),
      importacoes: delta('praca_importacoes_total'),
    }).toEqual({ congeladas: 2, apuradas: 1, mortas: 2, falhando: 1, importacoes: 1 });
  });

  it('count the failed deliveries on their partial index, not the whole table', async () => {
    expect(await queryPlan(t.db, failedDeliveries(t.db).compile())).toContain('webhook_entregas_falhas_idx');
  });

  it.runIf(dialect === 'sqlite')('count the job runs that failed and the retries, by job name', async () => {
    let runs = 0;
    t.app.jobs.define(
      'teste-metricas',
      async () => {
        if (++runs === 1) throw new Error('falha de propósito');
      },
      { maxAttempts: 3, backoffMs: 20 },
    );
    await t.app.jobs.enqueue(t.db, 'teste-metricas', {});
    for (let i = 0; i < 200 && runs < 2; i++) await new Promise((r) => setTimeout(r, 25));
    await t.app.jobs.idle();
    const { at } = await scrape();
    expect(runs).toBe(2);
    expect(at.get('praca_job_failures_total{job="teste-metricas"}')).toBe(1);
    expect(at.get('praca_job_retries_total{job="teste-metricas"}')).toBe(1);
  });

  it('another process on the same database reads the same totals (a restart resets none), cached for METRICS_TOTALS_TTL_S', async () => {
    const config = loadConfig({ ...envOf(t.config), METRICS_PORT: '0' });
    const db = createDb({ databaseUrl: config.DATABASE_URL, dataDir: t.dataDir, poolSize: 2 });
    const other = await buildApp(config, db);
    try {
      await other.ready();
      const mine = (await scrape()).at;
      const theirs = (await scrape(other)).at;
      for (const k of ['praca_vendas_total', 'praca_cupons_emitidos_total', 'praca_exportacoes_total'])
        expect([k, theirs.get(k)]).toEqual([k, mine.get(k)]);
      expect(mine.get('praca_vendas_total')).toBeGreaterThan(0);

      // Its totals (30 s by default) do not see a new sale yet; this app's (0 s) do.
      const s = await createSellingShop(t.db, ['Pessoa Cache']);
      const sold = await t.app.inject({
        method: 'POST',
        url: SALES_ROUTE,
        headers: bearer(s.token),
        payload: s.sale('MT-3', s.people[0]!, 100),
      });
      expect(sold.statusCode).toBe(201);
      expect((await scrape(other)).at.get('praca_vendas_total')).toBe(theirs.get('praca_vendas_total'));
      expect((await scrape()).at.get('praca_vendas_total')).toBe(mine.get('praca_vendas_total')! + 1);
    } finally {
      await other.close();
      await db.close();
    }
    expect(other.metrics!.address()).toBeNull();
  });
});

describe.runIf(dialect === 'postgres')('metrics of npm run start:cluster', () => {
  it('the primary serves its workers’ metrics together: their requests summed, the database’s totals once', async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/cluster.ts', '2'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        ...envOf(t.config),
        HOST: '127.0.0.1',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-4000)));
    try {
      // Two workers each load the app through tsx: on a loaded 2-core host that takes tens of
      // seconds, so the wait is by the clock (60 s) and the test's own timeout is above it.
      let answered = 0;
      const until = Date.now() + 60_000;
      while (answered < 12 && Date.now() < until) {
        const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) answered++;
        else await new Promise((r) => setTimeout(r, 100));
      }
      expect(answered, stderr).toBe(12);
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      const value = (k: string) =>
        Number(new RegExp(`^${k.replace(/[{}"/.]/g, '\\$&')} (\\S+)$`, 'm').exec(text)?.[1]);
      expect(
        value('http_request_duration_seconds_count{method="GET",route="/health",status_code="200"}'),
      ).toBe(12);
      const own = (await scrape()).at.get('praca_vendas_total');
      expect(value('praca_vendas_total')).toBe(own);
      expect(text.match(/^praca_vendas_total /gm)).toHaveLength(1);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  }, 90_000);
});

/** The environment a config was loaded from, for the settings a second app must share. */
function envOf(c: ReturnType<typeof loadConfig>): Record<string, string> {
  return {
    NODE_ENV: 'production',
    INIT_CWD: c.dataDir,
    DATA_DIR: c.dataDir,
    DATABASE_URL: c.DATABASE_URL ?? '',
    SEED: 'none',
    LOG_LEVEL: 'silent',
    WEB_DIST: c.webDist,
  };
}
