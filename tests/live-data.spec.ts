import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { scaled } from './support/time-factor';

/** Live data, session and tracking through the real data layer on /preview (mocks answer every call). */
type Recorded = {
  events: { event: { event_name: string; description?: string | null; custom_attribute_1?: string | null } }[];
};
/** The events the local collector received (runtime/tracking/local-recorder.ts: each is `{ event, identity }`). */
const tracked = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __portalShellTracking?: Recorded }).__portalShellTracking?.events.map(({ event }) => ({
        name: event.event_name,
        description: event.description,
        attr1: event.custom_attribute_1,
      })) ?? [],
  );

test.describe('forced redirects', () => {
  test('missing reference IBAN: the dashboard redirects to the reference-account page and tracks it', async ({
    page,
    consoleErrors: _,
  }) => {
    await page.goto('/preview?locale=de-DE&persona=customer&data=missing-iban&page=dashboard');
    await expect(page).toHaveURL(/page=reference-account/);
    await expect(page.getByRole('main')).toContainText('reference-account');
    await expect
      .poll(() => tracked(page))
      .toContainEqual({
        name: 'forced_redirect',
        description: 'reference-account',
        attr1: '/de-de/reference-account/',
      });
  });

  test('priority: a UK customer with expired validity and no financial info goes to financial information', async ({
    page,
    consoleErrors: _,
  }) => {
    await page.goto('/preview?locale=en-GB&persona=customer&data=uk-missing-financial-info,cdvc-expired&page=home');
    await expect(page).toHaveURL(/page=financial-info/);
  });

  test('expired data validity goes to CDVC; exempt pages stay', async ({ page, consoleErrors: _ }) => {
    await page.goto('/preview?locale=fr-FR&persona=customer&data=cdvc-expired&page=dashboard');
    await expect(page).toHaveURL(/page=cdvc/);
    // An exempt page with the private header: the customer loads (avatar shown) and the page stays.
    await page.goto('/preview?locale=fr-FR&persona=customer&data=cdvc-expired&page=financial-info');
    await expect(page.getByTestId('avatar-button')).toBeVisible();
    await expect(page).toHaveURL(/page=financial-info/);
    // The login page has its own header without customer data; it must not redirect either.
    await page.goto('/preview?locale=fr-FR&persona=customer&data=cdvc-expired&page=login');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.__portalShellMocks?.requests.length ?? 0)).toBeGreaterThan(0);
    await expect(page).toHaveURL(/page=login/);
    expect((await tracked(page)).map((e) => e.name)).not.toContain('forced_redirect');
  });
});

test.describe('session countdown', () => {
  test('shows at ≤ 120 s idle-remaining, extends on request and confirms for 5 s', async ({
    page,
    consoleErrors: _,
  }) => {
    await page.goto('/preview?locale=de-DE&persona=customer&page=dashboard&session=123');
    const countdown = page.getByTestId('session-countdown');
    await expect(countdown).toBeVisible({ timeout: scaled(10_000) });
    await expect(countdown).toContainText('Ihre Sitzung läuft bald ab');
    await expect(countdown).toContainText(/in (1:5\d|2:00|1:\d\d)/);
    await countdown.getByRole('button', { name: 'Angemeldet bleiben' }).click();
    await expect(page.getByTestId('session-extended')).toHaveText('Ihre Sitzung wurde verlängert.');
    await expect(countdown).toHaveCount(0);
    await expect(page.getByTestId('session-extended')).toHaveCount(0, { timeout: scaled(8000) });
    await expect
      .poll(() => tracked(page).then((events) => events.map((e) => e.name)))
      .toEqual(expect.arrayContaining(['session_countdown_shown', 'session_extended_manually']));
  });

  test('at 0 the session expires: data cleared, logged out to the login page', async ({ page, consoleErrors: _ }) => {
    await page.goto('/preview?locale=de-DE&persona=customer&page=dashboard&session=4');
    await expect(page).toHaveURL(/page=login/, { timeout: scaled(15_000) });
    await expect(page.getByTestId('avatar-button')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    await expect.poll(() => tracked(page).then((events) => events.map((e) => e.name))).toContain('session_expired');
  });

  test('a visitor has no countdown', async ({ page, consoleErrors: _ }) => {
    await page.goto('/preview?locale=de-DE&persona=visitor&page=home&session=4');
    await expect(page.getByRole('banner')).toBeVisible();
    await page.waitForTimeout(5000);
    await expect(page.getByTestId('session-countdown')).toHaveCount(0);
    await expect(page).toHaveURL(/page=home/);
  });
});

test('account switch: choosing an account switches by customer id and reloads the header for it', async ({
  page,
  consoleErrors: _,
}) => {
  await page.goto(
    '/preview?locale=de-DE&persona=customer&page=dashboard&data=switchable-accounts&flags=newDashboard,userManagementService,accountSwitch',
  );
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // The switch remounts the shell for the other customer; its footer must not vanish while that header loads.
  await page.evaluate(() => {
    const flag = window as unknown as { __footerGone?: boolean };
    flag.__footerGone = false;
    new MutationObserver(() => {
      if (!document.querySelector('footer')) flag.__footerGone = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByTestId('avatar-button').click();
  await page.getByRole('button', { name: /Gemeinschaftskonto/ }).click();
  await page.getByTestId('avatar-button').click();
  await expect(page.getByTestId('customer-name')).toContainText('Gemeinschaftskonto');
  expect(await page.evaluate(() => (window as unknown as { __footerGone?: boolean }).__footerGone)).toBe(false);
});

test('logout succeeds through the user-management service and is tracked', async ({ page, consoleErrors: _ }) => {
  await page.goto('/preview?locale=de-DE&persona=customer&page=dashboard');
  await page.getByTestId('avatar-button').click();
  await page.getByTestId('account-panel').getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/page=login/);
  await expect.poll(() => tracked(page).then((events) => events.map((e) => e.name))).toContain('logout_succeeded');
  const calls = await page.evaluate(() => window.__portalShellMocks?.requests.map((r) => r.endpoint));
  expect(calls).toContain('logout');
});
