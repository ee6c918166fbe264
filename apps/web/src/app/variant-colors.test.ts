import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import { contrast, variantColorResolver } from './variant-colors';

const full = mergeMantineTheme(DEFAULT_THEME, theme);
const VARIANTS = ['filled', 'light', 'outline', 'subtle', 'transparent', 'white'] as const;
const colors = Object.keys(full.colors).flatMap((name) => [
  name,
  ...full.colors[name].map((_, i) => `${name}.${i}`),
]);

describe('variantColorResolver', () => {
  it.each(VARIANTS)(
    'gives every theme colour and shade readable text in the %s variant (≥ 4.5:1)',
    (variant) => {
      const bad: string[] = [];
      for (const color of colors) {
        const r = variantColorResolver({ color, theme: full, variant });
        // A transparent variant sits on a white card or on the page's green-grey.
        const grounds =
          variant === 'filled' || variant === 'light' || variant === 'white'
            ? [r.background, r.hover]
            : ['#ffffff', '#f5f8f6'];
        for (const bg of grounds) {
          const ratio = contrast(r.color, bg);
          if (!(ratio >= 4.5) || r.color === bg)
            bad.push(`${color} ${variant}: ${r.color} on ${bg} = ${ratio.toFixed(2)}`);
        }
      }
      expect(bad).toEqual([]);
    },
  );

  it("keeps a pale filled button's fill and gives it dark text (the home's 'sol.4' claim button)", () => {
    const r = variantColorResolver({ color: 'sol.4', theme: full, variant: 'filled' });
    expect(r.background).toBe(full.colors.sol[4]);
    expect(contrast(r.color, r.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(full.colors.sol[9], r.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('no longer paints a light badge of a given shade with that shade on that shade (issue 51)', () => {
    const r = variantColorResolver({ color: 'sol.9', theme: full, variant: 'light' });
    expect(r.color).not.toBe(r.background);
    expect(contrast(r.color, r.background)).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the brand: white on praca 7 for a filled action', () => {
    const r = variantColorResolver({ color: 'praca', theme: full, variant: 'filled' });
    expect(r.background).toMatch(/#0b7a57|rgba\(11, 122, 87/);
    expect(r.color).toBe('#fff');
  });
});
