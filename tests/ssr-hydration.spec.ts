/**
 * Hydration (docs/rendering.md#hydration): the client takes the server's markup over with no hydration warning
 * and no layout shift (CLS ≤ 0.005), for every locale × visitor persona on the home and login pages.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

// Several pages per test, on a 2-core machine shared with the other specs.
test.describe.configure({ timeout: 120_000 });
import { LOCALES, portalUrl, VISITORS } from './support/ssr';

const MAX_CLS = 0.005;

/** Sums every layout shift since navigation (buffered), as the CLS metric does, without input-driven ones. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 500);
      }),
  );
}

for (const locale of LOCALES) {
  test(`${locale}: hydrates without a warning or a layout shift`, async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    for (const persona of Object.keys(VISITORS) as (keyof typeof VISITORS)[]) {
      for (const kind of ['home', 'login'] as const) {
        const url = portalUrl(locale, kind, persona);
        const response = await page.goto(url);
        // Server-rendered: the chrome is in the HTML the browser received.
        expect(await response!.text(), url).toContain('id="ps-portal-state"');
        await expect(page.getByRole('contentinfo')).toBeVisible();
        await page.waitForTimeout(1000);
        expect(await layoutShift(page), `${url}: cumulative layout shift`).toBeLessThanOrEqual(MAX_CLS);
      }
    }
    expect(messages.filter((m) => /hydrat|did not match|server rendered/i.test(m)), 'hydration warnings').toEqual([]);
  });
}
