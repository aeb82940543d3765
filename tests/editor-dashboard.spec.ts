import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { EDITOR, signIn, VIEWER } from './support/e2e-session';

const rowIds = (page: Page) =>
  page
    .locator('tbody tr[data-testid]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('document-row-', '')));

/** The ids of the rows, read in one go, whose text does not match `pattern`. */
const rowsNotContaining = (page: Page, pattern: RegExp) =>
  page
    .locator('tbody tr[data-testid]')
    .evaluateAll(
      (rows, source) =>
        rows.filter((r) => !new RegExp(source).test(r.textContent ?? '')).map((r) => r.getAttribute('data-testid')),
      pattern.source,
    );

/** Saves `en` through the API with a stamped meta description: a draft ahead of the published version, by the signed-in user. */
async function saveEnDraft(page: Page, stamp: string): Promise<void> {
  const draft = (await (await page.request.get('/api/documents/en')).json()) as {
    etag: string;
    content: { seo: { metaDescription: string } };
  };
  draft.content.seo.metaDescription = `${draft.content.seo.metaDescription.replace(/ #\w+$/, '')} #${stamp}`;
  const saved = await page.request.put('/api/documents/en', {
    headers: { 'if-match': draft.etag },
    data: { content: draft.content, message: `Dashboard check ${stamp}` },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test.describe('editor dashboard', () => {
  test('a content manager sees all 15 documents, valid, each linking to its page', async ({ page, consoleErrors }) => {
    await signIn(page, EDITOR);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(15);
    // Named as people know them, with the id beside the name; both open the document.
    for (const [id, name] of [
      ['de-DE', 'Germany'],
      ['en', 'English (no market)'],
      ['markets', 'Markets list'],
      ['flags', 'Feature flags'],
    ] as const) {
      const row = page.getByTestId(`document-row-${id}`);
      await expect(row.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/documents/${id}`);
      await expect(row.getByRole('link', { name: id, exact: true })).toHaveAttribute('href', `/documents/${id}`);
    }
    await expect(page.getByRole('columnheader')).toHaveText(['Document', 'State', 'Problems', 'Last change']);
    // Other tests write, so only validity is pinned for every row (a valid draft stays valid after their saves).
    await expect(page.getByRole('cell', { name: 'Valid', exact: true })).toHaveCount(15);
    // The flag is decoration: the row's first cell reads as the country and the id.
    await expect(page.getByTestId('document-row-pl-PL').locator('svg[data-flag="pl"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
    // The last change: its message and who made it (the seed, for a document nobody has saved).
    await expect(page.getByTestId('document-row-pl-PL')).toContainText('Seeded from');
    await expect(page.getByTestId('document-row-pl-PL')).toContainText('by seed');
    await page.screenshot({ path: 'test-results/screenshots/editor-dashboard.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test('filters: unpublished, invalid and mine, with the search box, kept in the URL', async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page, EDITOR);
    const stamp = `${Date.now() % 100_000}`;
    await saveEnDraft(page, stamp);
    await page.reload();
    const en = page.getByTestId('document-row-en');
    await expect(en).toContainText('Unpublished changes');
    await expect(en).toContainText(`Dashboard check ${stamp}`);
    await expect(en).toContainText('by content-manager');

    await page.getByRole('button', { name: /^Unpublished/ }).click();
    await expect(page).toHaveURL(/\?show=unpublished$/);
    await expect(en).toBeVisible();
    // Every row left has changes nobody has published (or was never published). Other tests publish while this one
    // runs and the list follows them, so each check reads all rows of one rendering: ids read first and looked up
    // one by one could name a row that a publication has since filtered out.
    await expect.poll(() => rowsNotContaining(page, /Unpublished changes|Never published/)).toEqual([]);
    await page.getByRole('button', { name: /^Last edited by me/ }).click();
    await expect(page).toHaveURL(/\?show=unpublished%2Cmine$/);
    await expect.poll(() => rowsNotContaining(page, /content-manager/)).toEqual([]);
    await expect(page.getByTestId('document-row-pl-PL')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/screenshots/editor-dashboard-filtered.png', fullPage: true });

    // The seed is valid and the service refuses invalid saves, so no draft is invalid.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByRole('button', { name: /^Invalid/ }).click();
    await expect(page.getByText('No document matches with the filters invalid.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.locator('tbody tr')).toHaveCount(15);

    // The search box filters rows by country, id, message or person, and hands its words to the search everywhere.
    // The rows follow the box in a render after the fill returns: polled, not read once.
    await page.getByRole('searchbox', { name: /^Filter documents/ }).fill('poland');
    await expect.poll(() => rowIds(page)).toEqual(['pl-PL']);
    await page.getByRole('searchbox', { name: /^Filter documents/ }).fill(`check ${stamp}`);
    await expect.poll(() => rowIds(page)).toEqual(['en']);
    await page.getByRole('searchbox', { name: /^Filter documents/ }).fill('festgeld');
    await expect(page.getByText('No document matches “festgeld”.')).toBeVisible();
    await page.getByRole('searchbox', { name: /^Filter documents/ }).press('Enter');
    const search = page.getByRole('dialog', { name: 'Search everywhere' });
    await expect(search.getByRole('combobox')).toHaveValue('festgeld');
    await expect(search.getByRole('group', { name: /Germany/ })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('375 px: the table scrolls in its box, and its description wraps inside the screen', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, EDITOR);
    const table = page.getByRole('table', { name: 'Documents' });
    await expect(table).toHaveAccessibleDescription(/^Every locale config, the markets list and the flags registry/);
    const description = (await page.getByText(/^Every locale config/).boundingBox())!;
    expect(description.x + description.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(consoleErrors).toEqual([]);
  });

  test('a viewer sees the same list and is told it is read-only', async ({ page }) => {
    await signIn(page, VIEWER);
    await expect(page.locator('tbody tr')).toHaveCount(15);
    await expect(page.getByText('You are signed in as a viewer')).toBeVisible();
  });

  test('an unknown page and an unknown document id say so, link back, and pass axe', async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page, EDITOR);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to the documents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    await page.goto('/documents/xx-XX');
    await expect(page.getByRole('heading', { level: 1, name: 'Unknown document' })).toBeVisible();
    await expect(page.getByText('“xx-XX” is not a document id.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to the documents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
