import { describe, expect, it } from 'vitest';
import { currentYear, todayIso } from './today';

describe('todayIso', () => {
  it('is the date in São Paulo, not in UTC', () => {
    // 02:30 UTC on 1 January is still 31 December in São Paulo (UTC−3).
    expect(todayIso(new Date('2027-01-01T02:30:00Z'))).toBe('2026-12-31');
    expect(currentYear(new Date('2027-01-01T02:30:00Z'))).toBe(2026);
    expect(todayIso(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-22');
  });
});
