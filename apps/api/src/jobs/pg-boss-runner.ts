import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import type { Database } from '../db/types.js';
import {
  DEFAULT_POLICY,
  type EnqueueOptions,
  type JobCounts,
  type JobHandler,
  type JobPolicy,
  type Jobs,
  type JobsOptions,
} from './index.js';

/**
 * The job queue on PostgreSQL: pg-boss (decision 043), in its own schema `pgboss`, which it
 * creates and migrates at start. A job is inserted with the caller's Kysely transaction (pg-boss
 * runs its INSERT through the `db` we hand it). Each name is a queue with the policy's retries
 * and exponential backoff, heartbeat and expiry (issue 54): a job whose worker stops beating for
 * the queue's `heartbeatSeconds` (the process died) or runs past its `expireSeconds` is failed
 * and retried by any instance's supervisor (every {@link SUPERVISE_S} s), so a killed instance's
 * job runs again within seconds, not pg-boss's default 15 minutes; after the last retry it stays
 * in state `failed` with its error (`pgboss.job.output`). A stop past its deadline fails the
 * running jobs the same way (pg-boss's `failWip`): retried elsewhere.
 */

const SCHEMA = 'pgboss';
/** How often pg-boss's supervisor looks for jobs whose heartbeat went silent or that expired. */
const SUPERVISE_S = 5;
/** pg-boss's least heartbeat. */
const MIN_HEARTBEAT_S = 10;

export class PgBossRunner implements Jobs {
  readonly #handlers = new Map<string, { handler: JobHandler<object>; policy: JobPolicy }>();
  readonly #boss: PgBoss;
  readonly #concurrency: number;
  #started = false;

  constructor(
    private readonly db: Kysely<Database>,
    connectionString: string,
    private readonly log: FastifyBaseLogger,
    o: JobsOptions = {},
  ) {
    this.#concurrency = o.concurrency ?? 4;
    this.#boss = new PgBoss({
      connectionString,
      schema: SCHEMA,
      max: 4,
      superviseIntervalSeconds: SUPERVISE_S,
      monitorIntervalSeconds: SUPERVISE_S,
    });
    this.#boss.on('error', (err: unknown) => this.log.error({ err }, 'fila de tarefas (pg-boss)'));
  }

  define<P extends object>(name: string, handler: JobHandler<P>, policy: Partial<JobPolicy> = {}): void {
    this.#handlers.set(name, {
      handler: handler as JobHandler<object>,
      policy: { ...DEFAULT_POLICY, ...policy },
    });
  }

  async enqueue<P extends object>(
    db: Kysely<Database>,
    name: string,
    payload: P,
    o: EnqueueOptions = {},
  ): Promise<void> {
    const afterS = Math.ceil(Math.max(0, o.afterMs ?? 0) / 1000);
    await this.#boss.send(name, payload, {
      // Seconds from now (pg-boss's number form).
      ...(afterS > 0 ? { startAfter: afterS } : {}),
      db: {
        executeSql: async (text: string, values: unknown[] = []) => {
          const r = await db.executeQuery(CompiledQuery.raw(text, values));
          return { rows: r.rows as unknown[] };
        },
      },
    });
  }

  async start(): Promise<void> {
    if (this.#started) return;
    await this.#boss.start();
    this.#started = true;
    for (const [name, { handler, policy }] of this.#handlers) {
      const queue = {
        retryLimit: policy.maxAttempts - 1,
        retryDelay: Math.max(1, Math.round(policy.backoffMs / 1000)),
        retryBackoff: true,
        heartbeatSeconds: Math.max(MIN_HEARTBEAT_S, policy.heartbeatSeconds),
        expireInSeconds: policy.expireSeconds,
        deleteAfterSeconds: 60 * 60,
      };
      if (await this.#boss.getQueue(name)) await this.#boss.updateQueue(name, queue);
      else await this.#boss.createQueue(name, queue);
      await this.#boss.work<object>(
        name,
        {
          includeMetadata: true,
          batchSize: 1,
          localConcurrency: this.#concurrency,
          pollingIntervalSeconds: 0.5,
        },
        async ([first]) => {
          const job = first as JobWithMetadata<object>;
          await handler(job.data, {
            attempt: job.retryCount + 1,
            lastAttempt: job.retryCount >= job.retryLimit,
          });
        },
      );
    }
  }

  async stop(o: { timeoutMs?: number } = {}): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    await this.#boss.stop({ graceful: true, timeout: o.timeoutMs ?? 20_000 });
  }

  async check(): Promise<void> {
    if (!this.#started) throw new Error('o trabalhador da fila não está rodando');
    // Through pg-boss's own connections, which its workers use.
    if (!(await this.#boss.isInstalled())) throw new Error(`o esquema ${SCHEMA} não existe`);
  }

  /** pg-boss's own counts of each queue, kept by its monitor (every 5 s here). */
  async stats(): Promise<JobCounts[]> {
    const names = [...this.#handlers.keys()];
    if (names.length === 0 || !this.#started) return [];
    const queues = await this.#boss.getQueues(names);
    return queues.map((q) => ({
      name: q.name,
      queued: Number(q.queuedCount),
      active: Number(q.activeCount),
      failed: Number(q.failedCount),
    }));
  }

  async idle(): Promise<void> {
    const names = [...this.#handlers.keys()];
    if (names.length === 0) return;
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from ${sql.table(`${SCHEMA}.job`)}
        where name in (${sql.join(names)})
          and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`.execute(
        this.db,
      );
      if (Number(rows[0]?.n ?? 0) === 0) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}
