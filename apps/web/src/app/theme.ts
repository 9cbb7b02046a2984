import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

// Deep indigo: ink and trust. Shade 8 on light and 4 on dark keep text on buttons at WCAG AA.
const ink: MantineColorsTuple = [
  '#eeedfb',
  '#dad8f3',
  '#b2aee6',
  '#8983d9',
  '#6860ce',
  '#534ac8',
  '#4840c6',
  '#3932af',
  '#312c9c',
  '#2f2a7a',
];
// Saffron: calls to action, used sparingly.
const saffron: MantineColorsTuple = [
  '#fff8e1',
  '#ffefcc',
  '#ffdd9b',
  '#ffca64',
  '#ffba38',
  '#ffb01b',
  '#ffaa09',
  '#e39500',
  '#ca8400',
  '#af7100',
];

export const theme = createTheme({
  primaryColor: 'ink',
  primaryShade: { light: 8, dark: 4 },
  colors: { ink, saffron },
  fontFamily: "'Inter Variable', 'Noto Sans Devanagari', system-ui, -apple-system, 'Segoe UI', sans-serif",
  headings: {
    fontFamily: "'Inter Variable', 'Noto Sans Devanagari', system-ui, sans-serif",
    fontWeight: '700',
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
});

/**
 * Mantine's default muted grey, error red and dark-mode link colour fall below WCAG AA (4.5:1) on our backgrounds;
 * these stronger shades pass in both colour modes. In light mode the text of green and yellow "light" badges and
 * alert titles (shade 9 on shade 1) is too pale as well (3.8:1 and 2.7:1): darker inks give 5.7:1 and 6.1:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
    '--mantine-color-anchor': t.colors.ink![8],
    '--mantine-color-green-light-color': '#1e6b31',
    '--mantine-color-yellow-light-color': '#8a4b00',
  },
  dark: {
    '--mantine-color-dimmed': t.colors.dark[1],
    '--mantine-color-error': t.colors.red[4],
    '--mantine-color-anchor': t.colors.ink![2],
  },
});
