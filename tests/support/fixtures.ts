import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 900 },
} as const;

/** The header the mocks put on an error they meant to send (mocks/faults.ts, MockAnswer). */
const MOCK_ANSWER_HEADER = 'x-mock-answer';
const EXPECTED_MOCK_ANSWERS = new Set(['fault', 'scenario']);

/**
 * Every test fails on a console error or an uncaught exception, unless it says it expects them.
 * Chromium logs "Failed to load resource" for every 4xx/5xx; that line is accepted only for
 * - a response the mocks marked as an injected fault or as the persona's own data (a user with no
 *   customer record), or
 * - a call that outlived its document: when a test navigates on while a call is in flight, its answer
 *   can fail in ways that belong to the departed page (cancelled, or passed through to the server,
 *   which answers 404), not to the page under test.
 * So a request that fails by mistake still fails the test. Checked after the test, because the console
 * line and the response event may arrive in either order.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    /** The failed-load lines in `errors`, with the URL each one names. */
    const failedLoadUrl = new Map<string, string>();
    /** How many failed answers per URL are explained (injected, scenario or orphaned). */
    const explainedFailures = new Map<string, number>();
    const explain = (url: string) => explainedFailures.set(url, (explainedFailures.get(url) ?? 0) + 1);
    /** Documents the main frame has started to load so far, and the one each request was made from. */
    let documents = 0;
    const startedIn = new WeakMap<object, number>();
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++;
      else startedIn.set(request, documents);
    });
    page.on('response', (response) => {
      if (response.status() < 400) return;
      const answer = response.headers()[MOCK_ANSWER_HEADER];
      const orphaned = (startedIn.get(response.request()) ?? documents) < documents;
      if ((answer && EXPECTED_MOCK_ANSWERS.has(answer)) || orphaned) explain(response.url());
    });
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      if (!msg.text().startsWith('Failed to load resource')) return void errors.push(msg.text());
      const line = `${msg.text()} ${msg.location().url}`;
      failedLoadUrl.set(line, msg.location().url);
      errors.push(line);
    });
    page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
    await use(errors);
    const unexpected = errors.filter((line) => {
      const url = failedLoadUrl.get(line);
      if (url === undefined) return true;
      const left = explainedFailures.get(url) ?? 0;
      if (left === 0) return true;
      explainedFailures.set(url, left - 1);
      return false;
    });
    expect(unexpected, 'console errors during the test').toEqual([]);
  },
});

export { expect };

export async function openPreview(page: Page, query: string): Promise<void> {
  await page.goto(`/preview?${query}`);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Zero serious or critical axe violations; the message lists them so a failure says what to fix. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')})`,
    ),
  ).toEqual([]);
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: false });
}
