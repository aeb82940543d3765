import { defineSemanticTokens, defineTokens } from '@chakra-ui/react';

/**
 * A calm bank palette. Every foreground/background pair used by the components meets WCAG AA
 * (4.5:1 for text): navy 900 on white 15.6:1, teal 700 on white 5.5:1, grey 700 on grey 50 8.9:1,
 * danger 700 on white 6.5:1, white on teal 700 5.5:1, grey 100 on navy 900 14:1.
 */
export const tokens = defineTokens({
  colors: {
    white: { value: '#ffffff' },
    black: { value: '#000000' },
    transparent: { value: 'transparent' },
    current: { value: 'currentColor' },
    navy: {
      50: { value: '#eef3f9' },
      100: { value: '#d6e1ee' },
      700: { value: '#13315c' },
      800: { value: '#0f2a4f' },
      900: { value: '#0b2545' },
    },
    teal: {
      50: { value: '#e7f5f3' },
      100: { value: '#c4e8e2' },
      300: { value: '#5eead4' },
      700: { value: '#0f766e' },
      800: { value: '#115e59' },
      900: { value: '#134e4a' },
    },
    grey: {
      50: { value: '#f4f6f8' },
      100: { value: '#e9edf1' },
      200: { value: '#d5dbe3' },
      300: { value: '#b8c2cf' },
      600: { value: '#4a5568' },
      700: { value: '#3a4556' },
    },
    danger: { 50: { value: '#fdecea' }, 700: { value: '#b42318' } },
    gold: { 500: { value: '#b7791f' } },
  },
  fonts: {
    body: {
      value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    heading: { value: '{fonts.body}' },
  },
  fontSizes: {
    '2xs': { value: '0.6875rem' },
    xs: { value: '0.75rem' },
    sm: { value: '0.875rem' },
    md: { value: '1rem' },
    lg: { value: '1.125rem' },
    xl: { value: '1.25rem' },
    '2xl': { value: '1.5rem' },
  },
  fontWeights: {
    normal: { value: '400' },
    medium: { value: '500' },
    semibold: { value: '600' },
    bold: { value: '700' },
  },
  lineHeights: {
    shorter: { value: '1.25' },
    short: { value: '1.375' },
    normal: { value: '1.5' },
  },
  radii: {
    none: { value: '0' },
    sm: { value: '4px' },
    md: { value: '8px' },
    lg: { value: '12px' },
    full: { value: '9999px' },
  },
  shadows: {
    sm: { value: '0 1px 2px rgba(11, 37, 69, 0.08)' },
    md: { value: '0 8px 24px rgba(11, 37, 69, 0.14)' },
    lg: { value: '0 16px 48px rgba(11, 37, 69, 0.22)' },
  },
  // Chakra's 4 px grid, trimmed to the steps the shell uses ("4 units" = 1rem).
  spacing: {
    0: { value: '0' },
    0.5: { value: '0.125rem' },
    1: { value: '0.25rem' },
    1.5: { value: '0.375rem' },
    2: { value: '0.5rem' },
    3: { value: '0.75rem' },
    4: { value: '1rem' },
    5: { value: '1.25rem' },
    6: { value: '1.5rem' },
    8: { value: '2rem' },
    10: { value: '2.5rem' },
    12: { value: '3rem' },
    16: { value: '4rem' },
  },
  zIndex: {
    header: { value: 1000 },
    dropdown: { value: 1100 },
    actionBar: { value: 1150 },
    overlay: { value: 1300 },
    modal: { value: 1400 },
    skipLink: { value: 1500 },
  },
  durations: {
    fast: { value: '120ms' },
    normal: { value: '200ms' },
  },
});

/** Role-named colours, so components say what a colour is for rather than which shade it is. */
export const semanticTokens = defineSemanticTokens({
  colors: {
    fg: { DEFAULT: { value: '{colors.navy.900}' }, muted: { value: '{colors.grey.700}' } },
    bg: { DEFAULT: { value: '{colors.white}' }, subtle: { value: '{colors.grey.50}' }, muted: { value: '{colors.grey.100}' } },
    border: { DEFAULT: { value: '{colors.grey.200}' }, strong: { value: '{colors.grey.300}' } },
    accent: {
      DEFAULT: { value: '{colors.teal.700}' },
      hover: { value: '{colors.teal.800}' },
      subtle: { value: '{colors.teal.50}' },
      fg: { value: '{colors.white}' },
    },
    negative: { value: '{colors.danger.700}' },
    focusRing: { value: '{colors.teal.700}' },
  },
});

export const keyframes = {
  pulse: { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } },
  slideDown: { from: { transform: 'translateY(-8px)', opacity: 0 }, to: { transform: 'translateY(0)', opacity: 1 } },
};
