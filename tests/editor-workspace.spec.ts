/**
 * The editor's workspace as a content manager uses it (docs/editor-workspace.md): the form beside the live
 * preview with a split that is remembered, a Form / Preview toggle on narrow screens, the problems behind
 * their count, breadcrumbs and `?at=` deep links. Nothing here saves: other specs own the published state.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './support/fixtures';
import { EDITOR, signIn } from './support/e2e-session';
import { replaceInJsonView } from './support/json-view';
import { scaled } from './support/time-factor';

async function openDocument(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: scaled(15_000) });
}

const frameOf = (page: Page, id: string) => page.locator(`iframe[title^="Preview of the ${id} draft"]`);

/** The preview has rendered the draft (its status line names it). */
async function previewShowsDraft(page: Page, id: string): Promise<void> {
  await expect(page.getByTestId('preview-versions')).toContainText(`${id} draft`, { timeout: scaled(30_000) });
}

test.describe('editor workspace', () => {
  test.describe.configure({ timeout: scaled(120_000) });

  for (const size of [
    { width: 1440, height: 900 },
    { width: 1280, height: 720 },
  ]) {
    test(`at ${size.width}×${size.height} the preview frame is in view beside the form, and stays there while the page scrolls`, async ({
      page,
      consoleErrors,
    }) => {
      await page.setViewportSize(size);
      await signIn(page, EDITOR);
      await openDocument(page, '/documents/de-DE');
      await previewShowsDraft(page, 'de-DE');
      const form = page.getByRole('region', { name: 'Form view' });
      const frame = frameOf(page, 'de-DE');
      const inView = async () => {
        const f = (await frame.boundingBox())!;
        const e = (await form.boundingBox())!;
        return { beside: f.x >= e.x + e.width - 1, top: f.y, bottom: f.y + f.height };
      };
      const before = await inView();
      expect(before.beside).toBe(true);
      // The frame starts on the first screen, with at least 200 px of it in view.
      expect(before.top).toBeGreaterThanOrEqual(0);
      expect(before.top).toBeLessThan(size.height - 200);
      await page.screenshot({ path: `test-results/screenshots/editor-workspace-${size.width}.png` });

      // Scroll the form (its own scroller, or the page when it has none) far down: the frame stays where it is.
      await form.evaluate((el) => {
        let node: HTMLElement | null = el.querySelector('form');
        while (node && !(node.scrollHeight > node.clientHeight && getComputedStyle(node).overflowY !== 'visible'))
          node = node.parentElement;
        (node ?? document.scrollingElement!).scrollTop += 2000;
      });
      const scrolled = await inView();
      expect(scrolled.top).toBeGreaterThanOrEqual(0);
      expect(scrolled.top).toBeLessThan(size.height - 200);
      // Scroll the page until the workspace meets the top of the window: the whole frame is in view, still beside the form.
      const workspaceTop = (await page.getByTestId('workspace').boundingBox())!.y;
      await page.evaluate((y) => window.scrollBy(0, y), workspaceTop);
      const top = await inView();
      expect(top.beside).toBe(true);
      expect(top.top).toBeGreaterThanOrEqual(0);
      expect(top.bottom).toBeLessThanOrEqual(size.height);
      await expectNoSeriousA11yViolations(page);
      expect(consoleErrors).toEqual([]);
    });
  }

  test('the split resizes from the keyboard and is remembered after a reload', async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, EDITOR);
    await openDocument(page, '/documents/fr-FR');
    const separator = page.getByRole('separator', { name: 'Width of the editor beside the preview' });
    await expect(separator).toBeVisible();
    const before = Number(await separator.getAttribute('aria-valuenow'));
    const formWidth = async () => (await page.getByRole('region', { name: 'Form view' }).boundingBox())!.width;
    const widthBefore = await formWidth();
    await separator.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await separator.getAttribute('aria-valuenow'))).toBeGreaterThan(before);
    const after = Number(await separator.getAttribute('aria-valuenow'));
    expect(await formWidth()).toBeGreaterThan(widthBefore);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'fr-FR' })).toBeVisible({ timeout: scaled(15_000) });
    await expect(separator).toHaveAttribute('aria-valuenow', String(after));
    expect(consoleErrors).toEqual([]);
  });

  test('below 1200 px a Form / Preview toggle shows one at a time', async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await signIn(page, EDITOR);
    await openDocument(page, '/documents/de-DE');
    const toggle = page.getByRole('radiogroup', { name: 'Show the form or the preview' });
    await expect(toggle).toBeVisible();
    await expect(page.getByRole('separator')).toHaveCount(0);
    const form = page.getByRole('region', { name: 'Form view' });
    await expect(form).toBeVisible();
    await expect(frameOf(page, 'de-DE')).toBeHidden();

    await toggle.getByText('Preview', { exact: true }).click();
    await expect(frameOf(page, 'de-DE')).toBeVisible();
    await expect(form).toBeHidden();
    await previewShowsDraft(page, 'de-DE');
    await page.screenshot({ path: 'test-results/screenshots/editor-workspace-1024-preview.png' });
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'test-results/screenshots/editor-workspace-375-preview.png' });
    await toggle.getByText('Form', { exact: true }).click();
    await expect(form).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/editor-workspace-375-form.png' });
    expect(consoleErrors).toEqual([]);
  });

  test('the problems fold behind their count and still go to the place', async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, EDITOR);
    await openDocument(page, '/documents/it-IT');
    await expect(page.getByRole('button', { name: 'No problems' })).toBeVisible();
    await page.getByRole('tab', { name: 'JSON view' }).click();
    await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: scaled(45_000) });
    await replaceInJsonView(page, '"basePath": "/it-it"', '"basePath": 42');
    const count = page.getByRole('button', { name: '1 problem' });
    await expect(count).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('heading', { name: /^Problems \(/ })).toBeHidden();
    await count.click();
    await expect(count).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('heading', { name: 'Problems (1)' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/editor-workspace-problems.png' });
    // Go to: the caret lands on the problem's line (basePath is line 5 of every locale file).
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.getByRole('region', { name: 'Problems' }).getByRole('button').first().click();
    await expect(page.locator('.monaco-editor .active-line-number')).toHaveText('5');
    expect(consoleErrors).toEqual([]);
  });

  test('?at= opens the field, and the breadcrumbs name where it is; a crumb goes back up', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, EDITOR);
    const pointer = '/header/public/navItems/0/subMenus/main/1/title';
    await openDocument(page, `/documents/de-DE?at=${encodeURIComponent(pointer)}`);
    const field = page.locator(`[data-pointer="${pointer}"]`);
    await expect(field).toBeFocused({ timeout: scaled(30_000) });
    const crumbs = page.getByRole('navigation', { name: 'Where you are in the document' });
    await expect(crumbs).toHaveText(/^Header›Sparen›Tagesgeld[^›]*›Title$/);
    await expect(crumbs.getByText('Title')).toHaveAttribute('aria-current', 'page');

    // The crumb of the menu goes to its group (the nearest thing the form shows for an item).
    await crumbs.getByRole('button', { name: 'Sparen' }).click();
    await expect(page.locator(':focus')).toHaveAttribute('data-pointer', /^\/header\/public\/navItems\/0(\/title)?$/);
    await expect(crumbs).toHaveText(/^Header›Sparen/);
    expect(consoleErrors).toEqual([]);
  });

  test('in the JSON view the breadcrumbs follow the caret, and a crumb selects its range', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, EDITOR);
    await openDocument(page, '/documents/de-DE');
    await page.getByRole('tab', { name: 'JSON view' }).click();
    await expect(page.locator('.monaco-editor').first()).toBeVisible({ timeout: scaled(45_000) });
    // Put the caret on the first public menu's title with Monaco's own find.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+F');
    await page.getByRole('textbox', { name: 'Find' }).fill('"title": "Festgeld"');
    await page.keyboard.press('Escape');
    const crumbs = page.getByRole('navigation', { name: 'Where you are in the document' });
    await expect(crumbs).toHaveText(/^Header›Sparen›Festgeld›Title$/);
    await crumbs.getByRole('button', { name: 'Sparen' }).click();
    // The whole menu is selected: Monaco draws the selection over many lines.
    await expect.poll(() => page.locator('.monaco-editor .selected-text').count()).toBeGreaterThan(5);
    await expect(crumbs).toHaveText(/^Header›Sparen$/);
    expect(consoleErrors).toEqual([]);
  });

  test('a deep link that is not a JSON pointer says so and opens the document', async ({ page, consoleErrors }) => {
    await signIn(page, EDITOR);
    await openDocument(page, '/documents/de-DE?at=header.public');
    await expect(page.getByRole('alert')).toContainText('The link’s place “header.public” is not a JSON pointer');
    expect(consoleErrors).toEqual([]);
  });
});
