// @vitest-environment node
/** renderShell in Node, as the config service and the publish step call it (docs/rendering.md#the-render-entry-point). */
import { describe, expect, it } from 'vitest';
import type { MarketsDocument } from '../../schemas/generated/config-types';
import { CONFIG_IDS, editableConfig, FLAGS_DOCUMENT, loadConfig, MARKETS } from '../resolver/__fixtures__/configs';
import { renderShell } from './render-shell';
import type { RenderContext } from './render-input';

const markets: MarketsDocument = { markets: [...MARKETS] } as MarketsDocument;
const NOW = new Date('2026-03-01T12:00:00Z');
const render = (id: (typeof CONFIG_IDS)[number], context: Partial<RenderContext> = {}) =>
  renderShell({
    config: loadConfig(id),
    ...(id !== 'en' ? { fallback: loadConfig('en') } : {}),
    markets,
    flags: FLAGS_DOCUMENT,
    context: { page: 'home', now: NOW, ...context },
  });

/** Every href a model holds, wherever it sits (nav items, submenus, columns, legal links, markets). */
function hrefsOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => hrefsOf(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'hidden') continue; // what a rule hid, with its reason: not on the page
      if (
        key === 'link' &&
        child &&
        typeof child === 'object' &&
        typeof (child as { href?: unknown }).href === 'string'
      )
        found.add((child as { href: string }).href);
      else hrefsOf(child, found);
    }
  }
  return found;
}
const escapedHref = (href: string) => `href="${href.replace(/&/g, '&amp;')}"`;

describe('renderShell: the chrome as HTML', () => {
  it.each(CONFIG_IDS)('%s: every link of the header model is in the header HTML, closed dropdowns included', (id) => {
    const { header, model } = render(id);
    const hrefs = [...hrefsOf(model.header)];
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(header, href).toContain(escapedHref(href));
  });

  it.each(CONFIG_IDS)('%s: the footer disclaimer is in the footer HTML, its links opening in a new tab', (id) => {
    const config = loadConfig(id);
    const disclaimerLinks = [...(config.footer.disclaimer ?? '').matchAll(/href="([^"]+)"/g)].map((m) => m[1]!);
    const { footer } = render(id);
    const disclaimer = /<div[^>]*data-testid="disclaimer"[^>]*>([\s\S]*?)<\/div>/.exec(footer)?.[1] ?? '';
    expect(disclaimer.length, 'disclaimer markup').toBeGreaterThan(0);
    for (const href of disclaimerLinks)
      expect(disclaimer).toContain(`href="${href}" target="_blank" rel="noopener noreferrer"`);
  });

  it.each(CONFIG_IDS)('%s: every link of the footer model is in the footer HTML', (id) => {
    const { footer, model } = render(id);
    // The market picker's own server markup is pinned beside it (runtime/components/MarketPicker).
    const hrefs = [...hrefsOf({ ...model.footer, marketPicker: undefined })];
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(footer, href).toContain(escapedHref(href));
  });

  it('renders no footer on a page that hides it', () => {
    expect(render('de-DE', { page: 'integrated' }).footer).toBe('');
  });

  it('suggests another market named by ?country= in the page language, and none for the current market', () => {
    expect(render('de-DE', { country: 'gb' }).banner).toContain('Vereinigtes Königreich');
    expect(render('de-DE', { country: 'de' }).banner).toBe('');
    expect(render('de-DE').banner).toBe('');
  });

  it('a logged-in customer gets the private frame with its data still loading, and no visitor login link', () => {
    const visitor = render('de-DE');
    const customer = render('de-DE', { loggedIn: true, page: 'dashboard' });
    expect(customer.model.header.loading).toBe(true);
    // Placeholders hold the places of what the customer's data fills in, so nothing moves when it arrives.
    expect(customer.header).toContain('aria-busy="true"');
    expect(visitor.header).not.toContain('aria-busy="true"');
    const login = visitor.model.header.actionItems.map((item) => item.link?.href).filter(Boolean);
    for (const href of login) expect(customer.header).not.toContain(escapedHref(href!));
  });
});

describe('renderShell: the head', () => {
  it('has the title, description, robots and a canonical URL under the locale base path', () => {
    const config = loadConfig('de-DE');
    const { head } = render('de-DE', { page: 'login', origin: 'https://www.depona.de' });
    expect(head).toContain(`<title>${config.seo.metaTitle}</title>`);
    expect(head).toContain(`<meta name="description" content="${config.seo.metaDescription}">`);
    expect(head).toContain(`<meta name="robots" content="${config.seo.metaRobots}">`);
    expect(head).toContain('<link rel="canonical" href="https://www.depona.de/de-de/login/">');
  });

  it('lists one hreflang alternate per market of the picker', () => {
    const { head, model } = render('fr-FR', { origin: 'https://example.test' });
    const alternates = [...head.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)];
    expect(alternates.map((m) => m[1]).sort()).toEqual(model.footer!.marketPicker!.markets.map((m) => m.locale).sort());
    for (const [, , href] of alternates) expect(href).toMatch(/^https:\/\/example\.test\//);
  });

  it('escapes config text, so a title cannot end the element or add a script', () => {
    const config = editableConfig('de-DE');
    config.seo.metaTitle = '</title><script>alert(1)</script>';
    config.seo.metaDescription = '"><script>alert(2)</script>';
    const { head } = renderShell({ config, markets, flags: FLAGS_DOCUMENT, context: { page: 'home', now: NOW } });
    expect(head).not.toContain('<script>');
    expect(head).toContain('&lt;/title&gt;&lt;script&gt;');
    expect(head).toContain('content="&quot;&gt;&lt;script&gt;');
  });

  it('headScripts: the consent defaults (all denied) before the locale consent manager', () => {
    const { headScripts } = render('en-GB');
    expect(headScripts).toMatch(/"consent","default",\{[^}]*"analytics_storage":"denied"/);
    expect(headScripts).toContain(`data-settings-id="${loadConfig('en-GB').consent.settingsId}"`);
    expect(headScripts.indexOf('"consent","default"')).toBeLessThan(headScripts.indexOf('data-settings-id'));
  });
});
