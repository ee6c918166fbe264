import { createHash } from 'node:crypto';

/**
 * The consumer home's shops (issue 38, docs/decisions/042): `count` of `ids`, in an order that
 * is random-looking but fixed by `seed` (the programme's day and the city), so every resident
 * of a city sees the same shops in the same order all day, the answer is cached as bytes like
 * the other consumer lists, and a new day brings another pick. The same seed and the same ids
 * (in any order) give the same answer; the caller passes the ids in id order.
 */
export function dailyPick(ids: readonly number[], count: number, seed: string): number[] {
  const random = seededRandom(seed);
  const pool = [...ids];
  const n = Math.min(count, pool.length);
  // The first n steps of a Fisher–Yates shuffle.
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}

/** mulberry32 started from the SHA-256 of `seed`: numbers in [0, 1), the same for one seed. */
function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
