/**
 * The panels' opening animation (keyframes in slide-down.css). An inline style because each panel
 * takes its own duration; the keyframes are one global name, which plain CSS keeps as written.
 */
export const slideDown = (ms: number) => ({ animation: `ps-slide-down ${ms}ms ease-out` });
