import { MSG } from '@praca/contract';
import { HttpError } from '../../lib/errors.js';

/** 429 with the Portuguese text and, in `Retry-After`, the seconds until the window ends. */
export class TooManyRequests extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, MSG.muitasTentativas);
    this.name = 'TooManyRequests';
  }
}

/**
 * A small in-memory fixed-window counter, per process (docs/deploy.md: with N instances each
 * keeps its own). `hit` counts an attempt; `blocked` tells whether a key used up its attempts
 * in the current window; `take` does both, throwing 429 when the key is out of attempts.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  blocked(key: string): boolean {
    const w = this.current(key);
    return !!w && w.count >= this.max;
  }

  hit(key: string): void {
    const w = this.current(key);
    if (w) w.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.windows.size > 10_000) this.prune();
  }

  /** Counts one attempt of `key`, or throws 429 (with Retry-After) when none is left. */
  take(key: string): void {
    if (this.blocked(key)) throw this.refusal(key);
    this.hit(key);
  }

  /** The 429 for `key`, saying when its window ends. */
  refusal(key: string): TooManyRequests {
    const w = this.current(key);
    return new TooManyRequests(w ? Math.max(1, Math.ceil((w.resetAt - this.now()) / 1000)) : 1);
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && w.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private prune(): void {
    const t = this.now();
    for (const [k, w] of this.windows) if (w.resetAt <= t) this.windows.delete(k);
  }
}

export const ONE_MINUTE = 60 * 1000;
export const FIFTEEN_MINUTES = 15 * ONE_MINUTE;
