// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { resolveShellHeader, SUB_MENU_LISTS, type HeaderModel } from '../../resolver';
import { DEFAULT_FLAGS, loadConfig, MARKETS } from '../../resolver/__fixtures__/configs';
import { Header } from './Header';

/** The visitor's header of a shipped locale on its home page. */
function visitorHeader(locale: 'de-DE' | 'fr-FR' | 'en-GB'): HeaderModel {
  const input = { config: loadConfig(locale), fallback: loadConfig('en'), markets: MARKETS };
  return resolveShellHeader(input, {
    locale,
    page: 'home',
    loggedIn: false,
    access: new Set(),
    pomProducts: new Set(),
    flags: new Set(DEFAULT_FLAGS),
    currentPath: '/',
    now: new Date(0),
  });
}

/** Every target the model offers: logos, top-level links, each dropdown's entries, login and registration. */
function modelHrefs(model: HeaderModel): string[] {
  const submenuLinks = model.navItems.flatMap((item) =>
    item.subMenu
      ? SUB_MENU_LISTS.flatMap((list) => item.subMenu![list]).flatMap((entry) =>
          'link' in entry && entry.link ? [entry.link.href] : [],
        )
      : [],
  );
  return [
    ...model.logoItems.map((logo) => logo.link.href),
    ...model.navItems.flatMap((item) => (item.link ? [item.link.href] : [])),
    ...submenuLinks,
    ...model.actionItems.map((action) => action.link.href),
  ];
}

/** The hrefs of the anchors in server HTML, except the in-page ones of the script-free menu toggle. */
function htmlHrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)]
    .map((match) => match[1]!.replaceAll('&amp;', '&'))
    .filter((href) => !href.startsWith('#'));
}

describe('the server-rendered header holds every link (docs/rules.md#design-versions)', () => {
  for (const locale of ['de-DE', 'fr-FR', 'en-GB'] as const) {
    it(`${locale}: the visitor's links, closed dropdowns and the closed mobile menu included`, () => {
      const model = visitorHeader(locale);
      const expected = modelHrefs(model);
      expect(expected.length).toBeGreaterThan(10);
      const html = renderToString(<Header model={model} onLogout={() => {}} onSwitchAccount={() => {}} />);
      expect(new Set(htmlHrefs(html))).toEqual(new Set(expected));
    });
  }
});
