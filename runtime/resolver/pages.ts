import type { PageKind } from './context';

export interface PageOptions {
  requiresAuth: boolean;
  /** Forced flows keep the customer on task: no main navigation. */
  hideNavigation: boolean;
  hideFooter: boolean;
  /** No forced redirect on these pages (docs/rules.md#forced-redirects). */
  redirectExempt: boolean;
  /** Pages that always render a fixed config regardless of the requested locale. */
  fixedConfig?: 'en';
  /** Route relative to the locale base path. */
  path: string;
}

/**
 * Page table (docs/rules.md#pages). Choices made here, also listed in docs/preview-url.md#choices-made-here:
 * cdvc, financial-info and reference-account hide the main navigation (forced flows);
 * integrated pages hide the footer (they are embedded in a partner's app).
 */
export const PAGES: Record<PageKind, PageOptions> = {
  home: { requiresAuth: false, hideNavigation: false, hideFooter: false, redirectExempt: false, path: '/' },
  login: { requiresAuth: false, hideNavigation: false, hideFooter: false, redirectExempt: true, path: '/login/' },
  register: { requiresAuth: false, hideNavigation: false, hideFooter: false, redirectExempt: true, path: '/register/' },
  'open-banking': {
    requiresAuth: false,
    hideNavigation: false,
    hideFooter: false,
    redirectExempt: true,
    path: '/open-banking/',
  },
  'country-selector': {
    requiresAuth: false,
    hideNavigation: false,
    hideFooter: false,
    redirectExempt: false,
    fixedConfig: 'en',
    path: '/select-country/',
  },
  dashboard: {
    requiresAuth: true,
    hideNavigation: false,
    hideFooter: false,
    redirectExempt: false,
    path: '/dashboard/',
  },
  corporate: {
    requiresAuth: false,
    hideNavigation: false,
    hideFooter: false,
    redirectExempt: true,
    fixedConfig: 'en',
    path: '/corporate/',
  },
  cdvc: { requiresAuth: true, hideNavigation: true, hideFooter: false, redirectExempt: true, path: '/cdvc/' },
  'financial-info': {
    requiresAuth: true,
    hideNavigation: true,
    hideFooter: false,
    redirectExempt: true,
    path: '/financial-info/',
  },
  'reference-account': {
    requiresAuth: true,
    hideNavigation: true,
    hideFooter: false,
    redirectExempt: true,
    path: '/reference-account/',
  },
  integrated: {
    requiresAuth: false,
    hideNavigation: true,
    hideFooter: true,
    redirectExempt: false,
    path: '/integrated/',
  },
};
