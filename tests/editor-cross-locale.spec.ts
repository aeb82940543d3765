import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { allowConsoleErrors, EDITOR, signIn, VIEWER } from './support/e2e-session';
import { scaled } from './support/time-factor';

/**
 * The cross-locale table (docs/editor-cross-locale.md) as a content manager uses it: pick an item, rename it in
 * three locales, save (one draft per locale, each with its own If-Match); a conflict in one locale opens its
 * merge while the others save; missing, untranslated and too-long labels are flagged.
 *
 * The saves edit de-AT, de-CH and en-US, which no other spec of the main server saves; the tests of this file run
 * one after the other, so they never race each other for the same drafts.
 */
const LOCALES = ['de-AT', 'de-CH', 'en-US'] as const;

interface Draft {
  version: number;
  etag: string;
  text: string;
  message: string;
  content: unknown;
}

async function draftOf(page: Page, id: string): Promise<Draft> {
  const response = await page.request.get(`/api/documents/${id}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Draft;
}

/** Picks items in the combobox as a person would: type, choose the option, close the list. */
async function pickItem(page: Page, id: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Items to compare' });
  await box.fill(id);
  await page.getByRole('option', { name: new RegExp(`^${id} `) }).click();
  await page.keyboard.press('Escape');
}

const labelInput = (page: Page, item: string, locale: string) =>
  page.getByRole('textbox', { name: `Label of "${item}" in ${locale}` });

test.describe('editor: cross-locale table', () => {
  test.describe.configure({ mode: 'default', timeout: scaled(120_000) });

  test('rename an item in 3 locales from the cross-locale table, then save', async ({ page, consoleErrors }) => {
    const stamp = `${Date.now() % 100_000}`;
    await signIn(page, EDITOR);
    await page.goto('/items');
    await expect(page.getByRole('heading', { level: 1, name: 'Items across locales' })).toBeVisible();
    await pickItem(page, 'login');
    await expect(page).toHaveURL(/\/items\/login$/);
    const table = page.getByRole('table', { name: 'Items across locales' });
    // One row per registry locale: the 13 locale configs.
    await expect(page.getByTestId('item-group-login').getByRole('row')).toHaveCount(1 + 13);

    const before = Object.fromEntries(
      await Promise.all(LOCALES.map(async (id) => [id, await draftOf(page, id)] as const)),
    );
    const renamed = { 'de-AT': `Einloggen ${stamp}`, 'de-CH': `Login ${stamp}`, 'en-US': `Sign in ${stamp}` } as const;
    for (const id of LOCALES) await labelInput(page, 'login', id).fill(renamed[id]);
    await expect(table.locator('[data-edited]')).toHaveCount(3);
    await expect(page.getByText('Unsaved edits in de-AT, de-CH, en-US')).toBeVisible();
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `test-results/screenshots/cross-locale-edits-${width}.png` });
    }

    await page.getByRole('textbox', { name: 'Change message' }).fill(`Rename login ${stamp}`);
    await page.getByRole('button', { name: 'Save 3 locales' }).click();

    const results = page.getByRole('region', { name: 'Save results' });
    for (const id of LOCALES) {
      await expect(results.getByTestId(`result-${id}`)).toHaveText(
        new RegExp(`\\(${id}\\): saved as version ${before[id]!.version + 1}$`),
      );
      // Three new draft versions, one per locale, each with the label and the change message.
      const after = await draftOf(page, id);
      expect(after.version).toBe(before[id]!.version + 1);
      expect(after.message).toBe(`Rename login ${stamp}`);
      expect(after.text).toContain(`"title": "${renamed[id]}"`);
      // The table now shows the saved value, no longer as an edit.
      await expect(labelInput(page, 'login', id)).toHaveValue(renamed[id]);
    }
    await expect(table.locator('[data-edited]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    // No other locale was written.
    expect((await draftOf(page, 'de-DE')).text).not.toContain(stamp);

    await expectNoSeriousA11yViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: 'test-results/screenshots/cross-locale-saved-1440.png' });
    expect(consoleErrors).toEqual([]);
  });

  test('a conflict in one locale opens its merge, keeps the edit there, and the other two are saved', async ({
    page,
    consoleErrors,
  }) => {
    const stamp = `${Date.now() % 100_000}`;
    await signIn(page, EDITOR);
    await page.goto('/items/register');
    await expect(page.getByTestId('item-group-register').getByRole('row')).toHaveCount(1 + 13);
    const before = Object.fromEntries(
      await Promise.all(LOCALES.map(async (id) => [id, await draftOf(page, id)] as const)),
    );
    const mine = {
      'de-AT': `Konto anlegen ${stamp}`,
      'de-CH': `Konto erstellen ${stamp}`,
      'en-US': `Sign up ${stamp}`,
    } as const;
    for (const id of LOCALES) await labelInput(page, 'register', id).fill(mine[id]);

    // Meanwhile someone saves de-CH with another label for the same button.
    const theirsLabel = `Jetzt registrieren ${stamp}`;
    const chText = before['de-CH']!.text.replace(/("id": "register",\s*"title": ")[^"]*"/, `$1${theirsLabel}"`);
    expect(chText).not.toBe(before['de-CH']!.text);
    const concurrent = await page.request.put('/api/documents/de-CH', {
      headers: { 'if-match': before['de-CH']!.etag },
      data: { content: JSON.parse(chText) as unknown, message: 'Concurrent rename' },
    });
    expect(concurrent.status(), await concurrent.text()).toBe(200);

    await page.getByRole('button', { name: 'Save 3 locales' }).click();
    const results = page.getByRole('region', { name: 'Save results' });
    await expect(results.getByTestId('result-de-AT')).toContainText(`saved as version ${before['de-AT']!.version + 1}`);
    await expect(results.getByTestId('result-en-US')).toContainText(`saved as version ${before['en-US']!.version + 1}`);
    await expect(results.getByTestId('result-de-CH')).toContainText(
      `not saved: version ${before['de-CH']!.version + 1} by content-manager was saved meanwhile. Your edit is kept`,
    );
    expect((await draftOf(page, 'de-AT')).text).toContain(`"title": "${mine['de-AT']}"`);
    expect((await draftOf(page, 'en-US')).text).toContain(`"title": "${mine['en-US']}"`);

    // de-CH keeps my edit (shown, locked until merged) and its merge is open with the one real conflict.
    await expect(labelInput(page, 'register', 'de-CH')).toHaveValue(mine['de-CH']);
    await expect(page.getByTestId('row-register-de-CH')).toContainText('Edit kept until merged');
    const merge = page.getByRole('region', {
      name: new RegExp(`Merge your changes with version ${before['de-CH']!.version + 1} by content-manager`),
    });
    await expect(merge).toBeVisible({ timeout: scaled(20_000) });
    const conflict = merge.getByRole('radiogroup', { name: /register › title/ });
    await expect(conflict).toContainText(theirsLabel);
    // Chromium logs the refused save (412) as a failed load; it is the conflict this test makes.
    allowConsoleErrors(consoleErrors, /status of 412/);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: 'test-results/screenshots/cross-locale-conflict-1440.png', fullPage: true });

    await conflict.getByText(`Keep mine: "${mine['de-CH']}"`).click();
    await merge.getByRole('button', { name: 'Save merged' }).click();
    await expect(results.getByTestId('result-de-CH')).toHaveText(
      new RegExp(`merged and saved as version ${before['de-CH']!.version + 2}$`),
      { timeout: scaled(15_000) },
    );
    await expect(merge).toHaveCount(0);
    const ch = await draftOf(page, 'de-CH');
    expect(ch.version).toBe(before['de-CH']!.version + 2);
    expect(ch.text).toContain(`"title": "${mine['de-CH']}"`);
    await expect(labelInput(page, 'register', 'de-CH')).toHaveValue(mine['de-CH']);
    await expect(page.getByTestId('row-register-de-CH').locator('[data-edited]')).toHaveCount(0);

    allowConsoleErrors(consoleErrors, /status of 412/);
    expect(consoleErrors).toEqual([]);
  });

  test('missing, untranslated and too-long labels are flagged, an invalid link is not sent, and cells link to their field', async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page, EDITOR);
    await page.goto('/items/festgeld,freistellungsauftrag-uebersicht,login');
    // festgeld exists only in the German-speaking locales.
    const festgeld = page.getByTestId('item-group-festgeld');
    await expect(festgeld.getByRole('row').first()).toContainText('in 3 of 13 locales · 10 missing');
    await expect(page.getByTestId('row-festgeld-en-GB').locator('[data-flag="missing"]')).toContainText(
      'en-GB has no item with the id "festgeld"',
    );
    await expect(festgeld.locator('[data-flag="missing"]')).toHaveCount(10);
    // The audience lint's 375 px budget for an avatar-menu entry.
    await expect(
      page.getByTestId('row-freistellungsauftrag-uebersicht-de-DE').locator('[data-flag="too-long"]'),
    ).toContainText('may not fit on one line at 375 px');

    // An English label in a German locale is flagged as it is typed; English locales are not.
    const atLogin = page.getByTestId('row-login-de-AT');
    await expect(atLogin.locator('[data-flag]')).toHaveCount(0);
    await labelInput(page, 'login', 'de-AT').fill('Log in');
    await expect(atLogin.locator('[data-flag="untranslated"]')).toContainText('is the same as in en-GB');
    await expect(page.getByTestId('row-login-en-IE').locator('[data-flag]')).toHaveCount(0);

    // The same row's link, made unsafe: the validator refuses it before anything is sent.
    const atBefore = await draftOf(page, 'de-AT');
    await page.getByRole('textbox', { name: 'Link of "login" in de-AT' }).fill('//evil.example/login');
    await page.getByRole('button', { name: 'Save 1 locale' }).click();
    const result = page.getByRole('region', { name: 'Save results' }).getByTestId('result-de-AT');
    await expect(result).toContainText('not sent: the validator found');
    await expect(result).toContainText('/header/public/actionItems/0/href');
    expect((await draftOf(page, 'de-AT')).version).toBe(atBefore.version);
    await expect(labelInput(page, 'login', 'de-AT')).toHaveValue('Log in');

    // The pointer still rests on Save, whose hover shade axe would measure instead of the button's own.
    await page.mouse.move(0, 0);
    // Each cell opens its field in the document (the shared ?at= link).
    await expect(page.getByRole('link', { name: 'Open in editor for the label of "login" in de-AT' })).toHaveAttribute(
      'href',
      `/documents/de-AT?at=${encodeURIComponent('/header/public/actionItems/0/title')}`,
    );
    await expectNoSeriousA11yViolations(page);
    for (const [width, height] of [
      [1280, 720],
      [1440, 900],
      [375, 812],
    ] as const) {
      await page.setViewportSize({ width, height });
      // From the second group on: the flags of the too-long and the untranslated label.
      await page.evaluate(() =>
        window.scrollTo(
          0,
          document.querySelector('[data-testid="item-group-freistellungsauftrag-uebersicht"]')!.getBoundingClientRect()
            .top +
            window.scrollY -
            8,
        ),
      );
      await page.screenshot({ path: `test-results/screenshots/cross-locale-flags-${width}.png` });
    }
    expect(consoleErrors).toEqual([]);
  });

  test('an unknown id says so; a viewer sees the table read-only with no save', async ({ page, consoleErrors }) => {
    await signIn(page, VIEWER);
    await page.goto('/items/no-such-item,login');
    await expect(page.getByText('No locale draft has an item with the id "no-such-item"')).toBeVisible();
    await expect(labelInput(page, 'login', 'de-AT')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await expect(page.getByText('You are signed in as a viewer: the table is read-only.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(consoleErrors).toEqual([]);
  });
});
