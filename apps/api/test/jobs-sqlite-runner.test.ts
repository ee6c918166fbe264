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

  it("leases a job for its own queue's heartbeat, and stops renewing it past the queue's expiry", async () => {
    let now = Date.parse('2026-11-28T12:00:00Z');
    const runner = new SqliteRunner(t.db, log, { now: () => now });
    let finish!: () => void;
    runner.define('t.curta', () => new Promise<void>((r) => (finish = r)), { heartbeatSeconds: 2 });
    let hang!: () => void;
    runner.define('t.presa', () => new Promise<void>((r) => (hang = r)), {
      heartbeatSeconds: 0.3,
      expireSeconds: 1,
    });
    await runner.enqueue(t.db, 't.curta', {});
    const id = await lastId();
    expect(await runner.runOne()).toBe(true);
    await expect.poll(async () => (await row(id))?.travada_ate).toBe(new Date(now + 2_000).toISOString());
    finish();
    await runner.idle();

    // A run that hangs: renewed (every 100 ms here) while within its queue's expiry…
    await runner.enqueue(t.db, 't.presa', {});
    const stuck = await lastId();
    expect(await runner.runOne()).toBe(true);
    now += 600;
    await expect.poll(async () => (await row(stuck))?.travada_ate).toBe(new Date(now + 300).toISOString());
    // …then no more: its lease runs out and another worker runs it again.
    now += 600;
    await new Promise((r) => setTimeout(r, 300));
    const other = new SqliteRunner(t.db, log, { now: () => now });
    const attempts: number[] = [];
    other.define('t.presa', async (_p, ctx) => {
      attempts.push(ctx.attempt);
    });
    expect(await other.runOne()).toBe(true);
    await other.idle();
    expect(attempts).toEqual([2]);
    hang();
    await runner.idle();
    expect(await row(stuck)).toBeUndefined();
  });

  it('a stop past its deadline gives the running jobs back to the queue, due at once for another worker', async () => {
    const now = Date.parse('2026-11-28T13:00:00Z');
    const stopping = new SqliteRunner(t.db, log, { now: () => now });
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    let done = false;
    stopping.define('t.longa', async () => {
      started();
      await new Promise((r) => setTimeout(r, 1_500));
      done = true;
    });
    await stopping.enqueue(t.db, 't.longa', { n: 1 });
    const id = await lastId();
    await stopping.start();
    await running;
    const t0 = Date.now();
    await stopping.stop({ timeoutMs: 200 });
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(done).toBe(false);
    expect(await row(id)).toMatchObject({
      situacao: 'rodando',
      tentativas: 1,
      travada_ate: new Date(now).toISOString(),
    });

    // Another instance's worker takes it at once, as the second attempt.
    const attempts: number[] = [];
    const other = new SqliteRunner(t.db, log, { now: () => now });
    other.define('t.longa', async (_p, ctx) => {
      attempts.push(ctx.attempt);
    });
    expect(await other.runOne()).toBe(true);
    await other.idle();
    expect(attempts).toEqual([2]);
    expect(await row(id)).toBeUndefined();
    // The first run, ending later, changes nothing.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(done).toBe(true);
    expect(await row(id)).toBeUndefined();

    // Within its deadline a stop lets the job finish.
    const patient = new SqliteRunner(t.db, log, { now: () => now });
    let finished = false;
    patient.define('t.breve', async () => {
      await new Promise((r) => setTimeout(r, 100));
      finished = true;
    });
    await patient.enqueue(t.db, 't.breve', {});
    const brief = await lastId();
    await patient.start();
    await expect.poll(async () => (await row(brief))?.situacao).toBe('rodando');
    await patient.stop({ timeoutMs: 5_000 });
    expect(finished).toBe(true);
    expect(await row(brief)).toBeUndefined();
  }, 20_000);

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
