import { describe, expect, it } from 'vitest';
import { PAGE_KINDS, PAGES } from '../../runtime/resolver';
import { CONFIG_IDS, loadConfig, MARKETS } from '../../runtime/resolver/__fixtures__/configs';
import { checkRoute, KNOWN_ROUTES, matchRoute } from './known-routes';
import { checkConfigLinks, checkMarketEntries } from './link-checks';

describe('known route patterns (relative to the locale base path)', () => {
  it.each([
    // docs/rules.md#pages: auth routes with their optional queries
    '/login/',
    '/login/?product=fixed-term',
    '/register/?regflow=dkb_retail',
    // docs/rules.md#pages: customer portal paths
    '/dashboard/?irclickid=abc123',
    '/reference-account/?product=TD-12',
    '/cdvc/',
    '/financial-info/',
    // docs/rules.md#account-menu, exactly as listed
    '/postbox/messages',
    '/account-transactions/',
    '/exemption-order/overview',
    // docs/rules.md#dashboard-menus, new and legacy
    '/dashboard/savings/term/',
    '/dashboard/investments/robo-42',
    '/investments/wealth-management/dashboard',
    '/savingglobal/#/MyInvestments/TermDeposit',
    '/#/MyInvestments/Overnight',
    // docs/rules.md#dashboard-menus offers, and content pages
    '/products/overnight/',
    '/festgeld/',
    '/savings-accounts/fixed-rate-bonds/1-year/',
    '/faq/#konto-eroeffnen',
  ])('%s is known', (path) => {
    expect(matchRoute(path)).toBeDefined();
  });

  it('every page of the PAGES table is a known route, in any case and without the trailing slash (as the host matches)', () => {
    for (const kind of PAGE_KINDS) {
      const path = PAGES[kind].path;
      expect(matchRoute(path), kind).toBeDefined();
      expect(matchRoute(path.toUpperCase()), kind).toBeDefined();
      if (path !== '/') expect(matchRoute(path.replace(/\/$/, '')), kind).toBeDefined();
    }
  });

  it.each([
    ['/dashboard/savings/trem/', 'a typo under an app route is no content page'],
    ['/postbox/message', 'account menu paths are exact'],
    ['/login/?foo=1', 'login takes only product'],
    [
      '/savingglobal/#/myinvestments/termdeposit',
      'legacy hash routes are case-sensitive (a lower-cased footer link breaks them)',
    ],
    ['/Festgeld/', 'content pages are lower case'],
    ['/festgeld', 'content pages end with a slash'],
    ['/festgeld/?utm=x', 'content pages take no query'],
    ['/en-gb/savings-accounts/', 'another locale’s base path'],
    ['/a/b/c/d/', 'more than three segments'],
    ['/festgeld/index.html', 'not a slug'],
  ])('%s is unknown (%s)', (path) => {
    expect(matchRoute(path)).toBeUndefined();
  });

  it('checks a rendered link against the locale base path, and hints at the fix', () => {
    expect(checkRoute('/de-de/festgeld/', '/de-de')).toMatchObject({ ok: true, path: '/festgeld/' });
    expect(checkRoute('/de-de/festgeld', '/de-de')).toEqual({
      ok: false,
      path: '/festgeld',
      hint: 'content pages end with a slash: write "/festgeld/"',
    });
    expect(checkRoute('/de-de/en-gb/x/', '/de-de')).toMatchObject({
      ok: false,
      hint: expect.stringContaining('another locale'),
    });
    expect(checkRoute('/de-de/postbox/message', '/de-de')).toMatchObject({
      ok: false,
      hint: expect.stringContaining('/postbox/messages'),
    });
    expect(checkRoute('/fr-fr/festgeld/', '/de-de')).toMatchObject({
      ok: false,
      hint: 'links must stay under the locale base path /de-de',
    });
  });

  it('names where each pattern comes from', () => {
    for (const route of KNOWN_ROUTES) expect(route.source.length, route.pattern).toBeGreaterThan(5);
  });
});

describe('link checks on the shipped documents', () => {
  it.each(CONFIG_IDS)('%s: every link is safe and every internal link is a known route', (id) => {
    expect(checkConfigLinks(loadConfig(id))).toEqual([]);
  });

  it('markets: every entry has a config and a known link', () => {
    const configs = new Map(CONFIG_IDS.map((id) => [id as string, loadConfig(id)]));
    expect(checkMarketEntries(MARKETS, configs)).toEqual([]);
  });

  it('a market whose locale has no config is an error at its locale field', () => {
    const configs = new Map(CONFIG_IDS.filter((id) => id !== 'it-IT').map((id) => [id as string, loadConfig(id)]));
    const index = MARKETS.findIndex((m) => m.locale === 'it-IT');
    const problems = checkMarketEntries(MARKETS, configs);
    expect(problems.map((p) => [p.code, p.severity, p.document, p.pointer])).toEqual([
      ['market-without-config', 'error', 'markets', `/markets/${index}/locale`],
      // /it-it/ is then no locale's base path either
      ['unknown-route', 'error', 'markets', `/markets/${index}/link`],
    ]);
  });
});
