import { describe, expect, it } from 'vitest';
import { dayIn, today } from '../src/lib/clock.js';

describe('dayIn', () => {
  it('answers the calendar day of each time zone, also when the zones alternate (one formatter per zone)', () => {
    const lateNightInBrazil = new Date('2026-01-01T02:30:00Z');
    expect(dayIn('America/Sao_Paulo', lateNightInBrazil)).toBe('2025-12-31');
    expect(dayIn('UTC', lateNightInBrazil)).toBe('2026-01-01');
    expect(dayIn('America/Sao_Paulo', lateNightInBrazil)).toBe('2025-12-31');
    expect(dayIn('Asia/Tokyo', new Date('2026-03-10T16:00:00Z'))).toBe('2026-03-11');
    expect(today(lateNightInBrazil)).toBe('2025-12-31');
  });
});
