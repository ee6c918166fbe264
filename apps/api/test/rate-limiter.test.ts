import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../src/modules/shared/rate-limiter.js';

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
