import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The programme's one visual identity (architecture.md "Look and feel"): a square-green brand
 * colour, rounded corners, system fonts. Shade 7 is the filled colour: white text on it has a
 * contrast of 5.3:1 (WCAG AA), and so does shade 7 text on white.
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

export const theme = createTheme({
  primaryColor: 'praca',
  primaryShade: 7,
  colors: { praca },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  // People who ask their system for less motion get no transitions.
  respectReducedMotion: true,
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '700' },
  components: {
    Button: { defaultProps: { fw: 600 } },
    // Every toast's close button gets a name (axe button-name).
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar aviso' } } },
  },
});

/**
 * Contrast (WCAG AA): Mantine's `dimmed` (gray 6) is 3.3:1 on white, gray 7 reaches 8:1;
 * its error red (red 6) is 3.3:1, red 9 reaches 5.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
