import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import { breakpoints } from './breakpoints';
import { keyframes, semanticTokens, tokens } from './tokens';

/**
 * The portal shell's Chakra system.
 *
 * Built on `defaultBaseConfig` (conditions and style utilities only) instead of `defaultSystem`,
 * which carries every recipe and token of the library. The shell renders with style props on Box,
 * Flex, Grid and `chakra.*` elements and declares no recipes, so none are bundled.
 * The CSS variable prefix is `ps` so the shell's variables cannot collide with another Chakra
 * system on the same document (the editor).
 */
const shellConfig = defineConfig({
  cssVarsPrefix: 'ps',
  preflight: true,
  theme: {
    breakpoints,
    tokens,
    semanticTokens,
    keyframes,
  },
  globalCss: {
    html: {
      color: 'fg',
      bg: 'bg',
      fontFamily: 'body',
      lineHeight: 'normal',
    },
    // One visible focus style for every interactive element (WCAG 2.4.7).
    '*:focus-visible': {
      outline: '2px solid',
      outlineColor: 'focusRing',
      outlineOffset: '2px',
    },
    // Skeleton pulses and panel slides are decoration; people who asked for less motion get none.
    '*, *::before, *::after': {
      _motionReduce: { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
    },
  },
});

let system: ReturnType<typeof createSystem> | undefined;

/**
 * Built on first use, not when the module loads: building it takes ~50 ms on a cold start, and the
 * preview's mock worker and first data calls start sooner when that work waits for the first render.
 */
export function getShellSystem(): ReturnType<typeof createSystem> {
  system ??= createSystem(defaultBaseConfig, shellConfig);
  return system;
}
