import { createTheme, rem, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { variantColorResolver } from './variant-colors';

/**
 * The programme's one visual identity (architecture.md "Look and feel"; issue 35 "brand voice").
 *
 * - Colour: the square's green (`praca`) is the brand and every action; the sun's marigold
 *   (`sol`, the dot of the mark) is the one accent, kept for what a person gains: coupons,
 *   points, wins and the 'Resgatar compra' action. Shade 7 is the filled colour: white text on
 *   praca 7 has a contrast of 5.3:1 (WCAG AA), and so does praca 7 text on white; sol 9 text on
 *   sol 0–4 is above 7:1.
 * - Type: Plus Jakarta Sans (self-hosted, fonts.css), system fonts until it arrives. A
 *   1.2 scale: 12 · 14 · 16 · 18 · 20 body sizes, headings 34 · 28 · 22 · 19 · 17 · 15,
 *   heavier and a little tighter the bigger they are.
 */
const praca: MantineColorsTuple = [
  '#e8f7f1',
  '#d3ede3',
  '#a6dac6',
  '#76c6a7',
  '#4fb58d',
  '#37aa7d',
  '#279f71',
  '#0b7a57',
  '#086a4b',
  '#045a3f',
];

const sol: MantineColorsTuple = [
  '#fff8e6',
  '#ffefc2',
  '#ffe08f',
  '#ffd15c',
  '#ffc533',
  '#ffb81a',
  '#f0a202',
  '#a35f00',
  '#8f5400',
  '#5c3600',
];

const SYSTEM =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  primaryColor: 'praca',
  primaryShade: 7,
  colors: { praca, sol },
  defaultRadius: 'md',
  cursorType: 'pointer',
  variantColorResolver,
  focusRing: 'auto',
  // People who ask their system for less motion get no transitions.
  respectReducedMotion: true,
  fontFamily: `"Plus Jakarta Sans", ${SYSTEM}`,
  fontSizes: { xs: rem(12), sm: rem(14), md: rem(16), lg: rem(18), xl: rem(20) },
  radius: { xs: rem(4), sm: rem(8), md: rem(12), lg: rem(16), xl: rem(24) },
  headings: {
    fontFamily: `"Plus Jakarta Sans", ${SYSTEM}`,
    fontWeight: '700',
    sizes: {
      h1: { fontSize: rem(34), lineHeight: '1.15', fontWeight: '800' },
      h2: { fontSize: rem(28), lineHeight: '1.2', fontWeight: '800' },
      h3: { fontSize: rem(22), lineHeight: '1.25', fontWeight: '700' },
      h4: { fontSize: rem(19), lineHeight: '1.3', fontWeight: '700' },
      h5: { fontSize: rem(17), lineHeight: '1.35', fontWeight: '700' },
      h6: { fontSize: rem(15), lineHeight: '1.4', fontWeight: '700' },
    },
  },

  components: {
    Button: { defaultProps: { fw: 700 } },
    // A dialog's title reads as its heading; its close button has a name (axe button-name).
    Modal: {
      // A dialog starts below the toasts at the top (global.css, issue 51).
      defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' }, yOffset: 'var(--praca-modal-top)' },
      styles: { title: { fontWeight: 800, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    // A file field's placeholder ('Escolher foto') is the label of a button: readable (AA).
    FileInput: { styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } } },
    // Every toast's close button gets a name (axe button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar aviso' } } },
  },
});

/**
 * Contrast (WCAG AA): Mantine's `dimmed` (gray 6) is 3.3:1 on white, gray 7 reaches 8:1;
 * its error red (red 6) is 3.3:1, red 9 reaches 5.5:1. The page itself is a faint green-grey
 * so that white cards stand out from it, as in the apps people use daily.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--praca-page-bg': '#f5f8f6',
  },
  dark: {},
});
