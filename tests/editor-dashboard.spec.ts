import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { EDITOR, signIn, VIEWER } from './support/e2e-session';

test.describe('editor dashboard', () => {
  test('a content manager sees all 15 documents, valid, each linking to its page', async ({ page, consoleErrors }) => {
    await signIn(page, EDITOR);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(15);
    for (const id of ['de-DE', 'en', 'markets', 'flags']) {
      const row = page.getByTestId(`document-row-${id}`);
      await expect(row.getByRole('link', { name: id, exact: true })).toHaveAttribute('href', `/documents/${id}`);
    }
    // Other tests write, so only validity is pinned for every row (a valid draft stays valid after their saves).
    await expect(page.getByRole('cell', { name: 'Valid', exact: true })).toHaveCount(15);
    await expect(page.getByTestId('document-row-de-AT')).toContainText('seed');
    await page.screenshot({ path: 'test-results/screenshots/editor-dashboard.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test('375 px: the table scrolls in its box, and its description wraps inside the screen', async ({ page, consoleErrors }) => {
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

  test('an unknown page and an unknown document id say so, link back, and pass axe', async ({ page, consoleErrors }) => {
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
