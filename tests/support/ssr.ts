/** Helpers of the server-render specs (tests/ssr-*.spec.ts, docs/rendering.md). */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { LocaleRegistry } from '../../schemas/generated/config-types';

/** Every locale of the registry (config/locales.json), read as a file: Playwright's loader does not import JSON modules. */
export const LOCALES = (JSON.parse(readFileSync(new URL('../../config/locales.json', import.meta.url), 'utf8')) as LocaleRegistry).locales.map((entry) => entry.id);

/** The portal's visitor personas and how a URL says which (the mocks answer the partner's co-branding). */
export const VISITORS = { visitor: '', 'partner-visitor': '?distributor=partner-co-brand' } as const;

export const portalUrl = (locale: string, page: 'home' | 'login', persona: keyof typeof VISITORS) => `/${locale.toLowerCase()}/${page === 'home' ? '' : 'login/'}${VISITORS[persona]}`;

/** The links of the header and footer as `href text` lines, closed lists included (they are in the DOM). */
export async function chromeLinks(page: Page): Promise<string[]> {
  return page.$$eval('header a[href], footer a[href]', (links) => [...new Set(links.map((a) => `${a.getAttribute('href')} ${(a.textContent ?? '').replace(/\s+/g, ' ').trim() || a.getAttribute('aria-label') || a.querySelector('img')?.getAttribute('alt') || ''}`))].sort());
}
