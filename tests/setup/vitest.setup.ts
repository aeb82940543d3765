// Runs before every unit test file, in Node and in jsdom alike (vite.config.ts). A Node file gets nothing: the DOM's
// matchers, stubs and the shell's stylesheet are loaded only where there is a DOM to apply them to (docs/testing.md#environments).
if (typeof window !== 'undefined') await import('./dom.setup');

export {};
