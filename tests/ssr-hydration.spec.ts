/**
 * Hydration (docs/rendering.md#hydration): the client takes the server's markup over with no hydration warning
 * and no layout shift (CLS ≤ 0.005), for every locale × persona: the visitors on the home and login pages, the
 * personas that log in on the dashboard, measured until the private header holds its data; and the country banner
 * a visitor's Accept-Language chooses on the server stays as it is when the client takes the page over.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { customerOf, logsIn, PORTAL_PERSONAS, signInToPortal, type Persona } from './support/portal-session';
import { LOCALES, VISITORS } from './support/ssr';
import { COUNTRY_CHOICE_COOKIE } from '../schemas/contracts/portal-state';
import { scaled } from './support/time-factor';

// Several pages per test, on a 2-core machine shared with the other specs.
test.describe.configure({ timeout: scaled(180_000) });

const MAX_CLS = 0.005;
const HYDRATION_WARNING = /hydrat|did not match|server rendered/i;

/** The pages each persona is checked on: a visitor's public pages, a customer's landing page. */
function pagesOf(locale: string, persona: Persona): string[] {
  const base = `/${locale.toLowerCase()}/`;
  if (logsIn(persona)) return [`${base}dashboard/`];
  if (!(persona in VISITORS))
    throw new Error(`tests/support/ssr.ts VISITORS has no URL for the visitor persona "${persona}".`);
  const query = VISITORS[persona as keyof typeof VISITORS];
  return [`${base}${query}`, `${base}login/${query}`];
}

/** Sums every layout shift since navigation (buffered), as the CLS metric does, without input-driven ones. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

/** Waits until the chrome is complete: the footer shown, no placeholder left (aria-busy) and every mocked call answered. */
async function untilComplete(page: Page): Promise<void> {
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A visitor's page loads the bundle after its first paint (docs/rendering.md#the-first-paint): wait until it has run.
  await page.waitForFunction(
    () => !!window.__portalShellMocks && window.__portalShellMocks.requests.every((r) => r.status !== 'pending'),
  );
}

/** The header's customer call went out for this persona's customer, and the mocks answered as for that persona. */
async function expectAnsweredFor(page: Page, persona: Persona): Promise<void> {
  const { customerNumber, hasRecord } = customerOf(persona);
  const calls = await page.evaluate(() =>
    (window.__portalShellMocks?.requests ?? [])
      .filter((r) => r.endpoint === 'customer')
      .map((r) => ({ path: new URL(r.url).pathname, status: r.status })),
  );
  expect(calls, `${persona}: the customer call`).toContainEqual({
    path: expect.stringMatching(new RegExp(`/customers/${customerNumber}$`)),
    status: hasRecord ? 200 : 404,
  });
}

for (const locale of LOCALES) {
  // One context per locale: switching the persona keeps the mock worker installed and the scripts cached.
  test(`${locale}: hydrates for every persona without a warning or a layout shift`, async ({
    context,
    page,
    baseURL,
  }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if ((message.type() === 'error' || message.type() === 'warning') && HYDRATION_WARNING.test(message.text()))
        warnings.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => warnings.push(`${page.url()}: uncaught ${error.message}`));
    for (const persona of PORTAL_PERSONAS) {
      await signInToPortal(context, persona, {
        baseURL: baseURL!,
        locale: locale as Parameters<typeof signInToPortal>[2]['locale'],
      });
      for (const url of pagesOf(locale, persona)) {
        const response = await page.goto(url);
        // Server-rendered: the chrome, and the state it was rendered from, are in the HTML the browser received.
        expect(await response!.text(), `${persona} ${url}`).toContain('id="ps-portal-state"');
        await untilComplete(page);
        if (logsIn(persona)) {
          expect(new URL(page.url()).pathname, `${persona} stays on ${url}`).toBe(url);
          await expectAnsweredFor(page, persona);
        }
        expect(await layoutShift(page), `${persona} ${url}: cumulative layout shift`).toBeLessThanOrEqual(MAX_CLS);
      }
    }
    expect(warnings, 'hydration warnings').toEqual([]);
  });
}

test.describe('the country banner from Accept-Language, hydrated (docs/rendering.md#the-country-banner-from-accept-language)', () => {
  // The browser's language sets Accept-Language (here Chromium sent its own in place of one set as an extra
  // header); weighted headers are covered by server/render/country-banner.test.ts.
  for (const [name, browserLocale, cookie, path, expected] of [
    ['a French browser gets France on the German page', 'fr-FR', undefined, '/de-de/', /: Frankreich\./],
    ['an explicit ?country= wins over the header', 'fr-FR', undefined, '/de-de/?country=it', /: Italien\./],
    ['the country_choice cookie wins over the header', 'fr-FR', 'nl', '/de-de/', /: Niederlande\./],
    ['a browser in the page’s language gets none', 'de-DE', undefined, '/de-de/', undefined],
  ] as const) {
    test(name, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, locale: browserLocale });
      try {
        if (cookie) await context.addCookies([{ name: COUNTRY_CHOICE_COOKIE, value: cookie, url: baseURL! }]);
        const page = await context.newPage();
        const warnings: string[] = [];
        page.on('console', (message) => {
          if (HYDRATION_WARNING.test(message.text())) warnings.push(message.text());
        });
        const response = await page.goto(path);
        const html = await response!.text();
        await untilComplete(page);
        const banner = page.getByTestId('country-banner');
        if (expected) {
          // In the server's HTML, and still there once the client has taken the page over.
          expect(html.includes('data-testid="country-banner"'), 'the banner in the server’s HTML').toBe(true);
          await expect(banner).toContainText(expected);
        } else {
          expect(html.includes('data-testid="country-banner"'), 'the banner in the server’s HTML').toBe(false);
          await expect(banner).toHaveCount(0);
        }
        expect(await layoutShift(page), 'cumulative layout shift').toBeLessThanOrEqual(MAX_CLS);
        expect(warnings, 'hydration warnings').toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});

// A browser paints what it has parsed when the parser yields, so a slow connection or a busy device can show the
// footer's first rows before the rest of its HTML arrives (docs/rendering.md#hydration). Its top must not move as
// the rest comes in, and a short page still ends with the footer at the screen's bottom.
test('a footer painted before all of its HTML arrived stays where it is as the rest comes in', async ({ page }) => {
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1280, height: 2000 },
    { width: 375, height: 1400 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto('/de-de/?country=de');
    await untilComplete(page);
    const footer = page.getByRole('contentinfo');
    const whole = (await footer.boundingBox())!;
    expect(
      whole.y + whole.height,
      `${viewport.width}×${viewport.height}: the footer reaches the bottom`,
    ).toBeGreaterThanOrEqual(viewport.height - 1);
    // The footer as far as its first element: what a parse that stopped there has built (each element's later siblings not arrived yet).
    await footer.evaluate((element) => {
      for (let node = element.firstElementChild; node; node = node.firstElementChild)
        for (let later = node.nextElementSibling; later; later = later.nextElementSibling)
          (later as HTMLElement).style.display = 'none';
    });
    const linksShown = await footer.evaluate(
      (element) => [...element.querySelectorAll('a')].filter((a) => a.getBoundingClientRect().height > 0).length,
    );
    expect(linksShown, 'links of the footer shown as far as its first element').toBeLessThanOrEqual(1);
    const partial = (await footer.boundingBox())!;
    expect(partial.y, `${viewport.width}×${viewport.height}: the footer's top`).toBe(whole.y);
  }
});
