/**
 * The portal's visitor pages as the mocks' world has them, and the links their chrome offers: shared by the
 * server-render specs (tests/ssr-*.spec.ts, through tests/support/ssr.ts) and the first-visit benchmark
 * (bench/ssr-first-visit.bench.ts), which may not import each other (docs/architecture.md#boundaries).
 * Playwright's loader does not import JSON modules, so nothing here may import one, directly or through another
 * module (config/locales.json is read as a file).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { LocaleRegistry } from '../schemas/generated/config-types';

/** Every locale of the registry (config/locales.json). */
export const LOCALES = (
  JSON.parse(readFileSync(new URL('../config/locales.json', import.meta.url), 'utf8')) as LocaleRegistry
).locales.map((entry) => entry.id);

/**
 * The portal's visitor personas and how a URL says which. The partner is the mocks' co-branded distributor
 * (PARTNER_DISTRIBUTOR in mocks/fixtures/customers.ts, which reaches the registry through a JSON import).
 */
export const VISITORS = { visitor: '', 'partner-visitor': '?distributor=partner-co-brand' } as const;

export type VisitorPersona = keyof typeof VISITORS;
export const VISITOR_PAGES = ['home', 'login'] as const;
export type VisitorPage = (typeof VISITOR_PAGES)[number];

export const portalUrl = (locale: string, page: VisitorPage, persona: VisitorPersona) =>
  `/${locale.toLowerCase()}/${page === 'home' ? '' : 'login/'}${VISITORS[persona]}`;

/** The links of the header and footer as `href text` lines, closed lists included (they are in the DOM). */
export async function chromeLinks(page: Page): Promise<string[]> {
  return page.$$eval('header a[href], footer a[href]', (links) =>
    [
      ...new Set(
        links.map(
          (a) =>
            `${a.getAttribute('href')} ${(a.textContent ?? '').replace(/\s+/g, ' ').trim() || a.getAttribute('aria-label') || a.querySelector('img')?.getAttribute('alt') || ''}`,
        ),
      ),
    ].sort(),
  );
}
