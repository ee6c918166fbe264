import { sql, type Kysely } from 'kysely';
import { MSG } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';

/** 429 with the Portuguese text and, in `Retry-After`, the seconds until the window ends. */
export class TooManyRequests extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, MSG.muitasTentativas);
    this.name = 'TooManyRequests';
  }
}

/** One limit of a `SharedLimiter` attempt: its key and how many attempts a window allows. */
export interface Limit {
  key: string;
  max: number;
}

/**
 * Fixed-window counters in the database (`limites_tentativas`), so every instance counts
 * against the same limits (issues 37 and 38, decision 019): every limit of the API — on
 * callers without a session (logins, registrations, reset requests), where N instances must
 * not mean N times the guesses, and per signed-in person (`PersonLimit`). `take` counts the attempt first (one atomic upsert-increment on SQLite and
 * PostgreSQL) and refuses it when a limit is past, so parallel requests cannot slip through
 * between a check and a count; what `take` returns takes the attempt back, for an attempt
 * that turns out not to count (a right password).
 */
export class SharedLimiter {
  private prunedAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    /** Prefix of this limiter's keys, e.g. `login`. */
    private readonly name: string,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt against each limit, or throws 429 (Retry-After) when one is spent. */
  async take(limits: Limit[]): Promise<() => Promise<void>> {
    const max = new Map(limits.map((l) => [l.key, l.max]));
    const { counts, release, retryAfterSeconds } = await this.count(limits.map((l) => l.key));
    if ([...counts].some(([key, n]) => n > (max.get(key) ?? Infinity))) {
      await release();
      throw new TooManyRequests(retryAfterSeconds);
    }
    return release;
  }

  /**
   * Counts one attempt against each key and answers the counts (this attempt included), keyed
   * as given, refusing nothing: the caller decides (the login, issue 52, weighs a solved
   * challenge against them). `release` takes the attempt back.
   */
  async count(keys: string[]): Promise<{
    counts: Map<string, number>;
    release: () => Promise<void>;
    retryAfterSeconds: number;
  }> {
    const now = this.now();
    const endMs = (Math.floor(now / this.windowMs) + 1) * this.windowMs;
    const expira_em = new Date(endMs).toISOString();
    // One order for every statement, so two on PostgreSQL never wait on each other in a cycle.
    const stored = [...new Set(keys.map((k) => `${this.name}:${k}`))].sort();
    await this.prune(now);
    const counted = await this.db
      .insertInto('limites_tentativas')
      .values(stored.map((chave) => ({ chave, expira_em, contagem: 1 })))
      .onConflict((oc) =>
        oc.column('chave').doUpdateSet({
          contagem: sql<number>`case when limites_tentativas.expira_em = excluded.expira_em
            then limites_tentativas.contagem + 1 else 1 end`,
          expira_em: (eb) => eb.ref('excluded.expira_em'),
        }),
      )
      .returning(['chave', 'contagem'])
      .execute();
    const prefix = this.name.length + 1;
    return {
      counts: new Map(counted.map((r) => [r.chave.slice(prefix), Number(r.contagem)])),
      release: () => this.giveBack(stored, expira_em),
      retryAfterSeconds: Math.max(1, Math.ceil((endMs - now) / 1000)),
    };
  }

  /** The attempts counted against each key in the current window (0 for none), counting nothing. */
  async peek(keys: string[]): Promise<Map<string, number>> {
    const now = this.now();
    const expira_em = new Date((Math.floor(now / this.windowMs) + 1) * this.windowMs).toISOString();
    const rows = await this.db
      .selectFrom('limites_tentativas')
      .select(['chave', 'contagem'])
      .where(
        'chave',
        'in',
        keys.map((k) => `${this.name}:${k}`),
      )
      .where('expira_em', '=', expira_em)
      .execute();
    const found = new Map(rows.map((r) => [r.chave, Number(r.contagem)]));
    return new Map(keys.map((k) => [k, found.get(`${this.name}:${k}`) ?? 0]));
  }

  /** Takes one attempt back from each key, if its window is still the one it was counted in. */
  private async giveBack(keys: string[], expira_em: string): Promise<void> {
    await this.db
      .updateTable('limites_tentativas')
      .set({ contagem: sql<number>`contagem - 1` })
      .where('chave', 'in', keys)
      .where('expira_em', '=', expira_em)
      .where('contagem', '>', 0)
      .execute();
  }

  /** Deletes the windows that ended, at most once a window per instance: one index range. */
  private async prune(now: number): Promise<void> {
    if (now - this.prunedAt < this.windowMs) return;
    this.prunedAt = now;
    await this.db
      .deleteFrom('limites_tentativas')
      .where('expira_em', '<=', new Date(now).toISOString())
      .execute();
  }
}

/**
 * A limit per signed-in person for `app.requireUser(rule, limit)`: `max` attempts a window,
 * counted in the database like every other limit, so N instances still allow `max`.
 */
export class PersonLimit {
  private readonly limiter: SharedLimiter;

  constructor(
    db: Kysely<Database>,
    name: string,
    private readonly max: number,
    windowMs: number,
    now?: () => number,
  ) {
    this.limiter = new SharedLimiter(db, name, windowMs, now);
  }

  /** Counts one attempt of the person, or throws 429 (Retry-After) when none is left. */
  async take(personId: number): Promise<void> {
    await this.limiter.take([{ key: `u:${personId}`, max: this.max }]);
  }
}

export const ONE_MINUTE = 60 * 1000;
export const FIFTEEN_MINUTES = 15 * ONE_MINUTE;
export const ONE_DAY = 24 * 60 * ONE_MINUTE;
