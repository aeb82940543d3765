/**
 * The shell's breakpoints. Stylesheets write them as `@media (min-width: 768px)` (a media query cannot read a CSS
 * variable); the few components that must know the viewport in JavaScript (the market picker turns into a modal
 * below md) read them here (docs/architecture.md#styling).
 */
export const breakpoints = {
  sm: '480px',
  md: '768px',
  lg: '1024px',
  xl: '1280px',
} as const;

/** min-width media queries for matchMedia; the desktop bar from lg, mobile below md (docs/rules.md#design-versions). */
export const mediaQueries = {
  md: `(min-width: ${breakpoints.md})`,
  lg: `(min-width: ${breakpoints.lg})`,
} as const;
