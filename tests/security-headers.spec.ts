/**
 * The built app under its Content-Security-Policy (server/http/security-headers.ts): the editor with
 * Monaco's JSON view and the preview iframe, /preview and a customer page run with no policy
 * violation; and a page of another origin cannot frame the editor or /preview (clickjacking).
 */
import type { Page } from '@playwright/test';
import { EDITOR, signIn } from './support/e2e-session';
import { expect, test } from './support/fixtures';
import { scaled } from './support/time-factor';

/** Records every securitypolicyviolation the page (or a frame of it) reports, from the first script on. */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile || location.pathname}`,
      ),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}

test.describe('Content-Security-Policy on the built app', () => {
  test.describe.configure({ timeout: scaled(120_000) });

  test('the editor, its JSON view (Monaco and its workers) and the preview iframe run without a violation', async ({
    page,
    consoleErrors,
  }) => {
    const violations = await recordViolations(page);
    const response = await page.goto('/signin');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    await signIn(page, EDITOR);
    await page.getByRole('link', { name: 'de-DE', exact: true }).click();
    await page.getByRole('tab', { name: 'JSON view' }).click();
    // Monaco has rendered the document's text, and its JSON worker has answered (the outline of markers comes from it).
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('"locale"', { timeout: scaled(60_000) });
    await expect(page.getByTestId('preview-versions')).toContainText('de-DE draft', { timeout: scaled(60_000) });
    const preview = page.frameLocator('iframe[title^="Preview of the de-DE draft"]');
    await expect(preview.getByRole('banner')).toBeVisible({ timeout: scaled(30_000) });
    expect(await violations()).toEqual([]);
    expect(consoleErrors.filter((e) => /Content.Security.Policy/i.test(e))).toEqual([]);
  });

  for (const path of ['/preview?locale=de-DE&persona=customer&page=dashboard', '/de-de/']) {
    test(`${path} runs without a violation, its inline script allowed by hash`, async ({ page, consoleErrors }) => {
      const violations = await recordViolations(page);
      const response = await page.goto(path);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(/script-src 'self'[^;]* 'sha256-/);
      expect(policy).not.toContain("'unsafe-inline' ");
      await expect(page.getByRole('banner')).toBeVisible({ timeout: scaled(30_000) });
      expect(await violations()).toEqual([]);
      expect(consoleErrors.filter((e) => /Content.Security.Policy/i.test(e))).toEqual([]);
    });
  }

  test("a script planted into a server-rendered page is refused by the policy sent with it, while the page's own scripts run", async ({
    page,
    consoleErrors,
  }) => {
    // docs/rendering.md#content-security-policy: the policy names the scripts the server wrote, so one an injection
    // adds to the HTML (here on its way to the browser, with the server's headers kept) has no hash in it.
    const violations = await recordViolations(page);
    await page.route('**/de-de/', async (route) => {
      const response = await route.fetch();
      await route.fulfill({
        response,
        body: (await response.text()).replace('</head>', '<script>window.__planted = true;</script></head>'),
      });
    });
    await page.goto('/de-de/');
    // The page's bundle loader (an inline script allowed by hash) ran once the page painted: it adds the entry module.
    await expect(page.locator('head script[type="module"][src^="/assets/"]').first()).toBeAttached({ timeout: 30_000 });
    await expect(page.getByRole('banner')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __planted?: boolean }).__planted)).toBeUndefined();
    expect(await violations()).toEqual([expect.stringMatching(/^script-src(-elem)? blocked inline in /)]);
    // Chromium reports the refusal on the console too; that one line is what this test expects.
    const refusals = consoleErrors.filter((e) => /Content Security Policy/i.test(e));
    expect(refusals).toHaveLength(1);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !refusals.includes(e)));
  });

  test('a page of another origin cannot frame the editor or /preview; this origin can frame /preview', async ({
    page,
    baseURL,
  }) => {
    // localhost and 127.0.0.1 are both allowed hosts of the test server, and different origins.
    const other = baseURL!.replace('127.0.0.1', 'localhost');
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(`${other}/healthz`);
    const frameLoads = (url: string) =>
      page.evaluate(
        (src) =>
          new Promise<string>((resolve) => {
            const frame = document.createElement('iframe');
            frame.src = src;
            frame.onload = () => {
              // A refused frame holds Chromium's error page, whose document this page cannot read either way;
              // a frame of our own origin that loaded can be read, so try.
              try {
                resolve(frame.contentDocument?.querySelector('#root') ? 'rendered' : 'blocked');
              } catch {
                resolve('blocked');
              }
            };
            document.body.append(frame);
          }),
        url,
      );
    await frameLoads(`${baseURL}/documents/de-DE`);
    await frameLoads(`${baseURL}/preview?locale=de-DE&persona=customer&page=dashboard`);
    await expect.poll(() => refusals.length).toBe(2);
    expect(await frameLoads(`${other}/preview?locale=de-DE&persona=customer&page=dashboard`)).toBe('rendered');
  });
});
