import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { MANIFEST_FILE, PUBLISHED_PATH, type Manifest } from '../schemas/contracts';
import type { ConfigDocumentId } from '../schemas/validator/documents';
import type { LocaleConfig } from '../schemas/generated/config-types';
import { expect, test, VIEWPORTS } from './support/fixtures';
import { scaled } from './support/time-factor';

/**
 * The publish-time fragments (docs/rendering.md#fragments) inside <portal-header> and <portal-footer>, as a host
 * that includes them on its server has them (examples/server-rendered.html, docs/embedding.md#server-rendered-html):
 * the script takes the fragment over by hydrating it, so the nodes the page showed before the script ran are the
 * nodes that work afterwards.
 */
const TEMPLATE = readFileSync('examples/server-rendered.html', 'utf8');
const INCLUDE = /<!--#include fragment="([^"]+)" -->/g;
const EXAMPLE_LOCALE = 'de-DE';
const config = (locale: string) => JSON.parse(readFileSync(`config/${locale}.json`, 'utf8')) as LocaleConfig;

/** The published manifest once the service has written the locale's fragments (they follow its start). */
async function manifestWithFragments(request: APIRequestContext, locale: ConfigDocumentId): Promise<Manifest> {
  let manifest: Manifest | undefined;
  await expect
    .poll(
      async () => {
        manifest = (await (await request.get(`${PUBLISHED_PATH}${MANIFEST_FILE}`)).json()) as Manifest;
        return manifest.fragments?.locales[locale] !== undefined;
      },
      { timeout: scaled(30_000), message: `the manifest lists no fragments for ${locale}` },
    )
    .toBe(true);
  return manifest!;
}

/** What a host's include step makes of examples/server-rendered.html for `locale`: the published files in place of the directives. */
async function includeFragments(request: APIRequestContext, locale: ConfigDocumentId): Promise<string> {
  const manifest = await manifestWithFragments(request, locale);
  const fragments = manifest.fragments!;
  const template = TEMPLATE.replaceAll(EXAMPLE_LOCALE, locale);
  const texts = new Map<string, string>();
  for (const [directive, name] of template.matchAll(INCLUDE)) {
    if (name === 'css') {
      texts.set(directive, `<link rel="stylesheet" href="${PUBLISHED_PATH}${fragments.css.file}" />`);
      continue;
    }
    const [id, slot] = name!.split('.') as [ConfigDocumentId, 'header' | 'footer'];
    const entry = fragments.locales[id]?.[slot];
    if (!entry) throw new Error(`examples/server-rendered.html includes ${name}, which the manifest does not list`);
    const response = await request.get(`${PUBLISHED_PATH}${entry.file}`);
    expect(response.ok(), `${entry.file} answered ${response.status()}`).toBe(true);
    texts.set(directive, await response.text());
  }
  expect([...texts.keys()]).toHaveLength(3);
  return template.replace(INCLUDE, (directive) => texts.get(directive)!);
}

/**
 * Serves `html` at `path` and holds the element script back until the returned function is called, so the
 * test sees the page as it is before any script of the shell ran. Layout shifts are recorded from the start,
 * console warnings into `warnings` (errors fail every test: tests/support/fixtures.ts).
 */
async function openHeldBack(
  page: Page,
  path: string,
  html: string,
): Promise<{ release: () => void; warnings: string[] }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}`, (route) => route.fulfill({ contentType: 'text/html', body: html }));
  await page.route('**/embed/portal-shell.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      // Shifts right after a click or a key press are the page answering the test, not a shift of its own.
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const warnings: string[] = [];
  page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('portal-header > header.ps-root').waitFor({ state: 'attached' });
  await page.locator('portal-footer > footer.ps-root').waitFor({ state: 'attached' });
  // The fragments as a host serves them: styled. Measured before their stylesheet applies, the header is 266 px of
  // unstyled lists instead of 81 (one CI run), and every layout comparison after the script fails.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
  );
  return { release, warnings };
}

/** Keeps references to nodes of the included fragments (JS objects, not attributes: the DOM stays as served). */
const markFragmentNodes = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('portal-header > header.ps-root')!;
    const footer = document.querySelector('portal-footer > footer.ps-root')!;
    const marked = [
      header,
      header.querySelector('a')!,
      header.querySelector('button')!,
      footer,
      footer.querySelector('a')!,
    ];
    (window as unknown as { __marked: Element[] }).__marked = marked;
    return marked.length;
  });

/** Where the header, the host's own content and the footer sit on the page (document coordinates). */
const layout = (page: Page) =>
  page.evaluate(() =>
    ['portal-header', '#host-content', 'portal-footer'].map((selector) => {
      const { x, y, width, height } = document.querySelector(selector)!.getBoundingClientRect();
      return { selector, x, y: y + scrollY, width, height };
    }),
  );

test.slow();

for (const locale of [EXAMPLE_LOCALE, 'en-US'] as const) {
  // en-US has no account menu of its own and borrows en's: its visitor parts must not wait for en to hydrate.
  test(`${locale}: the published fragments hydrate inside the elements, keeping their nodes, without warnings or layout shift`, async ({
    page,
    request,
    consoleErrors: _,
  }) => {
    const source = config(locale);
    await page.setViewportSize(VIEWPORTS.desktop);
    const home = `${source.basePath}/`;
    const { release, warnings } = await openHeldBack(page, home, await includeFragments(request, locale));
    // The chrome is there before the script: the visitor header from the fragment, styled by its stylesheet.
    await expect(page.locator('portal-header > header.ps-root')).toBeVisible();
    expect(await markFragmentNodes(page)).toBe(5);
    const before = await layout(page);

    release();
    // Hydrated: React attached its fiber to the very nodes the page had (a render of its own would make new ones).
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (window as unknown as { __marked: Element[] }).__marked.map((node) =>
              Object.keys(node).some((key) => key.startsWith('__reactFiber$')),
            ),
          ),
        {
          message: 'React took over the marked fragment nodes',
        },
      )
      .toEqual([true, true, true, true, true]);
    const where = await page.evaluate(() =>
      (window as unknown as { __marked: Element[] }).__marked.map((node) => {
        const host = (node.getRootNode() as ShadowRoot).host;
        // The element's shadow root, holding one rendered part: the fragment's, not a second one beside it.
        return host
          ? `${host.localName}: ${host.shadowRoot!.querySelectorAll('.ps-embed > .ps-root').length}`
          : 'light DOM';
      }),
    );
    expect(where).toEqual([
      'portal-header: 1',
      'portal-header: 1',
      'portal-header: 1',
      'portal-footer: 1',
      'portal-footer: 1',
    ]);

    // It works: a dropdown opens, and a link click is a portal-navigate.
    const menu = source.header.public!.navItems!.find((item) => item.subMenus)!;
    const button = page.locator('portal-header').getByRole('button', { name: menu.title });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __navigations: string[] }).__navigations = seen;
      document.addEventListener('portal-navigate', (event) => {
        event.preventDefault();
        seen.push((event as CustomEvent<{ href: string }>).detail.href);
      });
    });
    const logo = page.locator('portal-header a.ps-logos__link').first();
    await logo.click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __navigations: string[] }).__navigations))
      .toEqual([home]);

    expect(await layout(page)).toEqual(before);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
    expect(warnings, 'console warnings').toEqual([]);
  });
}

test('on a page that is not the home page, the element replaces the fragment with its own render in one step', async ({
  page,
  request,
  consoleErrors: _,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  const { release, warnings } = await openHeldBack(
    page,
    '/team/savings-calculator.html',
    await includeFragments(request, EXAMPLE_LOCALE),
  );
  const logo = page.locator('portal-header a.ps-logos__link').first();
  // The fragment is the home page's render: its logo is the current page (docs/rendering.md#fragments).
  await expect(logo).toHaveAttribute('aria-current', 'page');
  expect(await markFragmentNodes(page)).toBe(5);
  const before = await layout(page);

  release();
  await expect
    .poll(
      () =>
        page.evaluate(() => (window as unknown as { __marked: Element[] }).__marked.map((node) => node.isConnected)),
      { message: 'the fragment nodes were replaced' },
    )
    .toEqual([false, false, false, false, false]);
  // Hydrating would have kept the fragment's aria-current; the element's own render has none here.
  await expect(logo).not.toHaveAttribute('aria-current', /.*/);
  await expect(page.locator('portal-header').getByRole('banner')).toHaveCount(1);
  expect(await layout(page)).toEqual(before);
  expect(warnings, 'console warnings').toEqual([]);
});
