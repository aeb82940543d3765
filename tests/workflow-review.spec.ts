/**
 * The publish review covers every audience (docs/workflow.md#publish-review): a change behind a flag and a
 * link-only change are each reported with exactly the audiences that see them, on the main e2e server
 * (approval off, so Publish… reviews one document).
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { EDITOR, signIn } from './support/e2e-session';
import { replaceInJsonView } from './support/json-view';
import { scaled } from './support/time-factor';

const OVERNIGHT = '/dashboard/savings/overnight/';

/** Renames back what this spec changed, through the API, leaving whatever other specs saved meanwhile. */
async function restoreDeDe(page: Page, newHref: string): Promise<void> {
  const read = await page.request.get('/api/documents/de-DE');
  const draft = (await read.json()) as { etag: string; text: string };
  const text = draft.text
    .replace('"title": "Zahlarten"', '"title": "Zahlungsmethoden"')
    .replace(`"href": "${newHref}"`, `"href": "${OVERNIGHT}"`);
  if (text === draft.text) return;
  const saved = await page.request.put('/api/documents/de-DE', {
    headers: { 'if-match': draft.etag },
    data: { content: JSON.parse(text) as unknown, message: 'Restore the review spec’s changes' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

test.describe('publish review', () => {
  // Monaco is a lazy ~1 MB chunk and the review resolves every audience: headroom for two workers on one machine.
  test.describe.configure({ timeout: scaled(180_000) });

  test('reports a flag-gated label change and a link change with exactly the audiences that see them', async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page, EDITOR);
    const newHref = `${OVERNIGHT}?review=${Date.now() % 100_000}`;
    try {
      await page.getByRole('link', { name: 'de-DE', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'de-DE' })).toBeVisible({ timeout: scaled(15_000) });
      await page.getByRole('tab', { name: 'JSON view' }).click();
      await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: scaled(45_000) });

      await replaceInJsonView(page, '"title": "Zahlungsmethoden"', '"title": "Zahlarten"');
      await replaceInJsonView(page, `"href": "${OVERNIGHT.replace(/\//g, '\\/')}"`, `"href": "${newHref}"`);
      await page.getByRole('button', { name: 'Save…' }).click();
      const save = page.getByRole('dialog', { name: 'Save de-DE' });
      await save.getByLabel('Change message').fill('Rename Zahlungsmethoden, move the overnight link');
      await save.getByRole('button', { name: 'Save draft' }).click();
      await expect(save).toBeHidden();
      await expect(page.getByRole('status')).toContainText('Saved de-DE');

      await page.getByRole('button', { name: 'Publish…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish de-DE' });
      const label = dialog.getByRole('article', { name: 'Label: Zahlarten (de-DE)' });
      await expect(label).toBeVisible({ timeout: scaled(60_000) });
      await expect(label.getByTestId('change-values')).toHaveText('“Zahlungsmethoden” → “Zahlarten”');
      await expect(label.getByTestId('audience')).toHaveText([
        'de-DE — customer, company — with paymentMethodScreens on',
      ]);

      const link = dialog.getByRole('article', { name: 'Link: Tagesgeld (de-DE)' });
      await expect(link.getByTestId('change-values')).toHaveText(`“${OVERNIGHT}” → “${newHref}”`);
      await expect(link).toContainText('Header (private) › Mein Sparen');
      await expect(link.getByTestId('audience')).toHaveText([
        'de-DE — customer, company — with newDepositsPage on and access HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
      ]);

      // The visual before/after: the published portal and the draft, in the scenario that shows the change.
      await label.getByRole('button', { name: 'Show before and after' }).click();
      const after = dialog.frameLocator('iframe[title^="After: de-DE, customer"]');
      const before = dialog.frameLocator('iframe[title^="Before: de-DE, customer"]');
      await expect(after.getByRole('banner')).toBeVisible({ timeout: scaled(30_000) });
      await expect(before.getByRole('banner')).toBeVisible({ timeout: scaled(30_000) });
      await page.screenshot({ path: 'test-results/screenshots/workflow-review.png' });

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    } finally {
      await restoreDeDe(page, newHref);
    }
    expect(consoleErrors).toEqual([]);
  });
});
