import { expect, openPreview, test, VIEWPORTS } from './support/fixtures';
import { scaled } from './support/time-factor';

test.describe('desktop dropdowns (WAI-ARIA disclosure navigation) at 1280 px', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('only one dropdown is open at a time; links are real hrefs with the base path', async ({
    page,
    consoleErrors: _,
  }) => {
    await openPreview(page, 'locale=de-DE&persona=visitor&page=home');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    const sparen = nav.getByRole('button', { name: 'Sparen', exact: true });
    const anlegen = nav.getByRole('button', { name: 'Anlegen', exact: true });
    await expect(sparen).toHaveAttribute('aria-expanded', 'false');
    await sparen.click();
    await expect(sparen).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: /^Festgeld/ })).toHaveAttribute('href', '/de-de/festgeld/');
    await anlegen.click();
    await expect(anlegen).toHaveAttribute('aria-expanded', 'true');
    await expect(sparen).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: /^Festgeld/ })).toBeHidden();
  });

  test('Escape closes the dropdown and returns focus to its button', async ({ page, consoleErrors: _ }) => {
    await openPreview(page, 'locale=de-DE&persona=visitor&page=home');
    const sparen = page.getByRole('button', { name: 'Sparen', exact: true });
    await sparen.click();
    await page
      .getByTestId('desktop-nav')
      .getByRole('link', { name: /^Festgeld/ })
      .focus();
    await page.keyboard.press('Escape');
    await expect(sparen).toHaveAttribute('aria-expanded', 'false');
    await expect(sparen).toBeFocused();
  });

  test('a click outside closes the dropdown', async ({ page, consoleErrors: _ }) => {
    await openPreview(page, 'locale=de-DE&persona=visitor&page=home');
    const sparen = page.getByRole('button', { name: 'Sparen', exact: true });
    await sparen.click();
    // Far left of the footer: outside the dropdown panel, which may cover the page body.
    await page.getByRole('contentinfo').click({ position: { x: 4, y: 4 } });
    await expect(sparen).toHaveAttribute('aria-expanded', 'false');
  });

  test('focus leaving the dropdown closes it', async ({ page, consoleErrors: _ }) => {
    await openPreview(page, 'locale=de-DE&persona=visitor&page=home');
    const sparen = page.getByRole('button', { name: 'Sparen', exact: true });
    await sparen.click();
    await expect(sparen).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('link', { name: 'Anmelden' }).first().focus();
    await expect(sparen).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('desktop dropdowns stay on screen', () => {
  // The widest dropdowns (872 px) hang from triggers near the middle of the bar: before they were kept inside
  // the viewport, de-DE's info menu started at x = -291 at 1280 px and pl-PL's offers ran to x = 1198 at 1024 px.
  for (const width of [1024, 1280, 1440]) {
    for (const query of [
      'locale=de-DE&persona=visitor&page=home',
      'locale=pl-PL&persona=customer&page=dashboard',
      'locale=en-GB&persona=customer&page=dashboard',
    ]) {
      test(`${width} px, ${query.split('&').slice(0, 2).join(' ')}: every open dropdown lies inside the screen`, async ({
        page,
        consoleErrors: _,
      }) => {
        await page.setViewportSize({ width, height: 900 });
        await openPreview(page, query);
        const buttons = page.getByTestId('desktop-nav').locator('button[aria-controls]');
        const count = await buttons.count();
        expect(count).toBeGreaterThan(0);
        for (let index = 0; index < count; index++) {
          const button = buttons.nth(index);
          await button.click();
          const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
          await expect(panel).toBeVisible();
          await expect(async () => {
            const box = (await panel.boundingBox())!;
            expect(box.x).toBeGreaterThanOrEqual(16);
            expect(box.x + box.width).toBeLessThanOrEqual(width - 16);
          }).toPass({ timeout: scaled(2000) });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await page.keyboard.press('Escape');
          await expect(panel).toBeHidden();
        }
      });
    }
  }
});

test.describe('below the large breakpoint', () => {
  for (const [name, viewport] of [
    ['375', VIEWPORTS.mobile],
    ['768', VIEWPORTS.tablet],
  ] as const) {
    test(`${name} px: the menu button toggles a slide-down panel and locks body scrolling`, async ({
      page,
      consoleErrors: _,
    }) => {
      await page.setViewportSize(viewport);
      await openPreview(page, 'locale=de-DE&persona=visitor&page=home');
      const toggle = page.getByRole('button', { name: 'Menü öffnen' });
      await expect(toggle).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      await toggle.click();
      const close = page.getByRole('button', { name: 'Menü schließen' });
      await expect(close).toHaveAttribute('aria-expanded', 'true');
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      await close.click();
      await expect(page.getByRole('button', { name: 'Menü öffnen' })).toHaveAttribute('aria-expanded', 'false');
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    });
  }

  test('375 px: with the menu open, Tab never reaches the page behind the menu', async ({ page, consoleErrors: _ }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await openPreview(page, 'locale=de-DE&persona=customer&page=dashboard');
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const panel = page.getByTestId('mobile-menu-panel');
    await expect(panel.getByRole('button', { name: /Hilfe/ })).toBeVisible();
    const outside: string[] = [];
    for (let press = 0; press < 25; press++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        // What comes before the header (the skip link) is above the panel, not behind it.
        const active = document.activeElement;
        const header = document.querySelector('header')!;
        if (!active || active === document.body || header.contains(active)) return 'header or before';
        const behind = (header.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
        return behind ? `outside: ${active.textContent?.trim().slice(0, 40)}` : 'header or before';
      });
      if (where.startsWith('outside')) outside.push(where);
    }
    expect(outside).toEqual([]);
    // Closed again, the page behind is reachable as before.
    await page.getByRole('button', { name: 'Menü schließen' }).click();
    expect(await page.locator('[inert]').count()).toBe(0);
  });

  test('375 px: a fixed bottom action bar carries login and registration', async ({ page, consoleErrors: _ }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await openPreview(page, 'locale=de-DE&persona=visitor&page=home');
    const bar = page.getByTestId('action-bar');
    await expect(bar).toBeVisible();
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    const box = await bar.boundingBox();
    expect(box!.y + box!.height).toBeGreaterThan(VIEWPORTS.mobile.height - 2);
    await expect(bar.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/de-de/login/');
  });

  test('375 px: the integrated header places the action bar at the top', async ({ page, consoleErrors: _ }) => {
    await page.setViewportSize(VIEWPORTS.mobile);
    await openPreview(page, 'locale=de-DE&persona=visitor&page=integrated');
    const bar = page.getByTestId('action-bar');
    await expect(bar).toBeVisible();
    const box = await bar.boundingBox();
    expect(box!.y).toBeLessThan(200);
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveCount(0);
  });

  for (const width of [320, 375, 414, 768, 1280]) {
    test(`${width} px: the open account menu lies inside the screen, 1rem or more from each edge`, async ({
      page,
      consoleErrors: _,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await openPreview(page, 'locale=de-DE&persona=customer&page=dashboard');
      await page.getByTestId('avatar-button').click();
      const panel = page.getByTestId('account-panel');
      await expect(panel.getByRole('button', { name: 'Abmelden' })).toBeVisible();
      // Copy buttons are named in German word order from the config's "{label} kopieren".
      await expect(panel.getByRole('button', { name: 'IBAN kopieren' })).toBeVisible();
      const box = (await panel.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(16);
      expect(box.x + box.width).toBeLessThanOrEqual(width - 16);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Nothing inside spills out of its box either: the balances wrap rather than overflow on narrow screens.
      const spills = await panel.evaluate((root) => {
        const figures = root.querySelector('[data-testid="balance-figures"]')!.getBoundingClientRect();
        return [...root.querySelectorAll('[data-testid="balance-figures"] dd, [data-testid="balance-figures"] dt')]
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.left < figures.left || r.right > figures.right).length;
      });
      expect(spills).toBe(0);
      // A long identifier wraps between its groups ("DE89 3704 …"), never inside one.
      const breaksInsideGroups = await panel.evaluate((root) => {
        const value = [...root.querySelectorAll('dd span')].find((el) => /^[A-Z]{2}\d\d /.test(el.textContent ?? ''))!;
        const text = value.firstChild!;
        const tops = [...(text.textContent ?? '')].map((_, i) => {
          const range = document.createRange();
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          return Math.round(range.getBoundingClientRect().top);
        });
        const chars = [...(text.textContent ?? '')];
        return tops.filter((top, i) => i > 0 && top > tops[i - 1]! && chars[i - 1] !== ' ' && chars[i] !== ' ').length;
      });
      expect(breaksInsideGroups).toBe(0);
    });
  }

  test('1280 px: desktop navigation shows and the menu button is gone', async ({ page, consoleErrors: _ }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await openPreview(page, 'locale=de-DE&persona=visitor&page=home');
    await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Sparen', exact: true })).toBeVisible();
  });
});
