/**
 * The audience matrix and publish review as people use them: the audience matrix of the open draft (with a planted empty dropdown),
 * the publish review ("what changes for whom"), and a viewer's read-only page.
 * Documents: fi-FI (no other spec edits it) and de-AT (read only). Specs share one server store, so labels are unique.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test, VIEWPORTS } from './support/fixtures';
import { EDITOR, signIn, VIEWER } from './support/e2e-session';
import { replaceInJsonView } from './support/json-view';
import { scaled } from './support/time-factor';

async function openDocument(page: Page, id: string): Promise<void> {
  await page.getByRole('link', { name: id, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: id })).toBeVisible({ timeout: scaled(15_000) });
}

/** The JSON view, chosen explicitly (the page's default view may change), with Monaco loaded. */
async function openJsonView(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'JSON view' }).click();
  // Monaco is a lazy ~1 MB chunk; on a loaded 2-core machine it can take long to arrive.
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: scaled(45_000) });
}

/**
 * Opens the matrix (closed on every visit: docs/editor-bundle.md#what-waits-until-it-is-used). The grid is computed in
 * a worker after the draft settles; on a loaded machine that takes a few seconds.
 */
async function matrixOf(page: Page, locale: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Show the audience matrix' }).click();
  const grid = page.getByRole('region', { name: `Audience matrix of ${locale}: items by persona` });
  await expect(grid).toBeVisible({ timeout: scaled(30_000) });
  return grid;
}

test.describe('editor: audience matrix, publish review, roles', () => {
  // Monaco, the preview iframe, the worker's first analysis (it compiles the schemas) and axe over a page with a
  // hundred-row matrix and the preview frame: 35–55 s alone, far more while the shared 2-core machine is busy.
  test.describe.configure({ timeout: scaled(180_000) });

  test('the matrix shows who sees what, and warns about a dropdown planted empty for private customers', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn(page, EDITOR);
    await openDocument(page, 'fi-FI');
    const grid = await matrixOf(page, 'fi-FI');
    await expect(page.getByRole('heading', { name: 'Audience warnings (0)' })).toBeVisible();
    await expect(grid.getByRole('columnheader', { name: /^customer dashboard/ })).toBeVisible();
    // The overview entry of "Omat säästöt" follows the newDashboard flag for a customer.
    const overview = grid
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader').filter({ hasText: /^Yleiskatsaus\s*yleiskatsaus$/ }) });
    await expect(overview.getByRole('cell').nth(2)).toHaveText('Shown only with newDashboard on');
    await expect(page.getByText(/combinations of fi-FI .* resolved in \d+ ms in a worker/)).toBeVisible();

    await openJsonView(page);
    await replaceInJsonView(
      page,
      '"id": "(saastamisopas|sijoitusopas|korkolaskuri)",',
      '"id": "$1", "visibility": { "customerType": "company" },',
    );
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    const warnings = page.getByRole('region', { name: 'Audience warnings (1)' });
    await expect(warnings).toBeVisible({ timeout: scaled(30_000) });
    await expect(warnings).toContainText('Empty dropdown');
    await expect(warnings).toContainText('the dropdown "Taloustietoa" is left without a link after filtering');
    await expect(warnings).toContainText(/e\.g\. (customer|pending) on (home|dashboard)/);

    // "Go to" puts Monaco's cursor on the nav item.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    await expect(page.locator('.monaco-editor .active-line-number')).toHaveText('1');
    await warnings.getByRole('button', { name: 'Go to /header/private/navItems/3: Empty dropdown' }).click();
    await expect(page.locator('.monaco-editor .active-line-number')).not.toHaveText('1');
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('"id": "taloustietoa"');

    await warnings.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/editor-audience-matrix-1280.png' });
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize(VIEWPORTS.mobile);
    await grid.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/editor-audience-matrix-375.png' });
    // The matrix scrolls inside its own box; the page itself never scrolls sideways.
    for (const viewport of [VIEWPORTS.mobile, VIEWPORTS.tablet]) {
      await page.setViewportSize(viewport);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    }
    expect(consoleErrors).toEqual([]);
  });

  test('publish lists what changes for whom, then publishes', async ({ page, consoleErrors }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn(page, EDITOR);
    await openDocument(page, 'fi-FI');
    await openJsonView(page);
    const stamp = `${Date.now() % 100_000}`;
    // A new id and label for the deposit-portfolio offer: logged-in customers lose the old entry and get the new one.
    await replaceInJsonView(page, '"id": "talletussalkku[^"]*"', `"id": "talletussalkku-${stamp}"`);
    await replaceInJsonView(page, '"title": "Talletussalkku[^"]*"', `"title": "Talletussalkku ${stamp}"`);
    await page.getByRole('button', { name: 'Save…' }).click();
    const save = page.getByRole('dialog', { name: 'Save fi-FI' });
    await save.getByLabel('Change message').fill(`Deposit portfolio offer renamed (${stamp})`);
    await save.getByRole('button', { name: 'Save draft' }).click();
    // The dialog's exit animation can lag on a loaded machine.
    await expect(save).toBeHidden({ timeout: scaled(15_000) });
    await expect(page.getByRole('status').filter({ hasText: 'Saved fi-FI' })).toBeVisible();

    await page.getByRole('button', { name: 'Publish…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish fi-FI' });
    // Same list, same position, same link: one item whose id and label changed, not one leaving and one arriving.
    const renamed = dialog.getByRole('article', { name: `Id renamed: Talletussalkku ${stamp} (fi-FI)` });
    await expect(renamed).toBeVisible({ timeout: scaled(30_000) });
    await expect(renamed.getByTestId('change-values')).toContainText(`talletussalkku-${stamp}`);
    const relabelled = dialog.getByRole('article', { name: `Label: Talletussalkku ${stamp} (fi-FI)` });
    await expect(relabelled.getByTestId('change-values')).toHaveText(`“Talletussalkku” → “Talletussalkku ${stamp}”`);
    // Visitors never see the private offers menu: the change is for the logged-in personas only.
    await expect(relabelled.getByTestId('audience').first()).toContainText('fi-FI — customer, company, pending');
    await expect(dialog.getByTestId('audience').filter({ hasText: /visitor/ })).toHaveCount(0);
    await expect(dialog.getByRole('article', { name: /^(Appears|Disappears):/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/screenshots/editor-publish-review-1280.png' });
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.screenshot({ path: 'test-results/screenshots/editor-publish-review-375.png' });
    await page.setViewportSize(VIEWPORTS.desktop);

    await dialog.getByRole('button', { name: /^Publish v\d+$/ }).click();
    await expect(dialog).toBeHidden({ timeout: scaled(15_000) });
    await expect(page.getByRole('status').filter({ hasText: 'Published fi-FI' })).toBeVisible();
    const publishedFiFi = async () => {
      const manifest = (await (await page.request.get('/configs/manifest.json')).json()) as {
        documents: Record<string, { file: string }>;
      };
      return (await page.request.get(`/configs/${manifest.documents['fi-FI']!.file}`)).text();
    };
    expect(await publishedFiFi()).toContain(`"Talletussalkku ${stamp}"`);

    // Roll back: the history shows the change, restores the seed as a new draft, and the review lists the way back.
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'Show the diff of version 2' }).click();
    await expect(history.getByRole('region', { name: 'Changes in version 2' })).toContainText(
      '/header/private/navItems/2/subMenus/main/5 added',
    );
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Restored version 1 as the new draft' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish…' }).click();
    const back = dialog.getByRole('article', { name: 'Label: Talletussalkku (fi-FI)' });
    await expect(back).toBeVisible({ timeout: scaled(30_000) });
    await expect(back.getByTestId('change-values')).toHaveText(`“Talletussalkku ${stamp}” → “Talletussalkku”`);
    await expect(dialog.getByRole('article', { name: 'Id renamed: Talletussalkku (fi-FI)' })).toBeVisible();
    await dialog.getByRole('button', { name: /^Publish v\d+$/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published fi-FI' })).toBeVisible();
    expect(await publishedFiFi()).not.toContain(`Talletussalkku ${stamp}`);
    expect(consoleErrors).toEqual([]);
  });

  test('a viewer sees the matrix and the history, without edit, save, publish or restore controls', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn(page, VIEWER);
    await openDocument(page, 'de-AT');
    await expect(page.getByText('Read-only: viewers can preview')).toBeVisible();
    await matrixOf(page, 'de-AT');
    // de-AT lacks items of its reference de-DE: listed, pointing into de-DE (nothing to jump to here).
    const warnings = page.getByRole('region', { name: /^Audience warnings \([1-9]\d*\)$/ });
    await expect(warnings).toContainText('Missing here');
    await expect(warnings).toContainText('is in de-DE but missing from de-AT');
    await expect(page.getByRole('region', { name: 'History' }).getByRole('row')).not.toHaveCount(0);
    for (const name of [/^Save/, /^Publish/, /^Restore/, /^Undo/, /^Redo/])
      await expect(page.getByRole('button', { name })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Form view' }).click();
    const form = page.getByRole('form', { name: 'de-AT form' });
    await expect(form).toBeVisible({ timeout: scaled(20_000) });
    await expect(form).toContainText('Read-only.');
    await expect(form.getByRole('button', { name: /^(Add|Remove|Move)/ })).toHaveCount(0);
    await page.getByRole('heading', { name: 'Audience matrix' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/editor-audience-viewer-1280.png' });
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });
});
