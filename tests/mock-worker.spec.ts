import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/**
 * The mock service worker (mocks/service-worker/): it runs the handlers for every page, each page with its
 * own scenario, and sends each page its own request log.
 */
const UNREAD = '/api/customer-portal/threads/unread-count?customer_id=4711-0815';
const CUSTOMER = '/api/customer-account/customers/4711-0815?embed=all-persons,reference-accounts,data-validity';

/** Calls a mocked endpoint from the page, as the data layer would: status and why the mocks answered so. */
const callFrom = (page: Page, url: string) =>
  page.evaluate(async (to) => {
    const response = await fetch(to, { headers: { accept: 'application/json' } });
    return { status: response.status, answer: response.headers.get('x-mock-answer') };
  }, url);

const loggedCalls = (page: Page, endpoint: string) =>
  page.evaluate((id) => window.__portalShellMocks?.requests.filter((r) => r.endpoint === id).length ?? 0, endpoint);

test('each page is answered for its own scenario, and logs only its own calls', async ({ page, consoleErrors: _ }) => {
  const other = await page.context().newPage();
  await page.goto('/preview?locale=de-DE&persona=customer&page=home&fault=customer:500');
  await other.goto('/preview?locale=de-DE&persona=customer&page=home');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(other.getByRole('banner')).toBeVisible();
  const before = await loggedCalls(other, 'customer');
  expect(await callFrom(page, CUSTOMER)).toEqual({ status: 500, answer: 'fault' });
  expect(await callFrom(other, CUSTOMER)).toEqual({ status: 200, answer: null });
  await expect.poll(() => loggedCalls(other, 'customer')).toBe(before + 1);
  await other.close();
});

test('a worker the browser stopped asks the page for its scenario again', async ({ page, consoleErrors: _ }) => {
  await page.goto('/preview?locale=de-DE&persona=customer&page=dashboard&fault=unread-count:503');
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  // Answered by a fresh worker, which knows no scenario until it asks: still the page's fault, not the default 3.
  expect(await callFrom(page, UNREAD)).toEqual({ status: 503, answer: 'fault' });
  await expect
    .poll(() => page.evaluate(() => window.__portalShellMocks?.requests.at(-1)))
    .toMatchObject({ endpoint: 'unread-count', status: 503 });
});

test('an /api/ call without a mock handler fails loudly in the page that made it, also after the browser stopped the worker', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  await page.goto('/preview?locale=de-DE&persona=customer&page=home');
  await expect(page.getByRole('banner')).toBeVisible();
  await page.evaluate(() => fetch('/api/customer-account/no-such-call').catch(() => undefined));
  await expect
    .poll(() => errors)
    .toContainEqual(expect.stringContaining('/api/customer-account/no-such-call has no mock handler'));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  // The fresh worker has no scenario for the page yet; it asks before deciding the page wants to hear about it.
  await page.evaluate(() => fetch('/api/customer-account/another-missing-call').catch(() => undefined));
  await expect
    .poll(() => errors)
    .toContainEqual(expect.stringContaining('/api/customer-account/another-missing-call has no mock handler'));
});

test('only /api/ calls go through the worker; scripts and configs go straight to the network', async ({
  page,
  consoleErrors: _,
}) => {
  await page.goto('/preview?locale=de-DE&persona=customer&page=dashboard');
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  // Loaded again, the page is under the worker from its first request.
  await page.reload();
  await expect(page.getByTestId('avatar-button')).toBeVisible();
  const routes = await page.evaluate(() =>
    (
      performance.getEntriesByType('resource') as (PerformanceResourceTiming & { workerFinalSourceType?: string })[]
    ).map((entry) => ({ path: new URL(entry.name).pathname, source: entry.workerFinalSourceType })),
  );
  const sourcesOf = (test: (path: string) => boolean) => [
    ...new Set(routes.filter((r) => test(r.path)).map((r) => r.source)),
  ];
  expect(sourcesOf((path) => path.startsWith('/api/'))).toEqual(['fetch-event']);
  expect(sourcesOf((path) => path.startsWith('/configs/') || path.endsWith('.js'))).toEqual(['network']);
});
