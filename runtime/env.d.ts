/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** "off" builds without MSW: the customer bundle. Anything else (default) includes the mocks for /preview and development. */
  readonly VITE_MOCKS?: string;
}
