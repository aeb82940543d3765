import type { Page } from '@playwright/test';
import { expect, openPreview, test, VIEWPORTS } from './support/fixtures';

test.use({ viewport: VIEWPORTS.desktop });

async function openAccountMenu(page: Page) {
  await page
    .getByRole('button', {
      name: /Mein Konto|My account|Mon compte|Mi cuenta|Il mio conto|Mijn account|Moje konto|Oma tili/i,
    })
    .click();
}

test('de-DE customer: payment methods only with paymentMethodScreens; exemption order present', async ({
  page,
  consoleErrors: _,
}) => {
  await openPreview(page, 'locale=de-DE&persona=customer&page=dashboard&flags=paymentMethodScreens');
  await openAccountMenu(page);
  await expect(page.getByRole('link', { name: 'Zahlungsmethoden' })).toHaveAttribute('href', '/de-de/payment-methods');
  await expect(page.getByRole('link', { name: 'Freistellungsauftrag' })).toHaveAttribute(
    'href',
    '/de-de/exemption-order',
  );
  await openPreview(page, 'locale=de-DE&persona=customer&page=dashboard&flags=');
  await openAccountMenu(page);
  await expect(page.getByRole('link', { name: 'Nachrichten' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zahlungsmethoden' })).toHaveCount(0);
});

test('de-AT customer: never payment methods, never the exemption order', async ({ page, consoleErrors: _ }) => {
  await openPreview(page, 'locale=de-AT&persona=customer&page=dashboard&flags=paymentMethodScreens');
  await openAccountMenu(page);
  await expect(page.locator('a[href="/de-at/postbox/messages"]')).toBeVisible();
  await expect(page.locator('a[href="/de-at/payment-methods"]')).toHaveCount(0);
  await expect(page.locator('a[href="/de-at/exemption-order"]')).toHaveCount(0);
});

test('it-IT customer: payment methods always; Italian dashboard paths', async ({ page, consoleErrors: _ }) => {
  await openPreview(page, 'locale=it-IT&persona=customer&page=dashboard&flags=');
  await openAccountMenu(page);
  await expect(page.locator('a[href="/it-it/payment-methods"]')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('desktop-nav').locator('a[href="/it-it/dashboard/savings/term/"]')).toHaveCount(1);
  await expect(page.getByTestId('desktop-nav').locator('a[href*="savingglobal"]')).toHaveCount(0);
});

test('pending activation: reduced account menu and zero total balance', async ({ page, consoleErrors: _ }) => {
  await openPreview(page, 'locale=de-DE&persona=pending&page=dashboard');
  await openAccountMenu(page);
  await expect(page.locator('a[href="/de-de/postbox/messages"]')).toBeVisible();
  await expect(page.locator('a[href="/de-de/documents"]')).toBeVisible();
  await expect(page.locator('a[href="/de-de/user-account"]')).toBeVisible();
  await expect(page.locator('a[href="/de-de/my-details"]')).toHaveCount(0);
  const figures = page.getByTestId('balance-figures').locator('dd');
  await expect(figures.nth(0)).toHaveText(/^0,00\s€$/);
  await expect(figures.nth(1)).toHaveText(/^5\.000,00\s€$/);
});

test('company customer gets the business links', async ({ page, consoleErrors: _ }) => {
  await openPreview(page, 'locale=de-DE&persona=company&page=dashboard');
  await openAccountMenu(page);
  await expect(page.locator('a[href="/de-de/business/tax-information/"]')).toBeVisible();
});

test('deposit menus follow access flags and the new-deposits flag', async ({ page, consoleErrors: _ }) => {
  await openPreview(
    page,
    'locale=de-DE&persona=customer&page=dashboard&flags=newDepositsPage&access=HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
  );
  await page.getByRole('button', { name: 'Mein Sparen', exact: true }).click();
  const nav = page.getByTestId('desktop-nav');
  await expect(nav.locator('a[href="/de-de/dashboard/savings/overnight/"]')).toBeVisible();
  await expect(nav.locator('a[href="/de-de/dashboard/savings/term/"]')).toHaveCount(0);
  await openPreview(page, 'locale=de-DE&persona=customer&page=dashboard&flags=&access=HAS_FIXED_DEPOSIT_ACCOUNT');
  await page.getByRole('button', { name: 'Mein Sparen', exact: true }).click();
  await expect(
    page.getByTestId('desktop-nav').locator('a[href="/de-de/savingglobal/#/MyInvestments/TermDeposit"]'),
  ).toBeVisible();
});

test('partner-referred visitor: no navigation, only login and the partner logo', async ({ page, consoleErrors: _ }) => {
  await openPreview(page, 'locale=de-DE&persona=partner-visitor&page=home');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('img', { name: 'Alvora' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Anmelden' })).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Konto eröffnen' })).toHaveCount(0);
  await expect(banner.getByRole('button', { name: 'Sparen', exact: true })).toHaveCount(0);
});

test('an unknown locale on the login page falls back to the en-US header', async ({ page, consoleErrors: _ }) => {
  await openPreview(page, 'locale=xx-YY&page=login');
  await expect(
    page.getByRole('banner').locator('a[href^="https://app.depona.example/en-us/auth/"]').first(),
  ).toBeVisible();
});

test('plain en on home shows the logo only', async ({ page, consoleErrors: _ }) => {
  await openPreview(page, 'locale=en&page=home');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link').first()).toHaveAttribute('href', '/en/');
  await expect(banner.getByRole('navigation')).toHaveCount(0);
});

test('the corporate header links to My Account at /en/login/', async ({ page, consoleErrors: _ }) => {
  await openPreview(page, 'page=corporate');
  await expect(page.getByRole('banner').getByRole('link', { name: 'My Account' })).toHaveAttribute(
    'href',
    '/en/login/',
  );
});

test('footer v2 by flag; columns hidden by hideFooterLinks; consent link opens the second layer', async ({
  page,
  consoleErrors: _,
}) => {
  await openPreview(page, 'locale=de-DE&flags=footerV2');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toHaveAttribute('data-footer-layout', 'v2');
  await expect(footer.locator('a[href="/de-de/festgeld/"]')).toBeVisible();
  await openPreview(page, 'locale=de-DE&flags=hideFooterLinks');
  await expect(page.getByRole('contentinfo').locator('a[href="/de-de/festgeld/"]')).toHaveCount(0);
  // The local consent-manager adapter records what the real one would do (runtime/tracking).
  const openedCount = () =>
    page.evaluate(
      () =>
        (window as unknown as { __portalShellTracking: { secondLayerOpened: number } }).__portalShellTracking
          .secondLayerOpened,
    );
  const before = await openedCount();
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie-Einstellungen' }).click();
  await expect.poll(openedCount).toBe(before + 1);
  await expect(page).toHaveURL(/\/preview/);
});

test('an unknown parameter value shows a clear message with the valid values', async ({ page, consoleErrors: _ }) => {
  await page.goto('/preview?persona=admin&page=checkout');
  await expect(page.getByRole('heading', { name: 'This preview link has a problem' })).toBeVisible();
  await expect(page.getByText('Unknown persona "admin".')).toBeVisible();
  await expect(page.getByText('Unknown page "checkout".')).toBeVisible();
  await expect(page.getByRole('alert').first()).toContainText('partner-visitor');
});

test('an unknown locale off the login page lists the valid locales', async ({ page, consoleErrors: _ }) => {
  await page.goto('/preview?locale=xx-YY&page=home');
  await expect(page.getByRole('heading', { name: 'This preview link has a problem' })).toBeVisible();
  await expect(page.getByText('Unknown locale "xx-YY".')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('de-DE');
});

test('a locale that is no language tag names the parameter, not the mocks', async ({ page, consoleErrors: _ }) => {
  await page.goto('/preview?locale=de_DE&page=home');
  await expect(page.getByRole('heading', { name: 'This preview link has a problem' })).toBeVisible();
  await expect(page.getByText('locale must be a language tag such as de-DE, got "de_DE".')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('de-DE');
  await expect(page.getByText(/mock service worker/i)).toHaveCount(0);
});

test('the country parameter shows the banner for a known market and names the valid ones otherwise', async ({
  page,
  consoleErrors: _,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
  await openPreview(page, 'locale=de-DE&country=gb');
  await expect(page.getByTestId('country-banner')).toBeVisible();
  // The sentence is German, so the country is too (the market list holds each country's own name).
  await expect(page.getByTestId('country-banner')).toContainText('für dieses Land: Vereinigtes Königreich.');
  // The banner sits above the header but after the skip link, which stays the first stop.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Zum Inhalt springen' })).toBeFocused();
  expect(warnings.filter((w) => w.includes('ignored unknown parameter'))).toEqual([]);
  await page.goto('/preview?locale=de-DE&country=zz');
  await expect(page.getByRole('heading', { name: 'This preview link has a problem' })).toBeVisible();
  await expect(page.getByText('Unknown country "zz": write a market id.')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('gb');
});
