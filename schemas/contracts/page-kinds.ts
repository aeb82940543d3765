/**
 * The portal host's pages, one route each (their paths: runtime/resolver/pages.ts). The resolver
 * chooses a header per page, /preview takes `page=` (docs/preview-url.md), and the editor's preview
 * toolbar offers them.
 */
export const PAGE_KINDS = [
  'home',
  'login',
  'register',
  'open-banking',
  'country-selector',
  'dashboard',
  'corporate',
  'cdvc',
  'financial-info',
  'reference-account',
  'integrated',
] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
