/**
 * The form covers the whole document (docs/editor-form.md): a content manager edits the SEO page title, the
 * consent settings id, a UI string (a wrong placeholder is a problem at its field) and the US contact and
 * app banners in the form, saves, reloads and finds every value there. Documents: it-IT is saved here (other
 * specs only read it, and its values carry a stamp); de-DE is only read (design and axe).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { EDITOR, signIn } from './support/e2e-session';
import { scaled } from './support/time-factor';

async function openForm(page: Page, id: string): Promise<Locator> {
  await page.goto(`/documents/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: id })).toBeVisible({ timeout: scaled(15_000) });
  const form = page.getByRole('form', { name: `${id} form` });
  await expect(form.getByRole('tab', { name: /^Header/ })).toBeVisible({ timeout: scaled(15_000) });
  return form;
}

/** The error text shown under the field whose input is `input`. */
const fieldError = (input: Locator) =>
  input.locator('xpath=ancestor::*[@data-scope="field" and @data-part="root"][1]').locator('[data-part="error-text"]');

test.describe('the form covers the whole document', () => {
  test.describe.configure({ timeout: scaled(240_000) });

  test('content manager: SEO title, consent, a UI string with a wrong placeholder, US contact and app banners; save, reload, all there', async ({
    page,
    consoleErrors,
  }) => {
    const stamp = (Date.now() % 100_000).toString(36);
    await signIn(page, EDITOR);
    let form = await openForm(page, 'it-IT');

    // SEO: the page title, a field generated from the schema (with its limit as help).
    await form.getByRole('tab', { name: /^SEO & tracking/ }).click();
    const metaTitle = form.getByRole('textbox', { name: 'Meta title' });
    await metaTitle.fill(`Conti deposito ${stamp}`);
    await expect(form.getByText('1–70 characters.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Settings id' }).fill(`consent-${stamp}`);

    // UI strings: a translated placeholder is a problem at the field, before any save.
    await form.getByRole('tab', { name: /^UI strings/ }).click();
    const unread = form.getByRole('textbox', { name: 'Unread messages' });
    await unread.fill('{conteggio} messaggi non letti');
    await expect(unread).toHaveAttribute('aria-invalid', 'true');
    await expect(fieldError(unread)).toContainText('{conteggio} is not a placeholder here (this text takes {count})');
    await expect(form.getByRole('tab', { name: /^UI strings \d+ problems?$/ })).toBeVisible();
    await unread.fill(`{count} messaggi non letti ${stamp}`);
    await expect(unread).not.toHaveAttribute('aria-invalid', 'true');

    // Footer: the app banner's title, and a US contact banner added with its required fields.
    await form.getByRole('tab', { name: /^Footer/ }).click();
    const appBanner = form.getByRole('region', { name: 'App banner' });
    await appBanner.getByRole('textbox', { name: 'Title' }).fill(`App Depona ${stamp}`);
    const usBanner = form.getByRole('region', { name: 'US contact banner' });
    if ((await usBanner.count()) === 0) await form.getByRole('button', { name: 'Add US contact banner' }).click();
    await usBanner.getByRole('textbox', { name: 'Availability' }).fill(`Lun–Ven 9–18 ${stamp}`);
    const email = usBanner.getByRole('region', { name: 'Email' });
    await email.getByRole('textbox', { name: 'Address' }).fill('aiuto@example.com');
    await email.getByRole('textbox', { name: 'Link text' }).fill('Scrivici');
    const phone = usBanner.getByRole('region', { name: 'Phone' });
    await phone.getByRole('textbox', { name: 'Number' }).fill('+39 02 1234 5678');
    await phone.getByRole('textbox', { name: 'Link text' }).fill('Chiamaci');
    await page.screenshot({ path: 'test-results/screenshots/editor-form-footer.png' });

    await page.getByRole('button', { name: 'Save…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save it-IT' });
    await dialog.getByLabel('Change message').fill(`SEO, consent, strings and banners from the form ${stamp}`);
    await dialog.getByRole('button', { name: 'Save draft' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Saved it-IT' })).toBeVisible();

    await page.reload();
    form = await openForm(page, 'it-IT');
    await form.getByRole('tab', { name: /^SEO & tracking/ }).click();
    await expect(form.getByRole('textbox', { name: 'Meta title' })).toHaveValue(`Conti deposito ${stamp}`);
    await expect(form.getByRole('textbox', { name: 'Settings id' })).toHaveValue(`consent-${stamp}`);
    await form.getByRole('tab', { name: /^UI strings/ }).click();
    await expect(form.getByRole('textbox', { name: 'Unread messages' })).toHaveValue(
      `{count} messaggi non letti ${stamp}`,
    );
    await form.getByRole('tab', { name: /^Footer/ }).click();
    await expect(form.getByRole('region', { name: 'App banner' }).getByRole('textbox', { name: 'Title' })).toHaveValue(
      `App Depona ${stamp}`,
    );
    await expect(
      form.getByRole('region', { name: 'US contact banner' }).getByRole('textbox', { name: 'Availability' }),
    ).toHaveValue(`Lun–Ven 9–18 ${stamp}`);
    expect(consoleErrors).toEqual([]);
  });

  test('design: master and detail lists with labelled icon buttons, three levels at most, axe clean', async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page, EDITOR);
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 1280, height: 720 },
    ]) {
      await page.setViewportSize(viewport);
      const form = await openForm(page, 'de-DE');
      await form.getByRole('button', { name: /^Public header/ }).click();
      await form.getByRole('button', { name: /^Sparen/, expanded: false }).click();
      const item = form.getByRole('group', { name: /^Sparen/ });
      await item.getByRole('button', { name: /^Festgeld/, expanded: false }).click();
      await expect(item.getByRole('group', { name: /^Festgeld/ }).getByRole('textbox', { name: 'Title' })).toHaveValue(
        /Festgeld/,
      );
      // Icon buttons, named for what they do to which item; no glyphs as text.
      await expect(form.getByRole('button', { name: 'Move Sparen down' })).toBeVisible();
      await expect(form.getByRole('button', { name: 'Drag Sparen to reorder' })).toBeVisible();
      await expect(form.getByRole('button', { name: 'Remove Sparen' })).toBeVisible();
      await expect(form.getByText(/[⠿↑↓✕]/)).toHaveCount(0);
      const depth = await form.evaluate((root) =>
        Math.max(
          0,
          ...[...root.querySelectorAll('[data-form-level]')].map((el) => {
            let levels = 0;
            for (let node: Element | null = el; node; node = node.parentElement?.closest('[data-form-level]') ?? null)
              levels++;
            return levels;
          }),
        ),
      );
      expect(depth).toBe(3);
      await page.screenshot({ path: `test-results/screenshots/editor-form-${viewport.width}.png` });
      // axe is slow on the whole page (with the preview frame): once per part, at one size.
      if (viewport.width === 1440) await expectNoSeriousA11yViolations(page);
      for (const tab of [/^UI strings/, /^Footer/]) {
        await form.getByRole('tab', { name: tab }).click();
        if (viewport.width === 1440) await expectNoSeriousA11yViolations(page);
        await page.screenshot({
          path: `test-results/screenshots/editor-form-${tab.source.replace(/\W/g, '')}-${viewport.width}.png`,
        });
      }
    }
    expect(consoleErrors).toEqual([]);
  });
});
