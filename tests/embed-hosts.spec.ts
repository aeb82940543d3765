import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { LocaleConfig } from '../schemas/generated/config-types';
import { expect, test, VIEWPORTS } from './support/fixtures';
import { compareWithStandalone, hostPixelsOutsideElements, PARTS } from '../examples/isolation';
import { scaled } from './support/time-factor';

/**
 * The example hosts of examples/ (served by scripts/e2e-server.mjs at /examples/, the script at
 * /embed/portal-shell.js) put <portal-header> and <portal-footer> into pages that are not React
 * (docs/embedding.md#host-snippets).
 */
const config = (locale: string) => JSON.parse(readFileSync(`config/${locale}.json`, 'utf8')) as LocaleConfig;
const DE = config('de-DE');
const [deLogin, deRegister] = DE.header.public!.actionItems!;
const deLoginHref = `${DE.basePath}${deLogin!.href}`;

const header = (page: Page) => page.locator('portal-header').first();
const footer = (page: Page) => page.locator('portal-footer').first();

/** Records the shell's events on the page; `cancel` lists the ones the host cancels (it routes itself). */
async function recordEvents(page: Page, cancel: string[]): Promise<void> {
  await page.evaluate((cancel) => {
    const seen: { type: string; detail: unknown; composed: boolean; cancelable: boolean }[] = [];
    (window as unknown as { __events: typeof seen }).__events = seen;
    for (const type of ['portal-navigate', 'portal-logout', 'portal-track']) {
      document.addEventListener(type, (event) => {
        seen.push({
          type,
          detail: (event as CustomEvent).detail,
          composed: event.composed,
          cancelable: event.cancelable,
        });
        if (cancel.includes(type)) event.preventDefault();
      });
    }
    (window as unknown as { __marker: boolean }).__marker = true;
  }, cancel);
}
const events = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as {
          __events: { type: string; detail: { href?: string; event?: { event_name?: string } } }[];
        }
      ).__events,
  );

// Each test loads a page or two on a machine that also builds and serves: give them time.
test.slow();

test.describe('example hosts', () => {
  for (const example of ['plain', 'hash-routed', 'late']) {
    test(`${example}.html shows the header and the footer from the published config`, async ({
      page,
      consoleErrors: _,
    }) => {
      await page.goto(`/examples/${example}.html`);
      const locale = example === 'late' ? config('en-GB') : DE;
      await expect(header(page).getByRole('banner')).toBeVisible();
      for (const item of locale.header.public!.navItems!)
        await expect(
          header(page)
            .getByRole('button', { name: item.title })
            .or(header(page).getByRole('link', { name: item.title })),
        ).toBeVisible();
      await expect(footer(page).getByRole('contentinfo')).toBeVisible();
      await expect(footer(page).getByRole('link', { name: locale.footer.legalLinks![0]!.title })).toBeVisible();
    });
  }

  test('a link click is a cancelable portal-navigate: the host routes itself, or the element loads the page', async ({
    page,
    consoleErrors: _,
  }) => {
    await page.goto('/examples/plain.html');
    await recordEvents(page, ['portal-navigate']);
    await header(page).getByRole('link', { name: deLogin!.title }).click();
    await expect
      .poll(() => events(page))
      .toEqual([
        expect.objectContaining({
          type: 'portal-navigate',
          detail: { href: deLoginHref },
          composed: true,
          cancelable: true,
        }),
      ]);
    // Canceled: no page load (the marker survives).
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);

    // Not canceled: the element loads the link itself.
    const target = `${DE.basePath}${deRegister!.href}`;
    await page.route(`**${target}`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>register</title><link rel="icon" href="data:,">',
      }),
    );
    await page.evaluate(() => {
      document.addEventListener('portal-navigate', (event) => event.stopImmediatePropagation(), {
        capture: true,
        once: true,
      });
    });
    await header(page).getByRole('link', { name: deRegister!.title }).click();
    await page.waitForURL(`**${target}`);
  });

  test('footer taps reach the host as portal-track events', async ({ page, consoleErrors: _ }) => {
    await page.goto('/examples/plain.html');
    await recordEvents(page, ['portal-navigate', 'portal-track']);
    await footer(page).getByRole('link', { name: DE.footer.legalLinks![0]!.title }).click();
    // Events wait up to 3 s for the tracking identity (docs/architecture.md#tracking-and-consent).
    await expect
      .poll(() => events(page).then((seen) => seen.filter((e) => e.type === 'portal-track').length), {
        timeout: scaled(10_000),
      })
      .toBe(1);
    const track = (await events(page)).find((e) => e.type === 'portal-track')!;
    expect(track.detail.event?.event_name).toBeTruthy();
  });

  test('hash-routed host: the host routes the shell links into its app, and the active item follows hashchange', async ({
    page,
    consoleErrors: _,
  }) => {
    // The legacy app lives at <basePath>/savingglobal/ with #/ routes; the private menu links into it. Here
    // those links are put into the visitor menu, so the page needs no signed-in customer.
    const legacy = DE.header.private!.navItems![0]!;
    // Without their rules (they need a customer's accounts), as the visitor menu of a page in the app would be.
    const legacyLinks = legacy
      .subMenus!.main!.filter((item) => 'href' in item && item.href?.includes('#/'))
      .map(({ visibility: _, ...item }) => item);
    expect(legacyLinks.length).toBeGreaterThan(1);
    const appPath = `${DE.basePath}/savingglobal/`;
    await page.route(`**${appPath}`, (route) => route.fulfill({ path: 'examples/hash-routed.html' }));
    await page.route(/\/configs\/de-DE\.[0-9a-f]+\.json$/, async (route) => {
      const response = await route.fetch();
      const published = (await response.json()) as LocaleConfig;
      published.header.public!.navItems!.push({
        id: 'legacy-app',
        title: legacy.title,
        subMenus: { ...legacy.subMenus!, main: legacyLinks },
      });
      await route.fulfill({ response, json: published });
    });
    const [first, second] = legacyLinks.map((item) => `${DE.basePath}${(item as { href: string }).href}`);
    await page.goto(`${first!.replace(/^[^#]*/, appPath)}`);
    // The desktop navigation's link; the mobile menu holds the same links, hidden at this width.
    const link = (href: string) => header(page).locator(`a[href="${href}"]`).first();
    await expect(link(first!)).toHaveAttribute('aria-current', 'page');
    await expect(link(second!)).not.toHaveAttribute('aria-current', 'page');

    await recordEvents(page, []);
    await header(page).getByRole('button', { name: legacy.title }).click();
    // From the keyboard: a pointer press inside a shadow root reaches the dropdown's outside-press rule
    // retargeted to the element, so a mouse click on a dropdown link closes the panel first (use-dismiss.ts).
    await link(second!).focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('#route')).toHaveText(second!.slice(second!.indexOf('#')));
    await expect(link(second!)).toHaveAttribute('aria-current', 'page');
    await expect(link(first!)).not.toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => (window as unknown as { __marker?: boolean }).__marker)).toBe(true);
    expect(await events(page)).toEqual([
      expect.objectContaining({ type: 'portal-navigate', detail: { href: second } }),
    ]);

    // Back is a hashchange too.
    await page.goBack();
    await expect(link(first!)).toHaveAttribute('aria-current', 'page');
  });

  test('late-loading host: elements in the page before the script, one added later, all from one manifest request', async ({
    page,
    consoleErrors: _,
  }) => {
    const manifests: string[] = [];
    page.on('request', (request) => request.url().endsWith('/configs/manifest.json') && manifests.push(request.url()));
    await page.goto('/examples/late.html');
    await expect(page.locator('html[data-shell-loaded="true"]')).toHaveCount(1);
    await expect(header(page).getByRole('banner')).toBeVisible();
    await expect(footer(page).getByRole('contentinfo')).toBeVisible();
    await page.getByRole('button', { name: 'Add a partner header' }).click();
    // Inside the page's <section>, the second <header> is no banner landmark (HTML-AAM): found as an element.
    await expect(page.locator('#later portal-header header')).toBeVisible();
    await expect(page.locator('portal-header header')).toHaveCount(2);
    expect(manifests).toHaveLength(1);
  });

  test('removed and re-added elements render again and dispatch each event once', async ({
    page,
    consoleErrors: _,
  }) => {
    await page.goto('/examples/plain.html');
    await expect(header(page).getByRole('banner')).toBeVisible();
    await recordEvents(page, ['portal-navigate']);
    for (let round = 0; round < 3; round++) {
      await page.evaluate(() => {
        const element = document.querySelector('portal-header')!;
        const parent = element.parentElement!;
        element.remove();
        // A later task: the removal's unmount has run.
        return new Promise<void>((resolve) =>
          setTimeout(() => {
            if (element.shadowRoot!.querySelector('.ps-embed'))
              throw new Error('the removed element kept its rendered tree');
            parent.prepend(element);
            resolve();
          }, 0),
        );
      });
      await expect(header(page).getByRole('banner')).toBeVisible();
    }
    await header(page).getByRole('link', { name: deLogin!.title }).click();
    await expect.poll(() => events(page)).toHaveLength(1);
    await expect(page.getByRole('banner')).toHaveCount(1);
  });
});

test.describe('style isolation', () => {
  // The measurement is examples/isolation.ts's, shared with the budget rows of bench/embed.bench.ts.
  for (const [name, viewport] of [
    ['375', VIEWPORTS.mobile],
    ['1280', VIEWPORTS.desktop],
  ] as const) {
    test(`at ${name} px the hostile page's header and footer differ from the standalone render by at most 0.1 % of pixels`, async ({
      page,
      context,
      consoleErrors: _,
    }) => {
      await page.setViewportSize(viewport);
      const diffs = await compareWithStandalone(page, await context.newPage());
      for (const part of PARTS) {
        const diff = diffs[part];
        expect(diff.sameSize, `${part} size: standalone ${diff.sizes[0]}, hostile ${diff.sizes[1]}`).toBe(true);
        expect(
          diff.differing / diff.total,
          `${part}: ${diff.differing} of ${diff.total} pixels differ`,
        ).toBeLessThanOrEqual(0.001);
      }
    });
  }

  test('the elements change nothing of the host page outside their own boxes', async ({
    page,
    context,
    consoleErrors: _,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    const diff = await hostPixelsOutsideElements(page, await context.newPage());
    expect(diff.sameSize).toBe(true);
    expect(diff.total, 'host pixels compared').toBeGreaterThan(0);
    expect(diff.differing, `${diff.differing} host pixels outside the elements changed`).toBe(0);
  });
});
