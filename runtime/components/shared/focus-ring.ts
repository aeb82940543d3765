/**
 * The global focus outline reads this CSS variable (runtime/styles/reset.css). Dark surfaces
 * swap it for a light teal so the outline keeps 3:1 contrast (WCAG 1.4.11), and white panels
 * inside them swap it back (plain elements use floating-panel.css's `ps-floating-panel--on-light`, the same value).
 */
export const FOCUS_RING_VAR = '--ps-colors-focus-ring';

export const focusRingOnDark = { [FOCUS_RING_VAR]: 'var(--ps-colors-teal-300)' } as const;
export const focusRingOnLight = { [FOCUS_RING_VAR]: 'var(--ps-colors-teal-700)' } as const;
