import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MSG_PRONTIDAO, type Prontidao } from '@praca/contract';
import type { Database } from '../src/db/types.js';
import { LocalStore } from '../src/lib/storage.js';
import { readiness, StoreProbe } from '../src/modules/health/service.js';
import { dialect, useTestApp } from './helper.js';

/**
 * Issue 54: `/health` is liveness (the process answers), `/health/pronto` readiness: the
 * database answers with every migration applied, the store takes a write, the job queue runs,
 * and the process is not overloaded; 503 names the failing checks. Under overload
 * (@fastify/under-pressure) every other route answers 503 with Retry-After, never `/health`.
 */
const t = useTestApp();

const pronto = async (app = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/health/pronto' });
  return { status: res.statusCode, body: res.json<Prontidao>() };
};
const failing = (body: Prontidao) => Object.keys(body.checks).filter((k) => !body.checks[k as 'banco'].ok);

describe(`readiness (${dialect})`, () => {
  it('answers 200 with every check ok on a migrated database with a writable store and a running queue', async () => {
    const { status, body } = await pronto();
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.erro).toBeUndefined();
    expect(failing(body)).toEqual([]);
    expect(Object.keys(body.checks)).toEqual(['banco', 'migracoes', 'armazenamento', 'fila', 'carga']);
    // The probe's file does not stay behind.
    expect(await t.app.storage.list('pronto/')).toEqual([]);
  });

  it('answers 503 naming migracoes while a migration of this build is not applied', async () => {
    const last = await sql<{ name: string; timestamp: string }>`
      select name, timestamp from kysely_migration order by name desc limit 1`.execute(t.db);
    const row = last.rows[0]!;
    await sql`delete from kysely_migration where name = ${row.name}`.execute(t.db);
    try {
      const { status, body } = await pronto();
      expect(status).toBe(503);
      expect(body.status).toBe('indisponivel');
      expect(failing(body)).toEqual(['migracoes']);
      expect(body.erro).toBe(`${MSG_PRONTIDAO.naoPronto}: migracoes`);
      expect(body.checks.migracoes.detalhe).toBe(`${MSG_PRONTIDAO.migracoesPendentes} (1)`);
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(
        t.db,
      );
    }
    expect((await pronto()).status).toBe(200);
  });

  it('answers 503 naming fila while the job worker is stopped', async () => {
    await t.app.jobs.stop();
    try {
      const { status, body } = await pronto();
      expect(status).toBe(503);
      expect(failing(body)).toEqual(['fila']);
      expect(body.checks.fila.detalhe).toBe(MSG_PRONTIDAO.filaNaoResponde);
    } finally {
      await t.app.jobs.start();
    }
    expect((await pronto()).status).toBe(200);
  });
});

describe.runIf(dialect === 'sqlite')('readiness checks on their own', () => {
  it('names banco and migracoes when the database does not answer', async () => {
    const raw = new SQLite(':memory:');
    raw.close();
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: raw }) });
    const logged: object[] = [];
    const log = { warn: (o: object) => logged.push(o) };
    const store = new StoreProbe(new LocalStore(t.dataDir), 'teste-banco', log);
    const r = await readiness({
      db,
      jobs: { check: async () => {} },
      load: () => null,
      store,
      timeoutMs: 2000,
      log,
    });
    expect(r.status).toBe(503);
    expect(failing(r.body)).toEqual(['banco', 'migracoes']);
    // The driver's own message goes to the log, never to the public answer.
    expect(r.body.checks.banco.detalhe).toBe(MSG_PRONTIDAO.bancoNaoResponde);
    expect(r.body.checks.migracoes.detalhe).toBe(MSG_PRONTIDAO.migracoesPendentes);
    expect(r.body.erro).toBe(`${MSG_PRONTIDAO.naoPronto}: banco, migracoes`);
    expect(logged).toEqual([
      expect.objectContaining({ checagem: 'banco', err: expect.any(Error) }),
      expect.objectContaining({ checagem: 'migracoes', err: expect.any(Error) }),
    ]);
  });

  it('tries the store at most once a period: a store that cannot write fails, and stays failed until the period ends', async () => {
    const root = path.join(t.dataDir, 'store-probe');
    fs.mkdirSync(root, { recursive: true });
    // A file where the probe's folder would go: the write fails (even for root).
    fs.writeFileSync(path.join(root, 'pronto'), '');
    const logged: object[] = [];
    const probe = new StoreProbe(new LocalStore(root), 'teste', { warn: (o) => logged.push(o) }, 300);
    const first = await probe.check(2000);
    expect(first).toBe(MSG_PRONTIDAO.armazenamentoFalhou);
    expect(logged).toHaveLength(1);
    fs.rmSync(path.join(root, 'pronto'));
    expect(await probe.check(2000)).toBe(first); // the same answer within the period
    await new Promise((r) => setTimeout(r, 350));
    expect(await probe.check(2000)).toBeNull();
    expect(fs.readdirSync(path.join(root, 'pronto'))).toEqual([]);
  });

  it('names a check that hangs', async () => {
    const log = { warn: () => {} };
    const store = new StoreProbe(new LocalStore(t.dataDir), 'teste-lento', log);
    const r = await readiness({
      db: t.db,
      jobs: { check: () => new Promise(() => {}) },
      load: () => null,
      store,
      timeoutMs: 100,
      log,
    });
    expect(failing(r.body)).toEqual(['fila']);
    expect(r.body.checks.fila.detalhe).toBe(`${MSG_PRONTIDAO.demorou} (100 ms)`);
  });
});

/**
 * Waits until the shedding is armed (two samples, one a second, after the app is ready: the
 * start's own work is no overload) and a sample has been taken since.
 */
const samples = () => new Promise((r) => setTimeout(r, 3100));

describe.runIf(dialect === 'sqlite')('under overload', () => {
  const heavy = useTestApp({ OVERLOAD_HEAP_USED_PCT: '0.001', OVERLOAD_RETRY_AFTER_S: '7' });

  it('sheds every route with 503 and Retry-After, says so in readiness, and keeps /health 200', async () => {
    await samples();
    const res = await heavy.app.inject({ method: 'GET', url: '/v1/campanhas?cod_cidade=1' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({ erro: MSG_PRONTIDAO.servidorSobrecarregado });
    const missing = await heavy.app.inject({ method: 'GET', url: '/v1/nada-aqui' });
    expect(missing.statusCode).toBe(503);

    const live = await heavy.app.inject({ method: 'GET', url: '/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toMatchObject({ status: 'ok' });

    const { status, body } = await pronto(heavy.app);
    expect(status).toBe(503);
    expect(failing(body)).toEqual(['carga']);
    expect(body.checks.carga.detalhe).toContain(MSG_PRONTIDAO.sobrecarga);
    expect(body.checks.carga.detalhe).toContain('heap');
  });

  const slow = useTestApp({ OVERLOAD_EVENT_LOOP_DELAY_MS: '60', OVERLOAD_HEAP_USED_PCT: '0' });

  it('sheds while the event loop lags past its setting, and not before', async () => {
    await samples();
    expect((await slow.app.inject({ method: 'GET', url: '/v1/campanhas?cod_cidade=1' })).statusCode).toBe(
      200,
    );
    expect((await pronto(slow.app)).status).toBe(200);
    // The loop blocked 150 ms at a time for over two samples: a mean delay far past 60 ms.
    const until = performance.now() + 2300;
    while (performance.now() < until) {
      const stop = performance.now() + 150;
      while (performance.now() < stop);
      await new Promise((r) => setImmediate(r));
    }
    const res = await slow.app.inject({ method: 'GET', url: '/v1/campanhas?cod_cidade=1' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('10');
    expect((await slow.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const { body } = await pronto(slow.app);
    expect(failing(body)).toEqual(['carga']);
    expect(body.checks.carga.detalhe).toContain('laço de eventos');
  });
});
