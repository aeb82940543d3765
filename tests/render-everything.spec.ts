import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { LocaleRegistry } from '../schemas/generated/config-types';
import { expect, test, VIEWPORTS } from './support/fixtures';
import {
  expectHeaderRendered,
  expectHeaderWithinViewport,
  expectNoSeriousAxeViolations,
  FROZEN_NOW,
  RenderLog,
  setAsideMockWorkerUpdateRace,
  waitForMockCallsToFinish,
  waitForSettledRender,
} from './support/render-checks';
import { scaled } from './support/time-factor';

/**
 * Render everything: every locale × persona on home and dashboard at 375, 768 and 1280 px, plus every other
 * page kind once per locale (as a visitor, and as a customer with v2 designs and flags). Each render
 * passes: no console error, no failed request except the persona's own 404, axe without serious or
 * critical violations, no horizontal overflow of the header. Headers are compared with baselines per
 * locale × persona × page × breakpoint, footers per locale and layout (see FOOTER_REFERENCE_LOCALE);
 * baselines live in tests/__screenshots__/ and `npm run test:update-snapshots` rewrites them.
 *
 * One test per locale × persona: its page resizes through the breakpoints instead of starting anew.
 */
/**
 * Every locale of the registry: a new one needs its baselines (docs/how-to.md#screenshot-baselines). Read as a
 * file: Playwright's loader does not import JSON modules.
 */
const LOCALES = (
  JSON.parse(readFileSync(new URL('../config/locales.json', import.meta.url), 'utf8')) as LocaleRegistry
).locales.map((entry) => entry.id);
const PERSONAS = ['visitor', 'partner-visitor', 'customer', 'company', 'pending', 'no-customer-data'];
const MATRIX_PAGES = ['home', 'dashboard'];
const PAGES = [
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
];
const BREAKPOINTS = [VIEWPORTS.mobile, VIEWPORTS.tablet, VIEWPORTS.desktop];
const V2_QUERY = 'flags=footerV2,designV2,paymentMethodScreens,accountSwitch&data=switchable-accounts';
/** Footers do not depend on the persona; this one has no fixed action bar lying over the footer at 375 px. */
const FOOTER_PERSONA = 'customer';
/**
 * Footer PNGs are 60–90 KB each, so not every locale gets every width: each locale has v1 at 375 px
 * (accordions, where long words wrap first) and v2 at 1280 px; the reference locale also has v1 at 768
 * (two columns) and 1280 px (four columns). That keeps the baselines at a few MB.
 */
const FOOTER_REFERENCE_LOCALE = 'de-DE';
const footerV1Widths = (locale: string) =>
  locale === FOOTER_REFERENCE_LOCALE ? BREAKPOINTS.map((v) => v.width) : [VIEWPORTS.mobile.width];

// Measured on the shared, loaded 2-core machine: a persona test takes 7–31 s, a page-kind test 15–58 s
// (11 page loads). Four minutes leave room for a slower CI runner without letting a hung render pass.
test.describe.configure({ timeout: scaled(240_000) });

interface Render {
  page: Page;
  log: RenderLog;
  name: string;
}

/** Goes to the preview and waits for a complete, quiet render. */
async function open(page: Page, log: RenderLog, query: string): Promise<void> {
  // A request the previous render's document still issues is attributed to it and set aside when this
  // navigation cancels it (RenderLog.fromCurrentDocument).
  log.start();
  await page.goto(`/preview?${query}`);
  await waitForSettledRender(page);
}

/** The behaviour checks every render passes, screenshots aside. */
async function checkRender({ page, log, name }: Render): Promise<void> {
  await waitForSettledRender(page);
  await expectHeaderRendered(page, name);
  await expectHeaderWithinViewport(page, name);
  await expectNoSeriousAxeViolations(page, name);
  log.expectClean(name);
}

async function expectFooterScreenshot(page: Page, file: string[]): Promise<void> {
  const footer = page.getByRole('contentinfo');
  // The credit logos load lazily: bring them into view and let them arrive before the pixels are compared.
  await footer.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      footer
        .locator('img')
        .evaluateAll((imgs) =>
          imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
        ),
    )
    .toBe(true);
  await expect(footer).toHaveScreenshot(file);
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(FROZEN_NOW);
});

/** A render log per test; the mock worker's update race, if it happened, is named in the report. */
const renderTest = test.extend<{ log: RenderLog }>({
  log: async ({ page, consoleErrors }, use, testInfo) => {
    const log = new RenderLog(page, consoleErrors);
    await use(log);
    const races = log.mockWorkerUpdateRaces + setAsideMockWorkerUpdateRace(consoleErrors);
    if (races > 0)
      testInfo.annotations.push({
        type: 'mock worker update race set aside',
        description: `${races}× (see render-checks.ts)`,
      });
    if (log.replacedDocumentFailures > 0)
      testInfo.annotations.push({
        type: 'failed requests of a replaced document set aside',
        description: `${log.replacedDocumentFailures}× (see RenderLog.fromCurrentDocument)`,
      });
  },
});

for (const locale of LOCALES) {
  test.describe(locale, () => {
    for (const persona of PERSONAS) {
      renderTest(`${persona}: home and dashboard at 375, 768 and 1280 px`, async ({ page, log }) => {
        for (const kind of MATRIX_PAGES) {
          await page.setViewportSize(VIEWPORTS.mobile);
          await open(page, log, `locale=${locale}&persona=${persona}&page=${kind}`);
          for (const viewport of BREAKPOINTS) {
            const name = `${locale} ${persona} ${kind} at ${viewport.width} px`;
            await test.step(name, async () => {
              await page.setViewportSize(viewport);
              await checkRender({ page, log, name });
              await expect(page.getByRole('banner'), name).toHaveScreenshot([
                locale,
                persona,
                `${kind}-${viewport.width}-header.png`,
              ]);
              // Below md the login and registration bar is fixed to the viewport's bottom, outside the banner's box.
              const actionBar = page.locator('[data-testid="action-bar"][data-position="bottom"]');
              if (await actionBar.isVisible())
                await expect(actionBar, name).toHaveScreenshot([
                  locale,
                  persona,
                  `${kind}-${viewport.width}-action-bar.png`,
                ]);
              if (persona === FOOTER_PERSONA && kind === 'home' && footerV1Widths(locale).includes(viewport.width)) {
                await expectFooterScreenshot(page, [locale, `footer-v1-${viewport.width}.png`]);
              }
            });
          }
          await waitForMockCallsToFinish(page);
        }
      });
    }

    renderTest('every other page kind as a visitor, at 1280 px', async ({ page, log }) => {
      await page.setViewportSize(VIEWPORTS.desktop);
      // home and dashboard already ran for the visitor at every breakpoint above.
      for (const kind of PAGES.filter((p) => !MATRIX_PAGES.includes(p))) {
        const name = `${locale} visitor ${kind}`;
        await test.step(name, async () => {
          await open(page, log, `locale=${locale}&persona=visitor&page=${kind}`);
          await checkRender({ page, log, name });
          await waitForMockCallsToFinish(page);
        });
      }
    });

    renderTest('every page kind as a customer with v2 designs and flags, at 1280 px', async ({ page, log }) => {
      await page.setViewportSize(VIEWPORTS.desktop);
      for (const kind of PAGES) {
        const name = `${locale} customer ${kind} with ${V2_QUERY}`;
        await test.step(name, async () => {
          await open(page, log, `locale=${locale}&persona=customer&page=${kind}&${V2_QUERY}`);
          await checkRender({ page, log, name });
          if (kind === 'home') {
            await expect(page.getByRole('banner'), name).toHaveScreenshot([
              locale,
              'customer-v2',
              'home-1280-header.png',
            ]);
            await expectFooterScreenshot(page, [locale, 'footer-v2-1280.png']);
          }
          await waitForMockCallsToFinish(page);
        });
      }
    });
  });
}

// The checks above pass hundreds of times; these show each one fails when its problem is there.
test.describe('the render checks catch what they are for', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('header overflow: a wide row, and a fixed element past the right edge; clipped content is fine', async ({
    page,
  }) => {
    await page.setContent('<header><div style="width: 2000px">wide row</div></header>');
    await expect(expectHeaderWithinViewport(page, 'wide row')).rejects.toThrow(
      /banner scrollWidth 2000 > clientWidth \d+/,
    );
    await page.setContent(
      '<header><a href="/x" style="position: fixed; left: 1250px; width: 100px">late link</a></header>',
    );
    await expect(expectHeaderWithinViewport(page, 'fixed link')).rejects.toThrow(/late link\W+ ends at 1350 px/);
    await page.setContent(
      '<header><div style="overflow: hidden; width: 100px"><div style="width: 3000px">clipped</div></div></header>',
    );
    await expectHeaderWithinViewport(page, 'clipped');
  });

  test('axe: an image without a text alternative is a critical violation', async ({ page }) => {
    await page.setContent(
      '<html lang="en"><head><title>t</title></head><body><header><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></header></body></html>',
    );
    await expect(expectNoSeriousAxeViolations(page, 'no alt')).rejects.toThrow(/image-alt/);
  });

  test("render log: an unexpected error answer or console error fails the render; the scenario's own 404 and the mock worker update race do not", async ({
    page,
  }) => {
    const consoleErrors: string[] = [];
    const log = new RenderLog(page, consoleErrors);
    await page.route('**/broken', (route) => route.fulfill({ status: 500, body: 'no' }));
    await page.route('**/no-customer', (route) =>
      route.fulfill({ status: 404, body: '{}', headers: { 'x-mock-answer': 'scenario' } }),
    );
    await page.goto('about:blank');
    log.start();
    await page.evaluate(() => fetch('http://127.0.0.1:1/no-customer').then((r) => r.status));
    log.expectClean('scenario 404');
    await page.evaluate(() => fetch('http://127.0.0.1:1/broken').then((r) => r.status));
    expect(() => log.expectClean('broken call')).toThrow(/broken: 500/);
    log.start();
    consoleErrors.push('boom');
    expect(() => log.expectClean('console error')).toThrow(/console errors/);
    // The mock worker's update race is set aside; any other uncaught error still fails.
    log.start();
    consoleErrors.push(
      "uncaught: Failed to update a ServiceWorker for scope ('http://127.0.0.1:4403/') with script ('http://127.0.0.1:4403/mock-service-worker.js'): Not found",
    );
    log.expectClean('mock worker update race');
    expect(log.mockWorkerUpdateRaces).toBe(1);
    consoleErrors.push('uncaught: Failed to update a ServiceWorker for scope (x) with script (y): Not found');
    expect(() => log.expectClean('another uncaught error')).toThrow(/console errors/);
  });

  test("render log: a request the previous render left in flight may be aborted by the next navigation; this render's own aborts fail it", async ({
    page,
  }) => {
    const log = new RenderLog(page, []);
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/held', async (route) => {
      await released;
      await route.abort('aborted');
    });
    await page.goto('about:blank');
    const aborted = () => page.waitForEvent('requestfailed');
    // Issued before start(), failed after it: the earlier page's leftover.
    const leftover = aborted();
    const issued = page.waitForEvent('request');
    void page.evaluate(() => fetch('http://127.0.0.1:1/held').catch(() => 'aborted'));
    await issued;
    log.start();
    release();
    await leftover;
    log.expectClean('leftover abort');
    const own = aborted();
    await page.evaluate(() => fetch('http://127.0.0.1:1/held').catch(() => 'aborted'));
    await own;
    expect(() => log.expectClean('own abort')).toThrow(/held: net::ERR_ABORTED/);
  });

  test("render log: when the page reloads during a render, the replaced document's failures are set aside; the new document's still fail it", async ({
    page,
  }) => {
    const log = new RenderLog(page, []);
    await page.route('http://render-log.test/doc', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>render log</title>' }),
    );
    // Never answered: the reload cancels it, as MSW's reload cancels the first document's calls.
    await page.route('http://render-log.test/held', () => undefined);
    await page.route('http://render-log.test/broken', (route) => route.fulfill({ status: 500, body: 'no' }));
    await page.goto('about:blank');
    log.start();
    await page.goto('http://render-log.test/doc');
    const issued = page.waitForEvent('request', (request) => request.url().endsWith('/held'));
    // The reload destroys the context this evaluation runs in.
    const evaluation = page.evaluate(() => fetch('/held').catch(() => 'cancelled')).catch(() => 'context destroyed');
    await issued;
    const cancelled = page.waitForEvent('requestfailed');
    await page.reload();
    await cancelled;
    await evaluation;
    log.expectClean('after a reload');
    expect(log.replacedDocumentFailures).toBe(1);
    await page.evaluate(() => fetch('/broken').then((response) => response.status));
    expect(() => log.expectClean('the new document')).toThrow(/broken: 500/);
  });
});
