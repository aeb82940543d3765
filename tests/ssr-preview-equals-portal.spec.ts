/**
 * /preview stays client-rendered (docs/rendering.md#what-is-server-rendered) and must show what the server-rendered
 * portal shows: the same scenario both ways gives the same header and footer DOM.
 *
 * Normalised: attribute order and inline-style spelling, and the ids React's useId makes (and the attributes that point at them: aria-controls, aria-labelledby,
 * aria-describedby, for, href="#…" and url(#…)), since the preview's component tree above the shell differs from the
 * portal's, which changes the ids but nothing a person or a crawler meets.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { scaled } from './support/time-factor';

// Several pages per test, on a 2-core machine shared with the other specs.
test.describe.configure({ timeout: scaled(120_000) });

async function chromeMarkup(page: Page): Promise<{ header: string; footer: string }> {
  return page.evaluate(() => {
    /** Elements with their attributes sorted and inline styles as the browser reads them, so serialisation order does not count. */
    const canonical = (root: Element | null): string => {
      if (!root) return '';
      const ids = new Map<string, string>();
      root.querySelectorAll('[id]').forEach((node, index) => ids.set(node.id, `id-${index}`));
      const rename = (value: string) =>
        value.replace(/url\(#([^)]+)\)/g, (_, id: string) => `url(#${ids.get(id) ?? id})`);
      const attribute = (element: Element, name: string, value: string): string => {
        if (name === 'id') return ids.get(value) ?? value;
        if (['aria-controls', 'aria-labelledby', 'aria-describedby', 'for'].includes(name))
          return value
            .split(/\s+/)
            .map((id) => ids.get(id) ?? id)
            .join(' ');
        if (name === 'href' && value.startsWith('#')) return `#${ids.get(value.slice(1)) ?? value.slice(1)}`;
        if (name === 'style') return (element as HTMLElement).style.cssText;
        return rename(value);
      };
      const walk = (node: Node): string => {
        if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/\s+/g, ' ');
        if (!(node instanceof Element)) return '';
        const attributes = [...node.attributes]
          .map((a) => `${a.name}="${attribute(node, a.name, a.value)}"`)
          .sort()
          .join(' ');
        return `<${node.localName} ${attributes}>${[...node.childNodes].map(walk).join('')}</${node.localName}>`;
      };
      return walk(root);
    };
    return { header: canonical(document.querySelector('header')), footer: canonical(document.querySelector('footer')) };
  });
}

for (const [locale, page] of [
  ['de-DE', 'home'],
  ['en-US', 'login'],
  ['fr-FR', 'home'],
] as const) {
  test(`${locale} ${page}, visitor: the portal's server-rendered chrome equals the preview's`, async ({
    page: browserPage,
  }) => {
    await browserPage.goto(`/${locale.toLowerCase()}/${page === 'home' ? '' : 'login/'}`);
    await expect(browserPage.getByRole('contentinfo')).toBeVisible();
    await browserPage.waitForTimeout(1000);
    const portal = await chromeMarkup(browserPage);
    await browserPage.goto(`/preview?locale=${locale}&persona=visitor&page=${page}`);
    await expect(browserPage.getByRole('contentinfo')).toBeVisible();
    await browserPage.waitForTimeout(1000);
    const preview = await chromeMarkup(browserPage);
    expect(portal.header.length).toBeGreaterThan(1000);
    expect(preview.header).toBe(portal.header);
    expect(preview.footer).toBe(portal.footer);
  });
}
