import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/types.js';
import { SqliteRunner } from './sqlite-runner.js';

/**
 * Background work stored in the database (issue 38, decision 043): one interface, two runners.
 * On SQLite a table-backed runner (`tarefas`, sqlite-runner.ts); on PostgreSQL pg-boss.
 * A job is enqueued with the caller's transaction, so it exists if and only if its cause
 * committed; a handler runs at least once (a crash or a deploy mid-way re-runs it), so every
 * handler is written to be re-run: it records what it did and skips it the next time.
 */

/** Where a handler's run stands. */
export interface JobContext {
  /** 1 on the first run; a run cut short by a crash counts too. */
  attempt: number;
  /** No retry follows this run: a handler may record its failures as final instead of throwing. */
  lastAttempt: boolean;
}

export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

/**
 * How a job's failures are retried: `maxAttempts` runs in all, `backoffMs` × 2^(n−1) apart. And
 * how a run that went silent is taken back (issue 54): its worker proves it is alive every
 * `heartbeatSeconds` (pg-boss's heartbeat, at least 10; SQLite's lease), so a job whose process
 * was killed runs again on another instance within seconds; a run longer than `expireSeconds`
 * is taken to have hung and runs again too (its first run, if alive, changes nothing more: each
 * handler is written to be re-run).
 */
export interface JobPolicy {
  maxAttempts: number;
  backoffMs: number;
  heartbeatSeconds: number;
  expireSeconds: number;
}

/** When an enqueued job is due. */
export interface EnqueueOptions {
  /** Milliseconds from now (default 0: at once). */
  afterMs?: number;
}

export const DEFAULT_POLICY: JobPolicy = {
  maxAttempts: 5,
  backoffMs: 2_000,
  heartbeatSeconds: 10,
  expireSeconds: 15 * 60,
};

export interface Jobs {
  /** Registers the handler of a job name (before `start`). */
  define<P extends object>(name: string, handler: JobHandler<P>, policy?: Partial<JobPolicy>): void;
  /**
   * Adds a job, on `db` — pass the transaction of the job's cause, and the job commits or rolls
   * back with it. With `afterMs` it is due that long from now (issue 53: a receipt checked again
   * at SEFAZ a day later), not at once.
   */
  enqueue<P extends object>(
    db: Kysely<Database>,
    name: string,
    payload: P,
    o?: EnqueueOptions,
  ): Promise<void>;
  /** Starts the worker loop. */
  start(): Promise<void>;
  /**
   * Stops taking jobs and waits for the running ones, up to `timeoutMs` (default: as long as
   * they take); those still running then are given back to the queue, due again at once on any
   * instance (issue 54: a graceful restart). A job cut short by a crash re-runs elsewhere too.
   */
  stop(o?: { timeoutMs?: number }): Promise<void>;
  /** Settles once no job is running or due (tests; jobs waiting for a retry do not count). */
  idle(): Promise<void>;
  /** Issue 54, readiness: throws unless the worker runs and the queue's storage answers. */
  check(): Promise<void>;
  /** Issue 54, metrics: each defined job name's jobs in the queue now. */
  stats(): Promise<JobCounts[]>;
}

/** One job name's jobs in the queue: waiting (due or for a retry), running, failed for good and kept. */
export interface JobCounts {
  name: string;
  queued: number;
  active: number;
  failed: number;
}

/** Issue 54: told of every run of a handler, as it ends (the metrics' failures and retries). */
export type JobObserver = (name: string, ctx: JobContext, failed: boolean) => void;

/** Makes every handler defined on `jobs` from now on report its runs to `observer`. */
export function observeRuns(jobs: Jobs, observer: JobObserver): void {
  const define = jobs.define.bind(jobs);
  jobs.define = <P extends object>(name: string, handler: JobHandler<P>, policy?: Partial<JobPolicy>) =>
    define<P>(
      name,
      async (payload, ctx) => {
        try {
          await handler(payload, ctx);
        } catch (err) {
          observer(name, ctx, true);
          throw err;
        }
        observer(name, ctx, false);
      },
      policy,
    );
}

export interface JobsOptions {
  /** Jobs run at once by this instance. */
  concurrency?: number;
}

export async function createJobs(
  db: Pick<Db, 'db' | 'dialect'>,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
  o: JobsOptions = {},
): Promise<Jobs> {
  if (db.dialect === 'postgres') {
    // pg-boss is loaded only on PostgreSQL: on SQLite it would cost the server ~6 MB of heap.
    const { PgBossRunner } = await import('./pg-boss-runner.js');
    return new PgBossRunner(db.db, databaseUrl ?? '', log, o);
  }
  return new SqliteRunner(db.db, log, o);
}
