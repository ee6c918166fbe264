/**
 * A small in-memory fixed-window counter (one process serves the product). `hit` counts an
 * attempt; `blocked` tells whether a key used up its attempts in the current window.
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

export const FIFTEEN_MINUTES = 15 * 60 * 1000;
