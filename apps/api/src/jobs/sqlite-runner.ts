import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
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
 * The job queue on SQLite: one row of `tarefas` per job. A worker claims a due job with a lease
 * (`travada_ate`, its queue's `heartbeatSeconds`) in one UPDATE … RETURNING and renews it while
 * the handler runs, up to the queue's `expireSeconds`; a job whose lease ran out (its process
 * died, or the run hung past its expiry) is due again. A stop past its deadline gives the
 * running jobs' leases back, so they are due again at once. A failure waits `espera_base_ms` × 2^(n−1)
 * (at most an hour) and runs again, up to `max_tentativas` runs; then the job stays as `morta`
 * with its last error, for the operator to read. A finished job is deleted. Every statement
 * is conditioned on the attempt it claimed, so a worker whose lease was taken over changes
 * nothing.
 */

const MAX_BACKOFF_MS = 60 * 60 * 1000;

export interface SqliteRunnerOptions extends JobsOptions {
  /** How long a claim holds without renewal (tests); else each queue's `heartbeatSeconds`. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function backoffMs(base: number, attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, attempt - 1));
}

/** A run in this process: its row and attempt, its lease's renewal, and whether it was given back. */
interface Run {
  id: number;
  attempt: number;
  /** The lease the claim took. */
  claimedMs: number;
  renew?: NodeJS.Timeout;
  released: boolean;
}

export class SqliteRunner implements Jobs {
  readonly #handlers = new Map<string, { handler: JobHandler<object>; policy: JobPolicy }>();
  readonly #running = new Map<Promise<void>, Run>();
  readonly #concurrency: number;
  readonly #leaseMs: number | undefined;
  readonly #pollMs: number;
  readonly #now: () => number;
  #loop: Promise<void> | undefined;
  #stopping = false;
  #wake: (() => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    o: SqliteRunnerOptions = {},
  ) {
    this.#concurrency = o.concurrency ?? 4;
    this.#leaseMs = o.leaseMs;
    this.#pollMs = o.pollMs ?? 250;
    this.#now = o.now ?? Date.now;
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
    const policy = this.#handlers.get(name)?.policy ?? DEFAULT_POLICY;
    const ms = this.#now();
    const now = iso(ms);
    await db
      .insertInto('tarefas')
      .values({
        nome: name,
        dados: JSON.stringify(payload),
        max_tentativas: policy.maxAttempts,
        espera_base_ms: policy.backoffMs,
        executar_em: iso(ms + Math.max(0, o.afterMs ?? 0)),
        criada_em: now,
      })
      .execute();
    // The caller's transaction commits after this; the worker looks again shortly.
    setTimeout(() => this.#wake?.(), 5).unref();
  }

  start(): Promise<void> {
    this.#stopping = false;
    this.#loop ??= this.#run();
    return Promise.resolve();
  }

  async stop(o: { timeoutMs?: number } = {}): Promise<void> {
    this.#stopping = true;
    this.#wake?.();
    await this.#loop;
    this.#loop = undefined;
    const all = Promise.allSettled([...this.#running.keys()]);
    if (o.timeoutMs === undefined) {
      await all;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([
      all.then(() => false),
      new Promise<boolean>((r) => (timer = setTimeout(() => r(true), o.timeoutMs))),
    ]);
    clearTimeout(timer);
    if (late) await this.#release();
  }

  /**
   * Gives the running jobs back to the queue: their lease ends now, so any worker claims them
   * (a new attempt; this process's handler, still running until the process ends, then changes
   * nothing: every statement of a run is conditioned on its attempt, and a released run writes
   * no outcome).
   */
  async #release(): Promise<void> {
    const now = iso(this.#now());
    for (const run of this.#running.values()) {
      run.released = true;
      clearInterval(run.renew);
      await this.db
        .updateTable('tarefas')
        .set({ travada_ate: now })
        .where('id', '=', run.id)
        .where('tentativas', '=', run.attempt)
        .where('situacao', '=', 'rodando')
        .execute()
        .catch((err: unknown) => this.log.error({ err, id: run.id }, 'tarefa não devolvida à fila'));
      this.log.warn({ id: run.id, tentativa: run.attempt }, 'tarefa devolvida à fila no encerramento');
    }
  }

  /** A queue's lease: its heartbeat, or the runner's own (tests). */
  #lease(name: string): number {
    return this.#leaseMs ?? (this.#handlers.get(name)?.policy ?? DEFAULT_POLICY).heartbeatSeconds * 1000;
  }

  async idle(): Promise<void> {
    for (;;) {
      while (this.#running.size) await Promise.allSettled([...this.#running.keys()]);
      const now = iso(this.#now());
      const due = await this.db
        .selectFrom('tarefas')
        .select('id')
        .where('nome', 'in', [...this.#handlers.keys(), ''])
        .where((eb) =>
          eb.or([
            eb.and([eb('situacao', '=', 'pendente'), eb('executar_em', '<=', now)]),
            eb('situacao', '=', 'rodando'),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      if (!due && this.#running.size === 0) return;
      this.#wake?.();
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async check(): Promise<void> {
    if (!this.#loop || this.#stopping) throw new Error('o trabalhador da fila não está rodando');
    await this.db.selectFrom('tarefas').select('id').limit(1).execute();
  }

  async stats(): Promise<JobCounts[]> {
    const counts = new Map<string, JobCounts>();
    for (const name of this.#handlers.keys()) counts.set(name, { name, queued: 0, active: 0, failed: 0 });
    const rows = await this.db
      .selectFrom('tarefas')
      .select(['nome', 'situacao', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy(['nome', 'situacao'])
      .execute();
    for (const r of rows) {
      const c = counts.get(r.nome);
      if (!c) continue;
      const n = Number(r.n);
      if (r.situacao === 'pendente') c.queued += n;
      else if (r.situacao === 'rodando') c.active += n;
      else c.failed += n;
    }
    return [...counts.values()];
  }

  /** Claims and runs due jobs until stopped. */
  async #run(): Promise<void> {
    while (!this.#stopping) {
      let claimed = false;
      try {
        while (!this.#stopping && this.#running.size < this.#concurrency && (await this.runOne()))
          claimed = true;
      } catch (err) {
        this.log.error({ err }, 'fila de tarefas: falha ao buscar tarefa');
      }
      if (this.#stopping) break;
      if (!claimed || this.#running.size >= this.#concurrency) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.#pollMs);
          this.#wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.#wake = undefined;
      }
    }
  }

  /** Claims one due job and starts it; answers whether there was one. Public for the tests. */
  async runOne(): Promise<boolean> {
    const names = [...this.#handlers.keys()];
    if (names.length === 0) return false;
    const now = this.#now();
    // Claimed with the shortest lease of the queues, then set to its own queue's at once.
    const lease = Math.min(...names.map((n) => this.#lease(n)));
    const job = await this.db
      .updateTable('tarefas')
      .set((eb) => ({
        situacao: 'rodando',
        tentativas: eb('tentativas', '+', 1),
        travada_ate: iso(now + lease),
      }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('tarefas')
          .select('id')
          .where('nome', 'in', names)
          .where((w) =>
            w.or([
              w.and([w('situacao', '=', 'pendente'), w('executar_em', '<=', iso(now))]),
              w.and([w('situacao', '=', 'rodando'), w('travada_ate', '<=', iso(now))]),
            ]),
          )
          .orderBy('executar_em')
          .orderBy('id')
          .limit(1),
      )
      .returningAll()
      .executeTakeFirst();
    if (!job) return false;
    const run: Run = { id: job.id, attempt: job.tentativas, claimedMs: lease, released: false };
    const p = this.#execute(job, run).finally(() => {
      this.#running.delete(p);
      this.#wake?.();
    });
    this.#running.set(p, run);
    return true;
  }

  async #execute(
    job: {
      id: number;
      nome: string;
      dados: string;
      tentativas: number;
      max_tentativas: number;
      espera_base_ms: number;
    },
    run: Run,
  ): Promise<void> {
    const attempt = job.tentativas;
    const mine = () =>
      this.db.updateTable('tarefas').where('id', '=', job.id).where('tentativas', '=', attempt);
    if (attempt > job.max_tentativas) {
      // Its runs all ended without an answer (the process died each time).
      await mine().set({ situacao: 'morta', ultimo_erro: 'prazo da tarefa esgotado' }).execute();
      this.log.error({ tarefa: job.nome, id: job.id }, 'tarefa morta');
      return;
    }
    const entry = this.#handlers.get(job.nome)!;
    const lease = this.#lease(job.nome);
    const renewUntil = this.#now() + entry.policy.expireSeconds * 1000;
    const renew = () =>
      mine()
        .set({ travada_ate: iso(this.#now() + lease) })
        .execute()
        .catch(() => undefined);
    if (lease !== run.claimedMs) await renew();
    // Renewed while the run lasts, up to its queue's expiry: past it the lease runs out.
    run.renew = setInterval(
      () => {
        if (this.#now() < renewUntil) void renew();
        else clearInterval(run.renew);
      },
      Math.max(50, lease / 3),
    );
    try {
      await entry.handler(JSON.parse(job.dados) as object, {
        attempt,
        lastAttempt: attempt >= job.max_tentativas,
      });
      clearInterval(run.renew);
      if (run.released) return;
      await this.db
        .deleteFrom('tarefas')
        .where('id', '=', job.id)
        .where('tentativas', '=', attempt)
        .execute();
    } catch (err) {
      clearInterval(run.renew);
      if (run.released) return;
      const text = err instanceof Error ? err.message : String(err);
      if (attempt >= job.max_tentativas) {
        await mine().set({ situacao: 'morta', ultimo_erro: text, travada_ate: null }).execute();
        this.log.error({ err, tarefa: job.nome, id: job.id }, 'tarefa morta');
      } else {
        await mine()
          .set({
            situacao: 'pendente',
            ultimo_erro: text,
            travada_ate: null,
            executar_em: iso(this.#now() + backoffMs(job.espera_base_ms, attempt)),
          })
          .execute();
        this.log.warn(
          { err, tarefa: job.nome, id: job.id, tentativa: attempt },
          'tarefa falhou; nova tentativa',
        );
      }
    }
  }
}
