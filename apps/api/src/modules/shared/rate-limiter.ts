import { sql, type Kysely } from 'kysely';
import { MSG, MSG_VENDA } from '@praca/contract';
import type { Database } from '../../db/types.js';
import { HttpError } from '../../lib/errors.js';

/** 429 with the Portuguese text and, in `Retry-After`, the seconds until the window ends. */
export class TooManyRequests extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = MSG.muitasTentativas,
  ) {
    super(429, message);
    this.name = 'TooManyRequests';
  }

  /** The limit that was spent, when the limiter names it. */
  limit?: Limit;
}

/** One limit of a `SharedLimiter` attempt: its key and how many attempts a window allows. */
export interface Limit {
  key: string;
  max: number;
  /** Issue 52: this limit's own window (the limiter's otherwise). */
  windowMs?: number;
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

  /**
   * Counts one attempt against each limit, or throws 429 (Retry-After) when one is spent. A
   * limit may have a window of its own (`windowMs`, issue 52: a minute and a day in one
   * statement); the error names the spent limit with the latest end (`limit`).
   */
  async take(limits: Limit[]): Promise<() => Promise<void>> {
    const { counts, endsMs, release, now } = await this.countIn(limits);
    const spent = limits
      .filter((l) => (counts.get(l.key) ?? 0) > l.max)
      .sort((a, b) => endsMs.get(b.key)! - endsMs.get(a.key)!)[0];
    if (spent) {
      await release();
      throw Object.assign(
        new TooManyRequests(Math.max(1, Math.ceil((endsMs.get(spent.key)! - now) / 1000))),
        {
          limit: spent,
        },
      );
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
    const { counts, endsMs, release, now } = await this.countIn(keys.map((key) => ({ key })));
    const endMs = Math.max(...endsMs.values());
    return { counts, release, retryAfterSeconds: Math.max(1, Math.ceil((endMs - now) / 1000)) };
  }

  /** One atomic upsert-increment of every key, each in its own window (the limiter's by default). */
  private async countIn(limits: { key: string; windowMs?: number }[]) {
    const now = this.now();
    const windows = new Map(
      limits.map((l) => {
        const windowMs = l.windowMs ?? this.windowMs;
        const endMs = (Math.floor(now / windowMs) + 1) * windowMs;
        return [this.stored(l.key), { key: l.key, endMs, expira_em: new Date(endMs).toISOString() }];
      }),
    );
    // One order for every statement, so two on PostgreSQL never wait on each other in a cycle.
    const stored = [...windows.keys()].sort();
    await this.prune(now);
    const counted = await this.db
      .insertInto('limites_tentativas')
      .values(stored.map((chave) => ({ chave, expira_em: windows.get(chave)!.expira_em, contagem: 1 })))
      .onConflict((oc) =>
        oc.column('chave').doUpdateSet({
          contagem: sql<number>`case when limites_tentativas.expira_em = excluded.expira_em
            then limites_tentativas.contagem + 1 else 1 end`,
          expira_em: (eb) => eb.ref('excluded.expira_em'),
        }),
      )
      .returning(['chave', 'contagem'])
      .execute();
    return {
      now,
      counts: new Map(counted.map((r) => [windows.get(r.chave)!.key, Number(r.contagem)])),
      endsMs: new Map([...windows.values()].map((w) => [w.key, w.endMs])),
      release: () => this.giveBack(stored.map((c): [string, string] => [c, windows.get(c)!.expira_em])),
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
        keys.map((k) => this.stored(k)),
      )
      .where('expira_em', '=', expira_em)
      .execute();
    const found = new Map(rows.map((r) => [r.chave, Number(r.contagem)]));
    return new Map(keys.map((k) => [k, found.get(this.stored(k)) ?? 0]));
  }

  /**
   * A key as the database stores it: prefixed, and well formed. A key holds what a caller typed
   * (an e-mail), and a lone surrogate would come back from the database as U+FFFD, so the
   * counts read back would not find it (the fuzz test's `"\ud800"` e-mail, a 500 at login).
   */
  private stored(key: string): string {
    return `${this.name}:${key}`.replace(/\p{Surrogate}/gu, '\uFFFD');
  }

  /** Takes one attempt back from each key, if its window is still the one it was counted in. */
  private async giveBack(keys: [chave: string, expira_em: string][]): Promise<void> {
    for (const expira_em of new Set(keys.map(([, e]) => e))) {
      await this.db
        .updateTable('limites_tentativas')
        .set({ contagem: sql<number>`contagem - 1` })
        .where(
          'chave',
          'in',
          keys.filter(([, e]) => e === expira_em).map(([c]) => c),
        )
        .where('expira_em', '=', expira_em)
        .where('contagem', '>', 0)
        .execute();
    }
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
export class PersonLimit implements PersonCounter {
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

/** What `app.requireUser(rule, limit)` counts a signed-in person's requests with. */
export interface PersonCounter {
  take(personId: number): Promise<void>;
}

/**
 * Issue 52: a partner's look-ups of people (the customer search, a sale to a person or a CPF),
 * counted per person whichever of its sessions or API keys makes them: `perMinute` a minute
 * (BUSCA_CLIENTE_RATE_MAX) and `perDay` a day (BUSCA_CLIENTE_DIA_MAX, days in UTC), both in the
 * database, so neither parallel requests nor N instances pass them.
 */
export class LookupLimit implements PersonCounter {
  private readonly limiter: SharedLimiter;

  constructor(
    db: Kysely<Database>,
    private readonly perMinute: number,
    private readonly perDay: number,
    now?: () => number,
  ) {
    // Both windows in one statement: a sale to a person pays one round trip for them.
    this.limiter = new SharedLimiter(db, 'busca-cliente', ONE_MINUTE, now);
  }

  async take(personId: number): Promise<void> {
    const day = { key: `dia:u:${personId}`, max: this.perDay, windowMs: ONE_DAY };
    try {
      await this.limiter.take([{ key: `u:${personId}`, max: this.perMinute }, day]);
    } catch (err) {
      if (err instanceof TooManyRequests && err.limit?.key === day.key)
        throw new TooManyRequests(err.retryAfterSeconds, MSG_VENDA.limiteBuscasDia);
      throw err;
    }
  }
}

export const ONE_MINUTE = 60 * 1000;
export const ONE_DAY = 24 * 60 * ONE_MINUTE;
export const FIFTEEN_MINUTES = 15 * ONE_MINUTE;
