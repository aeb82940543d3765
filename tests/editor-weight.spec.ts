/**
 * What the document page loads before it is used (docs/editor-bundle.md#what-waits-until-it-is-used): the audience
 * worker only once its panel is opened, and then it works; the validator after the form, and then problems show.
 * Document: de-DE, read only (nothing is saved).
 */
import type { Page, Request } from '@playwright/test';
import { expect, test, VIEWPORTS } from './support/fixtures';
import { EDITOR, signIn } from './support/e2e-session';
import { scaled } from './support/time-factor';

/** Every script the page (and its workers) requests from now on, by path. */
function scriptRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (/\.m?js$/.test(pathname)) paths.push(pathname);
  });
  page.on('worker', (worker) => paths.push(new URL(worker.url()).pathname));
  return paths;
}

const isAudienceWorker = (path: string) => /\/audience\.worker[^/]*\.js$/.test(path);

test.describe('editor: what loads when', () => {
  // The preview iframe and the form's chunks on a shared 2-core machine.
  test.describe.configure({ timeout: scaled(90_000) });

  test('the audience worker loads only when its panel opens, and then computes the matrix', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn(page, EDITOR);
    const scripts = scriptRequests(page);
    await page.goto('/documents/de-DE');
    const form = page.getByRole('form', { name: 'de-DE form' });
    await expect(form).toBeVisible({ timeout: scaled(30_000) });
    // The validator follows the form: the problems button counts once it is there.
    await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible({ timeout: scaled(20_000) });
    await expect(page.getByRole('region', { name: 'History' })).toBeVisible({ timeout: scaled(20_000) });
    await page.getByRole('heading', { name: 'Audience matrix' }).scrollIntoViewIfNeeded();
    // Time for anything eager to show itself.
    await page.waitForTimeout(1500);
    expect(scripts.filter(isAudienceWorker)).toEqual([]);
    expect(
      page
        .workers()
        .map((w) => w.url())
        .filter(isAudienceWorker),
    ).toEqual([]);

    const worker = page.waitForEvent('worker', {
      predicate: (w) => isAudienceWorker(new URL(w.url()).pathname),
      timeout: scaled(30_000),
    });
    await page.getByRole('button', { name: 'Show the audience matrix' }).click();
    await worker;
    const grid = page.getByRole('region', { name: 'Audience matrix of de-DE: items by persona' });
    await expect(grid).toBeVisible({ timeout: scaled(30_000) });
    await expect(page.getByText(/combinations of de-DE .* resolved in \d+ ms in a worker/)).toBeVisible();

    // Hidden again, the worker stops with it.
    await page.getByRole('button', { name: 'Hide the audience matrix' }).click();
    await expect(grid).toBeHidden();
    await expect
      .poll(() =>
        page
          .workers()
          .map((w) => w.url())
          .filter((u) => isAudienceWorker(new URL(u).pathname)),
      )
      .toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
