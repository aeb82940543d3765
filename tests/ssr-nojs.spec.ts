/**
 * Without JavaScript (docs/rendering.md#what-is-server-rendered): every header and footer link the hydrated page
 * offers is in the server's HTML, for every locale × {visitor, partner-visitor} × {home, login}; and the mobile
 * menu opens at 375 px.
 */
import { expect, test } from './support/fixtures';

// Several pages per test, on a 2-core machine shared with the other specs.
test.describe.configure({ timeout: scaled(120_000) });
import { chromeLinks, LOCALES, portalUrl, VISITORS } from './support/ssr';
import { scaled } from './support/time-factor';

for (const locale of LOCALES) {
  test(`${locale}: the server HTML holds every link the hydrated page offers`, async ({ browser, page }) => {
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const serverPage = await noScript.newPage();
    try {
      for (const persona of Object.keys(VISITORS) as (keyof typeof VISITORS)[]) {
        for (const kind of ['home', 'login'] as const) {
          const url = portalUrl(locale, kind, persona);
          await page.goto(url);
          await expect(page.getByRole('contentinfo')).toBeVisible();
          // Hydrated and settled: the partner's logo (or its failure) is in, the lists after the first paint too.
          await page.waitForTimeout(1000);
          const hydrated = await chromeLinks(page);
          await serverPage.goto(url);
          const server = await chromeLinks(serverPage);
          expect(hydrated.length, url).toBeGreaterThan(0);
          expect(
            hydrated.filter((link) => !server.includes(link)),
            `${url}: links only the hydrated page has`,
          ).toEqual([]);
        }
      }
    } finally {
      await noScript.close();
    }
  });
}

test('the mobile menu opens without JavaScript at 375 px, and its links work', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  try {
    await page.goto('/de-de/');
    const panel = page.getByTestId('mobile-menu-panel');
    await expect(panel).toBeHidden();
    await page.getByTestId('mobile-menu-link').click();
    await expect(panel).toBeVisible();
    const first = panel.locator('a[href^="/"]').first();
    await expect(first).toBeVisible();
    const href = await first.getAttribute('href');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  } finally {
    await context.close();
  }
});
