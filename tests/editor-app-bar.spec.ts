/**
 * The editor's app bar on small screens (docs/editor-workspace.md#small-screens): one row at 375 px, with a Menu
 * button holding the links, who is signed in and Sign out; from 1024 px the same bar as ever, everything inline.
 * What the menu must hold is read from the wide bar, so a link added there is checked here too. Read only.
 */
import type { Locator, Page } from '@playwright/test';
import { allowConsoleErrors, EDITOR, signIn } from './support/e2e-session';
import { expect, expectNoSeriousA11yViolations, screenshot, test, VIEWPORTS } from './support/fixtures';
import { scaled } from './support/time-factor';

/** The bar's links and buttons as a person finds them: accessible name, and where a link goes. */
async function controlsOf(scope: Locator): Promise<{ links: [string, string][]; buttons: string[] }> {
  const links: [string, string][] = [];
  for (const link of await scope.getByRole('link').all())
    links.push([(await link.textContent())!.trim(), (await link.getAttribute('href'))!]);
  const buttons = [];
  for (const button of await scope.getByRole('button').all()) buttons.push((await button.textContent())!.trim());
  return { links, buttons };
}

const barHeight = async (page: Page) => (await page.getByRole('banner').boundingBox())!.height;

test.describe('editor: the app bar', () => {
  test.describe.configure({ timeout: scaled(90_000) });

  test('at 375 px it is one row, and its menu holds every link and action of the wide bar, by keyboard too', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await signIn(page, EDITOR);
    const banner = page.getByRole('banner');
    const wide = await controlsOf(banner.getByRole('navigation', { name: 'Main' }));
    expect(wide.links.map(([name]) => name)).toContain('Change sets');
    const user = `${EDITOR.username} (editor)`;
    await expect(banner.getByText(user, { exact: true })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible();

    await page.setViewportSize(VIEWPORTS.mobile);
    for (const path of ['/', '/documents/de-DE']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: scaled(30_000) });
      // One row: about 210 px before, when the links, the search, the user and Sign out wrapped onto three lines.
      expect(await barHeight(page), `app bar height on ${path}`).toBeLessThanOrEqual(64);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.mobile.width,
      );
      await expect(banner.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(banner.getByRole('button', { name: /^Search/ })).toBeVisible();
    }
    await screenshot(page, 'editor-app-bar-375-document');

    // Keyboard: the Menu button opens the panel, Tab walks into it, Escape closes it and gives the focus back.
    const menu = banner.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`[id="${(await menu.getAttribute('aria-controls'))!}"]`);
    const nav = panel.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeVisible();
    expect(await controlsOf(nav)).toEqual(wide);
    await expect(panel.getByText(`Signed in as ${user}`)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: wide.links[0]![0] })).toBeFocused();
    // The panel sits over the page under a one-row bar, inside the screen.
    const box = (await panel.boundingBox())!;
    expect(box.y).toBeLessThanOrEqual(64);
    expect(box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await screenshot(page, 'editor-app-bar-375-menu');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await expect(menu).toBeFocused();

    // Every link works from the menu, and the menu closes behind it.
    for (const [name, href] of wide.links) {
      await menu.click();
      await nav.getByRole('link', { name }).click();
      await expect(page).toHaveURL((url) => url.pathname === href);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: scaled(30_000) });
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
    }
    // A press outside it (below the panel, which covers the top of the page) closes it.
    await menu.click();
    await page.mouse.click(VIEWPORTS.mobile.width / 2, VIEWPORTS.mobile.height - 40);
    await expect(nav).toBeHidden();

    // Sign out, from the menu.
    await menu.click();
    await panel.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    allowConsoleErrors(consoleErrors, /status of 401/);
    expect(consoleErrors).toEqual([]);
  });

  test('from 1024 px it is the one-row bar with everything inline and no menu', async ({ page, consoleErrors }) => {
    for (const width of [1024, VIEWPORTS.desktop.width]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 1024) await signIn(page, EDITOR);
      const banner = page.getByRole('banner');
      expect(await barHeight(page)).toBeLessThanOrEqual(64);
      await expect(
        banner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Change sets' }),
      ).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(banner.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    }
    expect(consoleErrors).toEqual([]);
  });
});
