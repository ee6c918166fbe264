import {
  darken,
  defaultVariantColorsResolver,
  lighten,
  luminance,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';

/** WCAG contrast ratio of two opaque colours (1–21). */
export function contrast(a: string, b: string): number {
  const x = luminance(a) + 0.05;
  const y = luminance(b) + 0.05;
  return x > y ? x / y : y / x;
}

/** `color`, darkened step by step until it reads at AA (4.5:1, with a margin) against `other`. */
function readable(color: string, other: string): string {
  for (let i = 0; i < 20 && contrast(color, other) < 4.6; i++) color = darken(color, 0.12);
  return color;
}

/** The faintest surface a transparent badge or button sits on (the page's green-grey). */
const PAGE = '#eef2f0';

/**
 * Every variant of every theme colour keeps its text readable (issue 51: Mantine 9 paints a
 * `light` badge of `sol.9` with sol 9 text on a sol 9 fill). Filled: the fill darkens until white
 * reads on it; light: a pale tint of the colour under its darkest readable shade; outline,
 * subtle, transparent and white: the colour darkens until it reads on the page.
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const out = defaultVariantColorsResolver(input);
  const { theme, variant } = input;
  const parsed = parseThemeColor({ color: input.color || theme.primaryColor, theme });
  if (!parsed.isThemeColor) return out;
  const shades = theme.colors[parsed.color];
  const c = parsed.value;
  if (variant === 'filled') {
    // A pale shade asked for by name (the home's 'sol.4' claim button) keeps its fill and
    // takes dark text; any other fill darkens until white text reads on it.
    if (parsed.shade !== undefined && contrast(c, theme.white) < 3) {
      const hover = darken(c, 0.05);
      return { ...out, background: c, hover, color: readable(shades[9], hover) };
    }
    const bg = readable(c, theme.white);
    return { ...out, background: bg, hover: darken(bg, 0.1), color: theme.white };
  }
  if (variant === 'light') {
    const bg = parsed.shade === undefined ? shades[1] : lighten(c, 0.85);
    const hover = darken(bg, 0.04);
    return {
      ...out,
      background: bg,
      hover,
      color: readable(parsed.shade === undefined ? shades[9] : c, hover),
    };
  }
  if (variant === 'outline' || variant === 'subtle' || variant === 'transparent' || variant === 'white') {
    const text = readable(c, PAGE);
    return {
      ...out,
      color: text,
      ...(variant === 'white' && { background: theme.white }),
      border: variant === 'outline' ? `1px solid ${text}` : out.border,
    };
  }
  return out;
};
