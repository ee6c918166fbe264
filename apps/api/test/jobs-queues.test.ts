import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PgBossRunner } from '../src/jobs/pg-boss-runner.js';
import { dialect, useTestApp } from './helper.js';

/**
 * Jobs on several instances (issue 54), pg-boss: each queue carries its heartbeat and expiry, so
 * a killed instance's job is retried in seconds (test/cluster.test.ts kills one), and a stop past
 * its deadline hands the running job back to the queue, where another worker runs it.
 */
const t = useTestApp();
const log = Fastify({ logger: { level: 'silent' } }).log;

describe.runIf(dialect === 'postgres')('pg-boss queues', () => {
  it("stores each queue's heartbeat and expiry: exports an hour, the others pg-boss's 15 minutes", async () => {
    const { rows } = await sql<{ name: string; expire_seconds: number; heartbeat_seconds: number }>`
      select name, expire_seconds, heartbeat_seconds from pgboss.queue
      where name in ('exportacao', 'webhook.entregar', 'apuracao.congelar') order by name`.execute(t.db);
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName.exportacao).toMatchObject({ expire_seconds: 3600, heartbeat_seconds: 10 });
    expect(byName['webhook.entregar']).toMatchObject({ expire_seconds: 900, heartbeat_seconds: 10 });
  });

  it('a stop past its deadline fails the running job into a retry, which another worker runs', async () => {
    const stopping = new PgBossRunner(t.db, t.config.DATABASE_URL!, log, { concurrency: 1 });
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    stopping.define(
      't.pg.longa',
      async () => {
        started();
        await new Promise((r) => setTimeout(r, 4_000));
      },
      { backoffMs: 1_000 },
    );
    await stopping.start();
    await stopping.enqueue(t.db, 't.pg.longa', { n: 1 });
    await running;
    const t0 = Date.now();
    await stopping.stop({ timeoutMs: 1_000 });
    expect(Date.now() - t0).toBeLessThan(3_500);
    const state = await sql<{ state: string }>`
      select state from pgboss.job where name = 't.pg.longa'`.execute(t.db);
    expect(state.rows).toEqual([{ state: 'retry' }]);

    const attempts: number[] = [];
    const other = new PgBossRunner(t.db, t.config.DATABASE_URL!, log, { concurrency: 1 });
    other.define(
      't.pg.longa',
      async (_p, ctx) => {
        attempts.push(ctx.attempt);
      },
      { backoffMs: 1_000 },
    );
    await other.start();
    try {
      await expect.poll(() => attempts, { timeout: 15_000, interval: 100 }).toEqual([2]);
    } finally {
      await other.stop();
    }
  }, 30_000);
});
