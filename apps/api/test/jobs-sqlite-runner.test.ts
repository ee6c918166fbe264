import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { backoffMs, SqliteRunner } from '../src/jobs/sqlite-runner.js';
import { dialect, useTestApp } from './helper.js';

/**
 * The SQLite job runner (issue 38, decision 043), on a clock of its own: a lease that runs out
 * makes the job due again, failures wait an exponential backoff, and the last failure leaves
 * the job dead (`morta`) with its error. The app's own worker is stopped: these runners alone
 * touch `tarefas`.
 */
const t = useTestApp();
const log = Fastify({ logger: { level: 'silent' } }).log;

describe.skipIf(dialect !== 'sqlite')('SQLite job runner', () => {
  const row = (id: number) => t.db.selectFrom('tarefas').selectAll().where('id', '=', id).executeTakeFirst();
  const lastId = async () =>
    (await t.db.selectFrom('tarefas').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()).id;

  it('re-runs a job whose lease ran out (its worker died), and deletes it once done', async () => {
    await t.app.jobs.stop();
    let now = Date.parse('2026-11-28T10:00:00Z');
    const clock = () => now;
    const dead = new SqliteRunner(t.db, log, { now: clock, leaseMs: 10_000 });
    dead.define('t.lease', () => new Promise<void>(() => undefined)); // never settles: a process that hangs, then dies
    await dead.enqueue(t.db, 't.lease', { x: 1 });
    const id = await lastId();
    expect(await dead.runOne()).toBe(true);
    expect(await row(id)).toMatchObject({ situacao: 'rodando', tentativas: 1 });

    const runs: number[] = [];
    const alive = new SqliteRunner(t.db, log, { now: clock, leaseMs: 10_000 });
    alive.define<{ x: number }>('t.lease', async (p, ctx) => {
      runs.push(p.x * 10 + ctx.attempt);
    });
    expect(await alive.runOne()).toBe(false); // still leased
    now += 10_001;
    expect(await alive.runOne()).toBe(true);
    await alive.idle();
    expect(runs).toEqual([12]);
    expect(await row(id)).toBeUndefined();
  });

  it('retries a failure after an exponential backoff, then leaves it dead with its last error', async () => {
    let now = Date.parse('2026-11-28T11:00:00Z');
    const runner = new SqliteRunner(t.db, log, { now: () => now });
    let calls = 0;
    runner.define(
      't.falha',
      async (_p, ctx) => {
        calls += 1;
        throw new Error(`falhou ${ctx.attempt}${ctx.lastAttempt ? ' (última)' : ''}`);
      },
      { maxAttempts: 3, backoffMs: 1_000 },
    );
    await runner.enqueue(t.db, 't.falha', {});
    const id = await lastId();

    expect(await runner.runOne()).toBe(true);
    await runner.idle();
    expect(await row(id)).toMatchObject({ situacao: 'pendente', tentativas: 1, ultimo_erro: 'falhou 1' });
    expect((await row(id))!.executar_em).toBe(new Date(now + 1_000).toISOString());
    expect(await runner.runOne()).toBe(false); // not due yet

    now += 1_000;
    expect(await runner.runOne()).toBe(true);
    await runner.idle();
    expect((await row(id))!.executar_em).toBe(new Date(now + 2_000).toISOString());

    now += 2_000;
    expect(await runner.runOne()).toBe(true);
    await runner.idle();
    expect(await row(id)).toMatchObject({
      situacao: 'morta',
      tentativas: 3,
      ultimo_erro: 'falhou 3 (última)',
    });
    now += 3_600_000;
    expect(await runner.runOne()).toBe(false); // the dead stay dead
    expect(calls).toBe(3);
  });

  it('a job enqueued with afterMs is due that long later, not before (issue 53)', async () => {
    let now = Date.parse('2026-11-28T12:00:00Z');
    const runner = new SqliteRunner(t.db, log, { now: () => now });
    const runs: string[] = [];
    runner.define<{ x: string }>('t.depois', async (p) => {
      runs.push(p.x);
    });
    await runner.enqueue(t.db, 't.depois', { x: 'depois' }, { afterMs: 60_000 });
    const id = await lastId();
    expect((await row(id))!.executar_em).toBe(new Date(now + 60_000).toISOString());
    expect(await runner.runOne()).toBe(false);
    now += 59_999;
    expect(await runner.runOne()).toBe(false);
    now += 1;
    expect(await runner.runOne()).toBe(true);
    await runner.idle();
    expect(runs).toEqual(['depois']);
  });

  it('backs off 2^(n−1) times the base, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(500, n))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(1_000, 40)).toBe(3_600_000);
  });

  it('a job enqueued in a transaction that rolls back does not exist', async () => {
    const runner = new SqliteRunner(t.db, log);
    runner.define('t.tx', async () => undefined);
    const before = await lastId();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await runner.enqueue(trx, 't.tx', {});
        throw new Error('desfeita');
      }),
    ).rejects.toThrow('desfeita');
    expect(await lastId()).toBe(before);
  });
});
