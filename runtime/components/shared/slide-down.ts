/**
 * The panels' opening animation, for plain elements styled by CSS modules. An inline style because the
 * keyframes are the theme's (theme/tokens.ts, global), and a CSS module would rename the name it refers to.
 */
export const slideDown = (ms: number) => ({ animation: `slideDown ${ms}ms ease-out` });
