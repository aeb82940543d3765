import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { EDITOR, signIn, VIEWER } from './support/e2e-session';
import { replaceInJsonView } from './support/json-view';
import { scaled } from './support/time-factor';

/** Rewrites every alt text with a fresh stamp; valid whatever earlier runs on the shared server left. */
const stampAlts = (page: Page, stamp: string) =>
  replaceInJsonView(page, '"alt": "([^"#]*?)( #[a-z0-9]+)?"', `"alt": "$1 #${stamp}"`);

async function openDocument(page: Page, id: string): Promise<void> {
  await page.getByRole('link', { name: id, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: id })).toBeVisible({ timeout: scaled(15_000) });
  // The page opens the form view; these tests work in the JSON view.
  await page.getByRole('tab', { name: 'JSON view' }).click();
  // Monaco is a lazy ~1 MB chunk; with two workers on a 2-core machine it has taken over 20 s (as in editor-audience.spec.ts).
  await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: scaled(45_000) });
}

test.describe('editor document page', () => {
  // Each test loads Monaco and an iframe with the portal; two workers on one CI machine need the headroom.
  test.describe.configure({ timeout: scaled(180_000) });

  test('content manager: edit a de-DE label in JSON, save with a message, publish, see it on /preview', async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page, EDITOR);
    await openDocument(page, 'de-DE');
    // The problems fold behind their count (docs/editor-workspace.md#problems).
    await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible();

    // Tests share one server and run in parallel: rename a menu no other spec looks up by name, match it
    // whatever an earlier run renamed it to, and give it a fresh name.
    const label = `So funktioniert's ${Date.now() % 100_000}`;
    await replaceInJsonView(page, `"title": "So funktioniert's[^"]*"`, `"title": "${label}"`);
    await expect(page.getByText('Unsaved changes')).toBeVisible();

    await page.getByRole('button', { name: 'Save…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save de-DE' });
    await dialog.getByLabel('Change message').fill(`Rename the how-it-works menu to ${label}`);
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status')).toContainText('Saved de-DE');
    await expect(page.getByRole('cell', { name: `Rename the how-it-works menu to ${label}` })).toBeVisible();

    // Publish opens the review (what changes for whom); it is confirmed there.
    await page.getByRole('button', { name: 'Publish…' }).click();
    await page
      .getByRole('dialog', { name: 'Publish de-DE' })
      .getByRole('button', { name: /^Publish v\d+$/ })
      .click();
    await expect(page.getByRole('status')).toContainText('Published de-DE');
    await page.screenshot({ path: 'test-results/screenshots/editor-document.png' });

    await page.goto('/preview?locale=de-DE');
    await expect(page.getByRole('banner')).toContainText(label);
    expect(consoleErrors).toEqual([]);
  });

  test('live validation lists a problem with line and hint, and blocks the save with the reason', async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page, EDITOR);
    await openDocument(page, 'it-IT');
    await replaceInJsonView(page, '"basePath": "/it-it"', '"basePath": 42');
    const problems = page.getByRole('region', { name: 'Problems' });
    // The list folds behind its count (docs/editor-workspace.md#problems): open it.
    await page.getByRole('button', { name: /^[1-9]\d* problems?$/ }).click();
    await expect(page.getByRole('heading', { name: /^Problems \([1-9]/ })).toBeVisible();
    await expect(problems.getByRole('button').first()).toContainText(/\d+:\d+ \/basePath/);
    // A click moves Monaco's cursor to the problem's line (basePath is line 5 of every locale file).
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await problems.getByRole('button').first().click();
    await expect(page.locator('.monaco-editor .active-line-number')).toHaveText('5');
    const save = page.getByRole('button', { name: 'Save…' });
    await expect(save).toBeDisabled();
    await expect(save).toHaveAccessibleDescription(/^Saving is blocked/);
    expect(consoleErrors).toEqual([]);
  });

  test('the JSON view resolves the schemas a document refers to: a bad shared value is marked, and nothing warns of a schema it cannot load', async ({
    page,
    consoleErrors: _,
  }) => {
    await signIn(page, EDITOR);
    await openDocument(page, 'nl-NL');
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('"locale": "nl-NL"');
    // "locale" is a ConfigId, defined in common.schema.json, which locale-config.schema.json refers to relatively.
    await replaceInJsonView(page, '"locale": "nl-NL"', '"locale": "nl-XX"');
    await page.keyboard.press('Escape');
    // Monaco marks schema problems as warnings. The one mark is on the locale line: none on "$schema" (a schema
    // it could not load), and the shared definition is checked (an unresolved $ref would check nothing).
    const localeLine = page.locator('.monaco-editor .view-line', { hasText: '"locale": "nl-XX"' });
    const markOffsets = async () => {
      // Monaco replaces its line elements as it renders; a line caught mid-replacement has no box yet: poll again.
      const box = await localeLine.boundingBox().catch(() => null);
      if (!box) return undefined;
      const lineTop = box.y;
      const tops = await page
        .locator('.monaco-editor .cdr[class*="squiggly"]')
        .evaluateAll((marks) => marks.map((mark) => mark.getBoundingClientRect().top));
      return tops.map((top) => Math.round(top - lineTop));
    };
    await expect.poll(markOffsets, { timeout: scaled(15_000) }).toEqual([0]);
  });

  test('document page passes axe', async ({ page, consoleErrors }) => {
    await signIn(page, EDITOR);
    await openDocument(page, 'fr-FR');
    // The problems fold behind their count (docs/editor-workspace.md#problems).
    await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test('viewer: no save, publish or restore controls, and a read-only JSON view', async ({ page, consoleErrors }) => {
    await signIn(page, VIEWER);
    await openDocument(page, 'en-GB');
    await expect(page.getByText('Read-only: viewers can preview')).toBeVisible();
    await expect(page.getByRole('button', { name: /Save/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Restore/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
    // Typing into Monaco changes nothing: the view is read-only.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.type('xyz');
    await expect(page.getByText('Unsaved changes')).toHaveCount(0);
    await expect(page.locator('.view-lines')).not.toContainText('xyz');
    await page.screenshot({ path: 'test-results/screenshots/editor-document-viewer.png' });
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });

  test('unsaved edits are autosaved and offered back after a reload', async ({ page, consoleErrors }) => {
    await signIn(page, EDITOR);
    await openDocument(page, 'es-ES');
    const stamp = `auto${Date.now() % 100_000}`;
    await stampAlts(page, stamp);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    // The autosave debounce is 400 ms; then the copy is in localStorage.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('portal-editor:autosave:es-ES') ?? ''))
      .toContain(stamp);
    await page.reload();
    const banner = page.getByRole('region', { name: 'Unsaved edits' });
    await expect(banner).toBeVisible({ timeout: scaled(30_000) });
    await banner.getByRole('button', { name: 'Restore my edits' }).click();
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('tab', { name: 'JSON view' }).click();
    // After a reload Monaco loads again: as slow as the first open (openDocument).
    await expect(page.locator('.view-lines')).toContainText(stamp, { timeout: scaled(45_000) });
    // Restoring re-arms the 400 ms autosave; reload only once the copy is stored again.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('portal-editor:autosave:es-ES') ?? ''))
      .toContain(stamp);
    await page.reload();
    await page.getByRole('region', { name: 'Unsaved edits' }).getByRole('button', { name: 'Discard them' }).click();
    await expect(page.getByRole('region', { name: 'Unsaved edits' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('portal-editor:autosave:es-ES'))).toBeNull();
    expect(consoleErrors).toEqual([]);
  });

  test('an edit followed at once by a reload, inside the autosave debounce, is still offered back', async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page, EDITOR);
    await openDocument(page, 'en-IE');
    const stamp = `quick${Date.now() % 100_000}`;
    await stampAlts(page, stamp);
    await expect(page.getByText('Unsaved changes')).toBeVisible();
    await page.reload();
    const banner = page.getByRole('region', { name: 'Unsaved edits' });
    await banner.getByRole('button', { name: 'Restore my edits' }).click({ timeout: scaled(30_000) });
    await page.getByRole('tab', { name: 'JSON view' }).click();
    // After a reload Monaco loads again: as slow as the first open (openDocument).
    await expect(page.locator('.view-lines')).toContainText(stamp, { timeout: scaled(45_000) });
    expect(consoleErrors).toEqual([]);
  });

  test('history: a content manager restores version 1 as the new draft', async ({ page, consoleErrors }) => {
    await signIn(page, EDITOR);
    await openDocument(page, 'pl-PL');
    await stampAlts(page, `hist${Date.now() % 100_000}`);
    await page.getByRole('button', { name: 'Save…' }).click();
    await page.getByLabel('Change message').fill('Alt texts for the restore test');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('status')).toContainText('Saved pl-PL');

    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByRole('status')).toContainText('Restored version 1 as the new draft');
    await expect(history.getByRole('row').nth(1)).toContainText('Restored version 1');
    await expect(page.locator('.view-lines')).not.toContainText('#hist');
    expect(consoleErrors).toEqual([]);
  });
});
