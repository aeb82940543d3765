/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "off" builds without MSW: the customer bundle. Anything else (default) includes the mocks for /preview and development. */
  readonly VITE_MOCKS?: string;
}

/** Injected by vite.config.ts (define): git short sha and build time, "test" under Vitest. */
declare const __PORTAL_BUILD_ID__: string;
