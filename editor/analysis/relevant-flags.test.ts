import { describe, expect, it } from 'vitest';
import { type ResolverContext, type ShellModel, PAGES, resolveShell } from '../../runtime/resolver';
import { CONFIG_IDS, editableConfig, FLAG_IDS, loadConfig, MARKETS } from '../../runtime/resolver/__fixtures__/configs';
import { flagsInRule } from './items';
import { pagesFor } from './pages';
import { MATRIX_PERSONAS } from './personas';
import { documentFlags, scopeFlagParts, scopeFlags } from './relevant-flags';

const en = loadConfig('en');
const persona = (id: string) => MATRIX_PERSONAS.find((p) => p.id === id)!;

function ctxFor(
  locale: string,
  personaId: string,
  page: ResolverContext['page'],
  flags: Iterable<string> = [],
): ResolverContext {
  const config = loadConfig(locale as never);
  return {
    locale: config.locale,
    page,
    ...persona(personaId).facts,
    flags: new Set(flags),
    currentPath: `${config.basePath}${PAGES[page].path}`,
    now: new Date(0),
  };
}

describe('flags named by rules', () => {
  it('are collected from every level of a rule', () => {
    expect(
      [
        ...flagsInRule({
          all: [{ any: [{ flag: 'a' }, { access: 'HAS_FIXED_DEPOSIT_ACCOUNT' }] }, { not: { flag: 'b' } }],
        }),
      ].sort(),
    ).toEqual(['a', 'b']);
    expect([...flagsInRule({ locale: ['de-DE'] })]).toEqual([]);
  });

  it('a locale: the flags of its rules, the market entries’ flags and hideFooterLinks, nothing else', () => {
    // de-DE names newDashboard, newDepositsPage (private menu), paymentMethodScreens, accountSwitch (account menu);
    // markets.json names newMarketLocales and unifiedDomainLocales; hideFooterLinks is read by the footer code.
    expect(documentFlags({ config: loadConfig('de-DE'), fallback: en, markets: MARKETS })).toEqual([
      'accountSwitch',
      'hideFooterLinks',
      'newDashboard',
      'newDepositsPage',
      'newMarketLocales',
      'paymentMethodScreens',
      'unifiedDomainLocales',
    ]);
    // nl-NL adds the DWM launch flag of its investing menu.
    expect(documentFlags({ config: loadConfig('nl-NL'), fallback: en, markets: MARKETS })).toContain(
      'dwmNetherlandsLaunch',
    );
    // Layout-only flags never count.
    for (const id of CONFIG_IDS)
      expect(documentFlags({ config: loadConfig(id), fallback: en, markets: MARKETS }), id).not.toContain('designV2');
  });
});

describe('flags of one view (persona × page)', () => {
  const sources = { config: loadConfig('de-DE'), fallback: en, markets: MARKETS };

  it('a visitor on the home page: only the footer’s flags (the public menu has no flag rules)', () => {
    expect(scopeFlagParts(sources, ctxFor('de-DE', 'visitor', 'home'))).toEqual({
      header: [],
      footer: ['hideFooterLinks', 'newMarketLocales', 'unifiedDomainLocales'],
    });
  });

  it('a customer on the dashboard: the private menu’s and account menu’s flags too', () => {
    expect(scopeFlagParts(sources, ctxFor('de-DE', 'customer', 'dashboard')).header).toEqual([
      'accountSwitch',
      'newDashboard',
      'newDepositsPage',
      'paymentMethodScreens',
    ]);
  });

  it('a pending customer: the reduced account menu has no payment methods, and no account switch without several accounts', () => {
    expect(scopeFlagParts(sources, ctxFor('de-DE', 'pending', 'dashboard')).header).toEqual([
      'newDashboard',
      'newDepositsPage',
    ]);
  });

  it('a page that hides the navigation drops the menu’s flags; one that hides the footer drops the footer’s', () => {
    expect(scopeFlagParts(sources, ctxFor('de-DE', 'customer', 'cdvc')).header).toEqual([
      'accountSwitch',
      'paymentMethodScreens',
    ]);
    expect(scopeFlagParts(sources, ctxFor('de-DE', 'visitor', 'integrated'))).toEqual({ header: [], footer: [] });
  });

  it('a rule added to a footer link makes its flag relevant to every view with a footer', () => {
    const config = editableConfig('de-DE');
    config.footer.columns[1]!.links[0]!.visibility = { not: { flag: 'forcedLocaleSwitch' } };
    expect(scopeFlags({ config, fallback: en, markets: MARKETS }, ctxFor('de-DE', 'visitor', 'login'))).toContain(
      'forcedLocaleSwitch',
    );
  });

  /**
   * The derivation is complete: a flag it leaves out changes nothing any audience sees. Checked on every
   * shipped view by flipping each other registry flag, from all relevant flags off and from all on.
   */
  it('flipping any other flag never changes what a view shows (every shipped locale, persona and page)', () => {
    const seen = (m: ShellModel) =>
      JSON.stringify([
        m.header.variant,
        m.header.navItems.map((n) => [
          n.id,
          n.subMenu
            ? [...n.subMenu.top, ...n.subMenu.main, ...n.subMenu.sidebar, ...n.subMenu.bottom].map((i) => i.id)
            : [],
        ]),
        m.header.actionItems.map((a) => a.id),
        m.header.customer?.accountMenu.items.map((i) => i.id),
        m.header.customer?.accountMenu.accountSwitch?.title,
        m.footer?.columns.map((c) => [c.id, c.links.map((l) => l.id)]),
        m.footer?.legalLinks.map((l) => l.id),
        m.footer?.marketPicker?.markets.map((k) => k.id),
      ]);
    let checked = 0;
    for (const id of CONFIG_IDS) {
      const config = loadConfig(id);
      const input = { config, fallback: en, markets: MARKETS };
      for (const page of pagesFor(config)) {
        for (const p of MATRIX_PERSONAS) {
          const base = { ...ctxFor(id, p.id, page.page), ...(page.bankNavigation ? { bankNavigation: true } : {}) };
          const relevant = scopeFlags(input, base);
          const others = FLAG_IDS.filter((f) => !relevant.includes(f));
          for (const on of [[], relevant]) {
            const reference = seen(resolveShell(input, { ...base, flags: new Set(on) }));
            for (const flag of others) {
              expect(
                seen(resolveShell(input, { ...base, flags: new Set([...on, flag]) })),
                `${id} ${p.id} ${page.id} +${flag}`,
              ).toBe(reference);
              checked++;
            }
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });
});
