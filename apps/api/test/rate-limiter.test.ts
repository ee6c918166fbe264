import { describe, expect, it } from 'vitest';
import { PersonLimit, SharedLimiter, TooManyRequests } from '../src/modules/shared/rate-limiter.js';
import { useTestApp } from './helper.js';

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

  it('counts a key holding a lone surrogate (a typed e-mail) like any other: no error, the same count back', async () => {
    const limiter = new SharedLimiter(t.db, 'teste-surrogate', 60_000, () => 30_000);
    const key = 'a\ud800@b';
    await limiter.take([{ key, max: 2 }]);
    const { counts, release } = await limiter.count([key]);
    expect(counts.get(key)).toBe(2);
    expect((await limiter.peek([key])).get(key)).toBe(2);
    await release();
    expect((await limiter.peek([key])).get(key)).toBe(1);
    await limiter.take([{ key, max: 2 }]);
    await expect(limiter.take([{ key, max: 2 }])).rejects.toBeInstanceOf(TooManyRequests);
  });
});

describe('PersonLimit', () => {
  const t = useTestApp();

  it('counts per person in the database, so a second instance sees the same count', async () => {
    const now = () => 60_000 + 30_000;
    const a = new PersonLimit(t.db, 'teste-pessoa', 2, 60_000, now);
    const b = new PersonLimit(t.db, 'teste-pessoa', 2, 60_000, now); // another instance's
    await a.take(7);
    await b.take(7);
    const refused = await a.take(7).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyRequests);
    expect((refused as TooManyRequests).retryAfterSeconds).toBe(30);
    await expect(b.take(7)).rejects.toBeInstanceOf(TooManyRequests);
    await b.take(8);
    const rows = await t.db
      .selectFrom('limites_tentativas')
      .select(['chave', 'contagem'])
      .where('chave', 'like', 'teste-pessoa:%')
      .orderBy('chave')
      .execute();
    expect(rows).toEqual([
      { chave: 'teste-pessoa:u:7', contagem: 2 },
      { chave: 'teste-pessoa:u:8', contagem: 1 },
    ]);
  });
});
