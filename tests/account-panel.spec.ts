import type { Locator, Page } from '@playwright/test';
import { expect, openPreview, test } from './support/fixtures';

/**
 * What customers trip over in the account menu and around it in /preview: logout out of sight, the copy
 * confirmation moving the IBAN, the consent-settings link doing nothing visible, pensionLogout going nowhere new.
 */

/** The longest account panel: de-DE with payment methods and the account-switch list. */
const LONGEST_PANEL =
  'locale=de-DE&persona=customer&page=dashboard&flags=paymentMethodScreens,accountSwitch&data=switchable-accounts';

async function openAccountPanel(page: Page, query: string): Promise<Locator> {
  await openPreview(page, query);
  await page.getByTestId('avatar-button').click();
  const panel = page.getByTestId('account-panel');
  await expect(panel.getByTestId('customer-name')).toBeVisible();
  // Measured once the balance has answered: its placeholder gives way to the figures (docs/rules.md#customer-panel).
  await expect(panel.getByTestId('balance-figures')).toBeVisible();
  return panel;
}

for (const height of [800, 600]) {
  test(`1280 × ${height}: logout is on screen in the open account panel with the account switch, without scrolling`, async ({
    page,
    consoleErrors: _,
  }) => {
    await page.setViewportSize({ width: 1280, height });
    const panel = await openAccountPanel(page, LONGEST_PANEL);
    await expect(panel.getByRole('list', { name: 'Konto wechseln' })).toBeAttached();
    const logout = panel.getByRole('button', { name: 'Abmelden' });
    // Read before anything could scroll it into view (a click or a visibility check with scrolling would).
    const [logoutBox, panelBox] = await Promise.all([logout.boundingBox(), panel.boundingBox()]);
    expect(logoutBox && panelBox).toBeTruthy();
    expect(panelBox!.y + panelBox!.height, 'the panel ends inside the window').toBeLessThanOrEqual(height);
    expect(logoutBox!.y, 'logout starts inside the panel').toBeGreaterThanOrEqual(panelBox!.y);
    expect(logoutBox!.y + logoutBox!.height, 'logout ends inside the panel').toBeLessThanOrEqual(
      panelBox!.y + panelBox!.height,
    );
    // Inside the panel's visible area: no scroll container between the panel and logout clips it.
    expect(
      await logout.evaluate((button) => {
        const box = button.getBoundingClientRect();
        for (let el = button.parentElement; el && el.dataset.testid !== 'account-panel'; el = el.parentElement) {
          const clip = el.getBoundingClientRect();
          if (getComputedStyle(el).overflowY !== 'visible' && (box.top < clip.top || box.bottom > clip.bottom))
            return false;
        }
        return true;
      }),
    ).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // What does not fit scrolls above logout: the switch list is still reachable.
    const body = panel.getByTestId('account-panel-body');
    await body.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(panel.getByRole('list', { name: 'Konto wechseln' })).toBeInViewport();
    await logout.click();
    await expect(page).toHaveURL(/page=login/);
  });
}

test('copying the IBAN changes the size of nothing in its row', async ({ page, context, consoleErrors: _ }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 800 });
  const panel = await openAccountPanel(page, LONGEST_PANEL);
  // The IBAN's description-list value: the IBAN, the confirmation's live region and the copy button.
  const row = panel.getByRole('definition').filter({ hasText: 'DE89 3704 0044 0532 0130 00' });
  const value = row.getByText('DE89 3704 0044 0532 0130 00');
  const boxes = () => Promise.all([row.boundingBox(), value.boundingBox(), panel.boundingBox()]);
  // Measured once the panel's opening transition has ended: in one CI run it was still 0.06 px from its place.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
  const before = await boxes();
  await row.getByRole('button', { name: 'IBAN kopieren' }).click();
  await expect(panel.getByTestId('copied-iban')).toHaveText('Kopiert');
  expect(await boxes()).toEqual(before);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('DE89370400440532013000');
});

test('the consent-settings link opens the consent manager’s stand-in; saving updates consent, Escape returns focus', async ({
  page,
  consoleErrors: _,
}) => {
  await openPreview(page, 'locale=de-DE&persona=visitor&page=home');
  await expect(page.getByRole('region', { name: 'Seiteninhalt' })).toBeVisible();
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Cookie-Einstellungen' });
  await link.click();
  const dialog = page.getByRole('dialog', { name: 'Privacy settings' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('switch', { name: /Analytics/ }).check();
  await dialog.getByRole('button', { name: 'Save choices' }).click();
  await expect(dialog).toHaveCount(0);
  const commands = () =>
    page.evaluate(() =>
      window.__portalShellTracking?.consentCommands
        .filter((command) => command[1] === 'update')
        .map((command) => command[2]),
    );
  await expect
    .poll(commands)
    .toEqual([
      { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);

  await link.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('switch', { name: /Analytics/ })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(link).toBeFocused();
  expect(await commands()).toHaveLength(1);
});

test('with pensionLogout, logout leaves for the pension provider’s logout page', async ({ page, consoleErrors: _ }) => {
  await page.route('https://pension.portal-shell.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Pension logout</title>' }),
  );
  const panel = await openAccountPanel(page, 'locale=de-DE&persona=customer&page=dashboard&flags=pensionLogout');
  await panel.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL('https://pension.portal-shell.example/logout');
});
