/**
 * Hydration budgets on the built portal pages (docs/rendering.md#hydration), across every locale × persona: the
 * visitors on the home and login pages, the personas that log in on the dashboard (tests/ssr-hydration.spec.ts
 * checks the same pages):
 * - hydration warnings in the console, over all pages: 0;
 * - CLS of the worst page ≤ 0.005, each measured from navigation until the chrome is complete (the bundle has run,
 *   no placeholder left, every mocked call answered) plus 500 ms; the note gives the median page and the worst one;
 * - beside it, without a verdict, the same pages client-only (`?ssr=0`, docs/rendering.md#client-only-mode).
 */
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { LOGGED_IN_PERSONAS } from '../mocks/fixtures/customers';
import { mintTokens } from '../mocks/fixtures/tokens';
import { DEFAULT_MOCK_SCENARIO, type MockScenario } from '../mocks/scenario';
import { usePortalPersona } from '../mocks/portal-persona';
import { VISITORS, type VisitorPersona } from '../mocks/visitor-pages';
import { CLIENT_ONLY_PARAM } from '../schemas/contracts/portal-state';
import { PERSONAS, type Persona } from '../schemas/contracts/preview-params';
import { LOCALE_CONFIG_IDS, type ConfigDocumentId } from '../schemas/validator/index';
import { startBenchApp } from './browser';
import { describeQuietCpu } from './quiet-cpu';
import { median, type BudgetRow } from './stats';

import type {} from '../mocks/request-log';

declare global {
  interface Window {
    __cls?: number;
  }
}

const MAX_CLS = 0.005;
const HYDRATION_WARNING = /hydrat|did not match|server rendered/i;

function pagesOf(locale: string, persona: Persona): string[] {
  const base = `/${locale.toLowerCase()}/`;
  if (LOGGED_IN_PERSONAS.includes(persona)) return [`${base}dashboard/`];
  if (!(persona in VISITORS))
    throw new Error(`mocks/visitor-pages.ts VISITORS has no URL for the visitor persona "${persona}".`);
  const query = VISITORS[persona as VisitorPersona];
  return [`${base}${query}`, `${base}login/${query}`];
}

const clientOnly = (url: string) => `${url}${url.includes('?') ? '&' : '?'}${CLIENT_ONLY_PARAM}=0`;

/** A context for one locale's pages, with a layout-shift observer from the start of every page. */
async function benchContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) window.__cls! += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return context;
}

/** The persona for the context's next pages (mocks/portal-persona.ts): its tokens and session hint, none for a visitor, and its scenario. */
async function signIn(
  context: BrowserContext,
  baseURL: string,
  locale: ConfigDocumentId,
  persona: Persona,
): Promise<void> {
  const scenario: MockScenario = { ...DEFAULT_MOCK_SCENARIO, persona, locale };
  await usePortalPersona(context, baseURL, scenario, mintTokens(scenario));
}

/** Loads a page and returns its CLS once the chrome is complete. */
async function shiftOf(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.getByRole('contentinfo').waitFor({ timeout: 15_000 });
  // The request log exists once the bundle has run: a visitor's page loads it only after its first paint
  // (docs/rendering.md#the-first-paint), and a page measured before would not have hydrated yet.
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      !!window.__portalShellMocks &&
      window.__portalShellMocks.requests.every((r) => r.status !== 'pending'),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(500);
  return page.evaluate(() => window.__cls ?? 0);
}

interface Measured {
  url: string;
  persona: Persona;
  ssr: number;
  clientOnly: number;
}

export async function benchSsrHydration(): Promise<BudgetRow[]> {
  const app = await startBenchApp();
  try {
    const measured: Measured[] = [];
    const warnings: string[] = [];
    for (const locale of LOCALE_CONFIG_IDS) {
      const context = await benchContext(app.browser, app.baseURL);
      try {
        let page: Page | undefined;
        for (const persona of PERSONAS) {
          await signIn(context, app.baseURL, locale, persona);
          // The page opens after the first sign-in has registered the persona's init script, so its first load runs it.
          if (!page) {
            const opened = await context.newPage();
            opened.on('console', (message) => {
              if (
                (message.type() === 'error' || message.type() === 'warning') &&
                HYDRATION_WARNING.test(message.text())
              )
                warnings.push(`${opened.url()}: ${message.text()}`);
            });
            page = opened;
          }
          for (const url of pagesOf(locale, persona)) {
            const ssr = await shiftOf(page, url);
            measured.push({ url, persona, ssr, clientOnly: await shiftOf(page, clientOnly(url)) });
          }
        }
      } finally {
        await context.close();
      }
    }
    const worst = (key: 'ssr' | 'clientOnly') => measured.reduce((a, b) => (b[key] > a[key] ? b : a));
    const label = (m: Measured) => `${m.url} (${m.persona})`;
    const fmt = (n: number) => n.toFixed(4);
    const count = `${measured.length} pages: ${LOCALE_CONFIG_IDS.length} locales × ${PERSONAS.length} personas`;
    return [
      {
        area: 'hydration',
        metric: `hydration warnings, every locale × persona (${count})`,
        value: warnings.length,
        unit: 'warnings',
        budget: 0,
        kind: 'max',
        ...(warnings.length ? { note: warnings.slice(0, 3).join(' | ') } : {}),
      },
      {
        area: 'hydration',
        metric: 'CLS, worst page, server-rendered until the chrome is complete',
        value: Number(fmt(worst('ssr').ssr)),
        unit: '',
        budget: MAX_CLS,
        kind: 'max',
        note: `median ${fmt(median(measured.map((m) => m.ssr)))}; worst ${label(worst('ssr'))}; 1280 px; ${describeQuietCpu(app.quiet)}`,
      },
      {
        area: 'hydration',
        metric: `CLS, worst page, client-only baseline (?${CLIENT_ONLY_PARAM}=0)`,
        value: Number(fmt(worst('clientOnly').clientOnly)),
        unit: '',
        budget: MAX_CLS,
        kind: 'info',
        note: `the same pages rendered by the browser alone; median ${fmt(median(measured.map((m) => m.clientOnly)))}; worst ${label(worst('clientOnly'))}`,
      },
    ];
  } finally {
    await app.close();
  }
}
