import { describe, expect, it } from 'vitest';
import { RateLimiter, SharedLimiter, TooManyRequests } from '../src/modules/shared/rate-limiter.js';
import { useTestApp } from './helper.js';

describe('RateLimiter', () => {
  it('blocks a key after max hits and frees it when the window ends', () => {
    let now = 1_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    expect(limiter.blocked('a')).toBe(false);
    limiter.hit('a');
    limiter.hit('a');
    expect(limiter.blocked('a')).toBe(true);
    expect(limiter.blocked('b')).toBe(false);
    now += 59_999;
    expect(limiter.blocked('a')).toBe(true);
    now += 1;
    expect(limiter.blocked('a')).toBe(false);
    limiter.hit('a');
    expect(limiter.blocked('a')).toBe(false);
  });
});

describe('SharedLimiter', () => {
  const t = useTestApp();

  it('refuses past max with the seconds left, gives back, starts again in a new window and deletes old ones', async () => {
    let now = 120_000 + 15_000; // 45 s before the 1-minute window ends
    const limiter = new SharedLimiter(t.db, 'teste', 60_000, () => now);
    const a = [{ key: 'a', max: 2 }];
    const giveBack = await limiter.take(a);
    await limiter.take(a);
    const refused = await limiter.take(a).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).retryAfterSeconds).toBe(45);
    await giveBack();
    await limiter.take(a);
    await expect(limiter.take(a)).rejects.toBeInstanceOf(TooManyRequests);

    now += 45_000; // the next window: the count starts again
    await limiter.take(a);
    await limiter.take(a);
    await expect(limiter.take(a)).rejects.toBeInstanceOf(TooManyRequests);
    await limiter.take([{ key: 'b', max: 1 }]);

    now += 120_000; // both windows over: the next attempt deletes their rows first
    await limiter.take([{ key: 'c', max: 1 }]);
    const rows = await t.db.selectFrom('limites_tentativas').select(['chave', 'contagem']).execute();
    expect(rows).toEqual([{ chave: 'teste:c', contagem: 1 }]);
  });
});
