/**
 * The panels' opening animation. An inline style because each panel takes its own duration; the
 * keyframes are the shell's, defined once in runtime/styles/tokens.css.
 */
export const slideDown = (ms: number) => ({ animation: `ps-slide-down ${ms}ms ease-out` });
