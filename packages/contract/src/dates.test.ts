import { describe, expect, it } from 'vitest';
import { addDays, dayIn, daysBetween } from './dates.js';

describe('plain dates', () => {
  it('adds calendar days across months, years and leap days, both ways', () => {
    expect(addDays('2026-11-26', 30)).toBe('2026-12-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-26', 0)).toBe('2026-11-26');
  });

  it('counts whole days between two dates', () => {
    expect(daysBetween('2026-11-26', '2026-12-26')).toBe(30);
    expect(daysBetween('2026-12-26', '2026-11-26')).toBe(-30);
    expect(daysBetween('2028-01-01', '2029-01-01')).toBe(366);
  });

  it('gives the date of an instant in a time zone', () => {
    const at = new Date('2026-11-27T02:30:00Z');
    expect(dayIn('America/Sao_Paulo', at)).toBe('2026-11-26');
    expect(dayIn('UTC', at)).toBe('2026-11-27');
  });
});
