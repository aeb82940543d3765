import { test, expect, type Page } from '@playwright/test';
import { VIEWPORTS } from './support/fixtures';
import { scaled } from './support/time-factor';

/**
 * The fallback chrome (docs/architecture.md#fallback-chrome) on the built portal: a published document
 * the runtime cannot use gives a logo-only header and a minimal footer, never a blank page or an endless
 * loading state; one console error names the document, and the shell_fallback_shown event is sent.
 */

const MANIFEST = '**/configs/manifest.json';
const DE_CONFIG = '**/configs/de-DE.*.json';

/** What the page said: console errors and uncaught exceptions, collected from the first request. */
function listen(page: Page): { consoleErrors: string[]; pageErrors: string[] } {
  const heard = { consoleErrors: [] as string[], pageErrors: [] as string[] };
  page.on('console', (msg) => void (msg.type() === 'error' && heard.consoleErrors.push(msg.text())));
  page.on('pageerror', (error) => heard.pageErrors.push(error.message));
  return heard;
}

/** The published de-DE config, changed by `change`, served instead of the real file. */
async function serveChangedConfig(page: Page, change: (config: Record<string, unknown>) => unknown) {
  await page.route(DE_CONFIG, async (route) => {
    const config = (await (await route.fetch()).json()) as Record<string, unknown>;
    await route.fulfill({ contentType: 'application/json', body: JSON.stringify(change(config)) });
  });
}

async function expectFallback(
  page: Page,
  heard: ReturnType<typeof listen>,
  expected: { message: RegExp; document: string; reason: string; alsoLogged?: RegExp },
) {
  const chrome = page.getByTestId('fallback-chrome');
  await expect(chrome).toBeVisible({ timeout: scaled(8000) });
  await expect(page.getByRole('banner').getByRole('link')).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Depona – zur Startseite' })).toHaveAttribute(
    'href',
    '/de-de/',
  );
  await expect(page.getByRole('banner').getByRole('img')).toHaveJSProperty('complete', true);
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Startseite' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Depona`);
  await expect(page.getByTestId('page-body')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect
    .poll(() => page.evaluate(() => window.__portalShellTracking?.events.map((e) => e.event) ?? []))
    .toEqual([
      expect.objectContaining({
        event_name: 'shell_fallback_shown',
        custom_attribute_1: expected.document,
        description: expected.reason,
      }),
    ]);
  const shellErrors = heard.consoleErrors.filter((line) => line.startsWith('portal-shell:'));
  expect(shellErrors).toHaveLength(1);
  expect(shellErrors[0]).toMatch(expected.message);
  expect(
    heard.consoleErrors.filter((line) => !line.startsWith('portal-shell:') && !expected.alsoLogged?.test(line)),
  ).toEqual([]);
  expect(heard.pageErrors).toEqual([]);
}

const hash = '[0-9a-f]{16}';

/**
 * The portal page in client-only mode (docs/rendering.md#client-only-mode): the runtime loads the published documents
 * itself, as the React package and the custom elements do, so its guard is what meets a broken one. A server-rendered
 * page carries the documents the config service checked (docs/rendering.md#hydration).
 */
const CLIENT_RENDERED_PAGE = '/de-de/?ssr=0';

test.describe('portal page /de-de/ with a published document it cannot use', () => {
  test('a locale config of {}', async ({ page }) => {
    const heard = listen(page);
    await serveChangedConfig(page, () => ({}));
    await page.goto(CLIENT_RENDERED_PAGE);
    await expectFallback(page, heard, {
      message: new RegExp(
        `^portal-shell: de-DE config \\(/configs/de-DE\\.${hash}\\.json\\) is not a valid locale config: \\(document\\) must have required property 'locale'; showing the fallback header and footer`,
      ),
      document: 'de-DE',
      reason: 'wrong-shape',
    });
  });

  test('footer: null without strings', async ({ page }) => {
    const heard = listen(page);
    await serveChangedConfig(page, ({ strings: _strings, ...config }) => ({ ...config, footer: null }));
    await page.goto(CLIENT_RENDERED_PAGE);
    await expectFallback(page, heard, {
      message:
        /^portal-shell: de-DE config \(.*\) is not a valid locale config: \(document\) must have required property 'strings'/,
      document: 'de-DE',
      reason: 'wrong-shape',
    });
  });

  test('footer: null', async ({ page }) => {
    const heard = listen(page);
    await serveChangedConfig(page, (config) => ({ ...config, footer: null }));
    await page.goto(CLIENT_RENDERED_PAGE);
    await expectFallback(page, heard, {
      message: /is not a valid locale config: \/footer must be object; showing the fallback header and footer/,
      document: 'de-DE',
      reason: 'wrong-shape',
    });
  });

  test('a garbage manifest', async ({ page }) => {
    const heard = listen(page);
    await page.route(MANIFEST, (route) =>
      route.fulfill({ contentType: 'application/json', body: '\u0000\u0007{"format":1,"docu' }),
    );
    await page.goto(CLIENT_RENDERED_PAGE);
    await expectFallback(page, heard, {
      message: /^portal-shell: config manifest \(\/configs\/manifest\.json\) is not JSON; showing/,
      document: 'manifest',
      reason: 'not-json',
    });
  });

  test('a manifest of {}', async ({ page }) => {
    const heard = listen(page);
    await page.route(MANIFEST, (route) => route.fulfill({ contentType: 'application/json', body: '{}' }));
    await page.goto(CLIENT_RENDERED_PAGE);
    await expectFallback(page, heard, {
      message:
        /^portal-shell: config manifest \(\/configs\/manifest\.json\) is not a valid manifest: \/format must be 1/,
      document: 'manifest',
      reason: 'wrong-shape',
    });
  });

  test('a locale config that answers 404', async ({ page }) => {
    const heard = listen(page);
    await page.route(DE_CONFIG, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":"not-found"}' }),
    );
    await page.goto(CLIENT_RENDERED_PAGE);
    await expectFallback(page, heard, {
      message: /^portal-shell: de-DE config \(.*\) answered 404; showing/,
      document: 'de-DE',
      reason: 'http-status',
      alsoLogged: /^Failed to load resource: the server responded with a status of 404/,
    });
  });

  for (const [what, pattern, document] of [
    ['the manifest', MANIFEST, 'manifest'],
    ['the locale config', DE_CONFIG, 'de-DE'],
  ] as const) {
    test(`${what} never answers: the fallback within 5 s of asking for it`, async ({ page }) => {
      const heard = listen(page);
      let askedAt = 0;
      await page.route(pattern, () => void (askedAt ||= Date.now()));
      await page.goto(CLIENT_RENDERED_PAGE);
      await expect(page.getByTestId('fallback-chrome')).toBeVisible({ timeout: scaled(8000) });
      expect(askedAt, 'the held request was made').toBeGreaterThan(0);
      // The runtime gives up at 3000 ms (the message below says which timer fired); the rest is this machine's page work.
      expect(Date.now() - askedAt, 'milliseconds from the request to the fallback on screen').toBeLessThan(
        scaled(5000),
      );
      await expectFallback(page, heard, {
        message: /did not answer within 3000 ms|did not arrive within 5000 ms/,
        document,
        reason: 'timeout',
      });
    });
  }
});

test('preview: the fallback chrome with a notice saying what customers see and why', async ({ page }) => {
  const heard = listen(page);
  await serveChangedConfig(page, (config) => ({ ...config, footer: null }));
  await page.goto('/preview?locale=de-DE&persona=visitor&page=home');
  await expect(page.getByTestId('fallback-chrome')).toBeVisible();
  await expect(page.getByTestId('fallback-notice')).toContainText(
    /Customers see the fallback header and footer: de-DE config \(\/configs\/de-DE\.[0-9a-f]{16}\.json\) is not a valid locale config: \/footer must be object/,
  );
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(heard.pageErrors).toEqual([]);
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the fallback chrome at ${viewport.width} px: the bar's height, nothing overflows`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await serveChangedConfig(page, () => ({}));
    await page.goto('/de-de/');
    const banner = page.getByRole('banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('img')).toHaveJSProperty('complete', true);
    // The real header bar's height (64 px, 80 px from 768 px), so the page does not jump when it replaces this one.
    expect((await banner.boundingBox())!.height).toBe(viewport.width >= 768 ? 81 : 65);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // The footer sits at the bottom of a short page.
    const footer = (await page.getByRole('contentinfo').boundingBox())!;
    expect(footer.y + footer.height).toBeGreaterThanOrEqual(viewport.height - 1);
    await page.screenshot({ path: test.info().outputPath(`fallback-${name}.png`), fullPage: true });
  });
}
