import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { ROTULO_STATUS_RECIBO, STATUS_RECIBO } from '@praca/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '@/app/theme';
import { contrast, variantColorResolver } from '@/app/variant-colors';
import { TestProviders } from '@/test/render';
import { dataEmissao, STATUS_RECIBO_STYLE, StatusReciboBadge } from './status-recibo';

const full = mergeMantineTheme(DEFAULT_THEME, theme);

describe('StatusReciboBadge (issue 53)', () => {
  it.each(STATUS_RECIBO)('says %s in the contract’s words', (status) => {
    render(<StatusReciboBadge status={status} />, { wrapper: TestProviders });
    expect(screen.getByText(ROTULO_STATUS_RECIBO[status])).toBeInTheDocument();
  });

  it('paints every status with text that reads at 4.5:1 or more on its own fill (measured)', () => {
    const ratios = STATUS_RECIBO.map((status) => {
      const { color, variant } = STATUS_RECIBO_STYLE[status];
      const r = variantColorResolver({ color, theme: full, variant });
      return { status, ratio: Math.min(contrast(r.color, r.background), contrast(r.color, r.hover)) };
    });
    expect(ratios.filter((r) => !(r.ratio >= 4.5))).toEqual([]);
  });
});

describe('dataEmissao', () => {
  it("shows the key's month as mm/aaaa and a QR's day as dd/mm/aaaa", () => {
    expect(dataEmissao('2026-11')).toBe('11/2026');
    expect(dataEmissao('2026-11-05')).toBe('05/11/2026');
  });
});
