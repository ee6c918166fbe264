import type { Kysely } from 'kysely';
import { CHECAGENS_PRONTIDAO, MSG, MSG_PRONTIDAO, type Prontidao } from '@praca/contract';
import type { Database } from '../../db/types.js';
import type { Jobs } from '../../jobs/index.js';
import { randomToken } from '../../lib/crypto.js';
import { HttpError } from '../../lib/errors.js';
import type { Store } from '../../lib/storage.js';
import type { Load } from '../../plugins/overload.js';
import { presentHealth, presentReadiness, type Checagem } from './presenter.js';
import * as repo from './repository.js';

/** Up when the database answers; 503 otherwise (for load balancers and the e2e harness). */
export async function health(db: Kysely<Database>, banco: string) {
  try {
    await repo.ping(db);
  } catch {
    throw new HttpError(503, MSG.bancoIndisponivel);
  }
  return presentHealth(banco);
}

/** Issue 54, metrics: the business totals, read from the database (plugins/metrics.ts caches them). */
export const businessTotals = (db: Kysely<Database>): Promise<repo.BusinessTotals> => repo.businessTotals(db);

/** Where a failed check's own error goes: the log, never the public answer. */
interface Log {
  warn(o: object, msg: string): void;
}

/** What readiness looks at (plugins/services.ts makes it once). */
export interface ReadinessDeps {
  db: Kysely<Database>;
  jobs: Pick<Jobs, 'check'>;
  load: Load;
  store: StoreProbe;
  /** How long one check may take before it counts as failed. */
  timeoutMs: number;
  log: Log;
}

/** A check's failure with what a person reads about it. */
class Falha extends Error {}

/** `work`, or a failure once `ms` have passed (a database or a bucket that hangs is not ready). */
async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Falha(`${MSG_PRONTIDAO.demorou} (${ms} ms)`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What the answer says of a check that threw: its fixed text (or the time it was given), never
 * the error's own message, which may name a host, a path or a driver's detail; that goes to the
 * log.
 */
function reason(err: unknown, fallback: string, checagem: string, log: Log): string {
  if (err instanceof Falha) return err.message;
  log.warn({ err, checagem }, `prontidão: ${fallback}`);
  return fallback;
}

/**
 * Whether the store takes a write, gives it back and deletes it: a small object of this
 * process's own (`pronto/<id>.txt`), tried at most once every `ttlMs` (30 s by default), so a
 * probe every few seconds from each balancer does not become a stream of writes to a bucket.
 */
export class StoreProbe {
  #last: { at: number; result: Promise<string | null> } | null = null;
  readonly #key: string;

  constructor(
    private readonly store: Store,
    instanceId: string,
    private readonly log: Log,
    private readonly ttlMs = 30_000,
  ) {
    this.#key = `pronto/${instanceId}.txt`;
  }

  /** null when the store works, else why not (the same answer for `ttlMs`). */
  check(timeoutMs: number): Promise<string | null> {
    const now = performance.now();
    if (!this.#last || now - this.#last.at >= this.ttlMs) {
      this.#last = { at: now, result: this.#try(timeoutMs) };
    }
    return this.#last.result;
  }

  async #try(timeoutMs: number): Promise<string | null> {
    const body = Buffer.from(`pronto ${randomToken(12)}\n`);
    try {
      await within(timeoutMs, this.store.put(this.#key, body, 'text/plain'));
      const back = await within(timeoutMs, this.store.read(this.#key));
      if (!back?.equals(body)) throw new Error(`${this.#key}: o arquivo lido difere do gravado`);
      await within(timeoutMs, this.store.delete(this.#key));
      return null;
    } catch (err) {
      return reason(err, MSG_PRONTIDAO.armazenamentoFalhou, 'armazenamento', this.log);
    }
  }
}

/**
 * Readiness (issue 54): the database answers and has every migration, the store takes a write,
 * the job queue answers and its worker runs, and the process is not overloaded. Each check
 * runs at once and on its own; the answer names the failing ones.
 */
export async function readiness(deps: ReadinessDeps): Promise<{ status: 200 | 503; body: Prontidao }> {
  const t = deps.timeoutMs;
  const attempt = async (
    checagem: string,
    work: () => Promise<string | null>,
    fallback: string,
  ): Promise<Checagem> => {
    try {
      const failure = await within(t, work());
      return failure === null ? { ok: true } : { ok: false, detalhe: failure };
    } catch (err) {
      return { ok: false, detalhe: reason(err, fallback, checagem, deps.log) };
    }
  };
  const banco = attempt(
    'banco',
    async () => {
      await repo.ping(deps.db);
      return null;
    },
    MSG_PRONTIDAO.bancoNaoResponde,
  );
  const migracoes = attempt(
    'migracoes',
    async () => {
      const pending = await repo.pendingMigrations(deps.db);
      if (pending.length === 0) return null;
      deps.log.warn({ pendentes: pending }, `prontidão: ${MSG_PRONTIDAO.migracoesPendentes}`);
      return `${MSG_PRONTIDAO.migracoesPendentes} (${pending.length})`;
    },
    MSG_PRONTIDAO.migracoesPendentes,
  );
  const armazenamento = deps.store
    .check(t)
    .then((failure): Checagem => (failure === null ? { ok: true } : { ok: false, detalhe: failure }));
  const fila = attempt(
    'fila',
    async () => {
      await deps.jobs.check();
      return null;
    },
    MSG_PRONTIDAO.filaNaoResponde,
  );
  const load = deps.load();
  const carga: Checagem = !load
    ? { ok: true }
    : load.overloaded
      ? { ok: false, detalhe: `${MSG_PRONTIDAO.sobrecarga}: ${load.detail}` }
      : { ok: true, detalhe: load.detail };
  const checks = {
    banco: await banco,
    migracoes: await migracoes,
    armazenamento: await armazenamento,
    fila: await fila,
    carga,
  };
  const failing = CHECAGENS_PRONTIDAO.filter((name) => !checks[name].ok);
  return { status: failing.length === 0 ? 200 : 503, body: presentReadiness(checks, failing) };
}
