import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent } from './format';

describe('pt-BR formatting', () => {
  it('shows money as R$ 1.234,56, R$ and the number joined by a no-break space (never wraps)', () => {
    expect(formatMoney(1234.56)).toBe('R$\u00a01.234,56');
    expect(formatMoney('50000')).toBe('R$\u00a050.000,00');
    expect(formatMoney(null)).toBe('R$\u00a00,00');
    expect(formatMoney(87.5)).not.toMatch(/R\$ /);
  });

  it('shows numbers with dot thousands and comma decimals', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1.234.567,89');
    expect(formatNumber(-23.5505199, 8)).toBe('-23,55051990');
    expect(formatPercent(0.455, 2)).toBe('45,50 %');
  });

  it('shows dates as dd/mm/yyyy without shifting a plain date', () => {
    expect(formatDate('2025-01-02')).toBe('02/01/2025');
    expect(formatDate('2025-03-01T02:00:00Z')).toBe('28/02/2025'); // 23:00 in São Paulo
    expect(formatDate('')).toBe('');
    expect(formatDate('não é data')).toBe('');
    expect(formatDateTime('2025-03-01T15:30:00Z')).toBe('01/03/2025 12:30');
  });
});
