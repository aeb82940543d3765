import { describe, expect, it } from 'vitest';
import type { AccessId, LocaleId } from '../../schemas/generated/config-types';
import { MARKET_LOCALES } from './__fixtures__/configs';
import { loggedIn, privateCustomer, visitor, type ContextOverrides } from './__fixtures__/contexts';
import { findNav, header, hiddenIds, navHrefs, navIds } from './__fixtures__/shell';

const base = (locale: LocaleId) => `/${locale.toLowerCase()}`;
const hrefs = (locale: LocaleId, overrides: ContextOverrides = {}) => navHrefs(header(loggedIn(locale, overrides)));

/** Italian and Swiss German menus always use the in-app pages and have no notice deposits. */
const DASHBOARD_ONLY: readonly LocaleId[] = ['it-IT', 'de-CH'];
const WITH_LEGACY = MARKET_LOCALES.filter((l) => !DASHBOARD_ONLY.includes(l));

const NEW_PAGE = {
  term: '/dashboard/savings/term/',
  overnight: '/dashboard/savings/overnight/',
  notice: '/dashboard/savings/notice/',
} as const;
const LEGACY_PAGE = {
  term: '/savingglobal/#/MyInvestments/TermDeposit',
  overnight: '/savingglobal/#/MyInvestments/Overnight',
  notice: '/savingglobal/#/MyInvestments/Notice',
} as const;
type Deposit = keyof typeof NEW_PAGE;
const ALL_DEPOSIT_PAGES = [...Object.values(NEW_PAGE), ...Object.values(LEGACY_PAGE)];

/** Which access flag opens which deposit page (docs/rules.md#dashboard-menus). */
const ACCESS_TO_DEPOSIT: [AccessId, Deposit][] = [
  ['HAS_FIXED_DEPOSIT_ACCOUNT', 'term'],
  ['HAS_FLEX_DEPOSIT_ACCOUNT', 'term'],
  ['HAS_OVERNIGHT_DEPOSIT_ACCOUNT', 'overnight'],
  ['HAS_NOTICE_DEPOSIT_ACCOUNT', 'notice'],
];

describe('My savings: deposit entries need their access flag', () => {
  describe.each(WITH_LEGACY)('%s', (locale) => {
    it('without deposit access: no deposit page is linked', () => {
      for (const flags of [[], ['newDepositsPage']]) {
        const links = hrefs(locale, { flags });
        for (const page of ALL_DEPOSIT_PAGES) expect(links).not.toContain(base(locale) + page);
      }
    });

    it.each(ACCESS_TO_DEPOSIT)('%s opens the %s page: new with newDepositsPage, legacy without', (access, deposit) => {
      const withFlag = hrefs(locale, { access: [access], flags: ['newDepositsPage'] });
      expect(withFlag).toContain(base(locale) + NEW_PAGE[deposit]);
      expect(withFlag).not.toContain(base(locale) + LEGACY_PAGE[deposit]);
      const withoutFlag = hrefs(locale, { access: [access] });
      expect(withoutFlag).toContain(base(locale) + LEGACY_PAGE[deposit]);
      expect(withoutFlag).not.toContain(base(locale) + NEW_PAGE[deposit]);
      const others = (Object.keys(NEW_PAGE) as Deposit[]).filter((d) => d !== deposit);
      for (const other of others) {
        expect(withFlag).not.toContain(base(locale) + NEW_PAGE[other]);
        expect(withoutFlag).not.toContain(base(locale) + LEGACY_PAGE[other]);
      }
    });

    it('the overview links the new dashboard with newDashboard, the legacy app without', () => {
      expect(hrefs(locale, { flags: ['newDashboard'] })).toContain(`${base(locale)}/dashboard/`);
      expect(hrefs(locale, { flags: ['newDashboard'] })).not.toContain(`${base(locale)}/savingglobal/#/MyInvestments`);
      expect(hrefs(locale)).toContain(`${base(locale)}/savingglobal/#/MyInvestments`);
      expect(hrefs(locale)).not.toContain(`${base(locale)}/dashboard/`);
    });
  });

  describe.each(DASHBOARD_ONLY)('%s', (locale) => {
    it('uses /dashboard/, /dashboard/savings/term/ and /dashboard/savings/overnight/ whatever the flags', () => {
      const all: AccessId[] = [
        'HAS_FIXED_DEPOSIT_ACCOUNT',
        'HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
        'HAS_NOTICE_DEPOSIT_ACCOUNT',
      ];
      for (const flags of [[], ['newDepositsPage', 'newDashboard']]) {
        const links = hrefs(locale, { access: all, flags });
        expect(links).toEqual(
          expect.arrayContaining(['/dashboard/', NEW_PAGE.term, NEW_PAGE.overnight].map((p) => base(locale) + p)),
        );
        expect(links.some((h) => h.includes('/savingglobal/'))).toBe(false);
        expect(links).not.toContain(base(locale) + NEW_PAGE.notice);
      }
    });

    it.each(ACCESS_TO_DEPOSIT.filter(([, d]) => d !== 'notice'))('%s alone opens the %s page', (access, deposit) => {
      const links = hrefs(locale, { access: [access] });
      expect(links).toContain(base(locale) + NEW_PAGE[deposit]);
      for (const other of (['term', 'overnight'] as Deposit[]).filter((d) => d !== deposit))
        expect(links).not.toContain(base(locale) + NEW_PAGE[other]);
    });

    it('without access only the overview remains', () => {
      const links = hrefs(locale);
      expect(links).toContain(`${base(locale)}/dashboard/`);
      for (const page of ALL_DEPOSIT_PAGES) expect(links).not.toContain(base(locale) + page);
    });
  });

  it('hidden deposit entries name the missing access or flag', () => {
    const noAccess = header(loggedIn('de-DE'));
    expect(noAccess.hidden.find((h) => h.id === 'mein-tagesgeld-legacy')?.reason).toContain(
      'HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
    );
    expect(noAccess.hidden.find((h) => h.id === 'meine-festgelder-legacy')?.reason).toMatch(
      /HAS_FIXED_DEPOSIT_ACCOUNT.*HAS_FLEX_DEPOSIT_ACCOUNT/,
    );
    const withAccess = header(loggedIn('de-DE', { access: ['HAS_OVERNIGHT_DEPOSIT_ACCOUNT'] }));
    expect(withAccess.hidden.find((h) => h.id === 'mein-tagesgeld')?.reason).toBe('needs flag "newDepositsPage" on');
    expect(withAccess.hidden.find((h) => h.id === 'mein-tagesgeld')?.location).toBe('header.private › Mein Sparen');
  });
});

describe('investing (de-DE): each entry needs its product data', () => {
  const WEALTH = '/de-de/investments/wealth-management/dashboard';
  const ROBO = '/de-de/dashboard/investments/robo';
  const PENSION = '/de-de/dashboard/pension/';

  it('without pension-product data: ETF configurator and crypto only', () => {
    const links = hrefs('de-DE');
    expect(links).toEqual(expect.arrayContaining(['/de-de/etf-konfigurator/', '/de-de/krypto/']));
    expect(links).not.toEqual(expect.arrayContaining([WEALTH]));
    expect(links).not.toEqual(expect.arrayContaining([ROBO]));
    expect(links).not.toEqual(expect.arrayContaining([PENSION]));
  });

  it.each([
    [{ pomProducts: ['dwm'] }, WEALTH],
    [{ access: ['hasDWMProduct'] }, WEALTH],
    [{ access: ['hasMigratedRobo'] }, ROBO],
    [{ pomProducts: ['pension'] }, PENSION],
  ] as [ContextOverrides, string][])('%o shows %s', (overrides, href) => {
    expect(hrefs('de-DE', overrides)).toContain(href);
  });

  it('pension data does not open wealth management, and dwm does not open the pension', () => {
    expect(hrefs('de-DE', { pomProducts: ['pension'] })).not.toContain(WEALTH);
    expect(hrefs('de-DE', { pomProducts: ['dwm'] })).not.toContain(PENSION);
  });
});

describe('Netherlands investing menu behind dwmNetherlandsLaunch', () => {
  it('logged in: the Beleggen menu only with the flag', () => {
    expect(navIds(header(loggedIn('nl-NL')))).not.toContain('mijn-beleggen');
    const launched = header(loggedIn('nl-NL', { flags: ['dwmNetherlandsLaunch'] }));
    expect(findNav(launched, 'mijn-beleggen')?.title).toBe('Beleggen');
    expect(navHrefs(launched)).toContain('/nl-nl/vermogensbeheer/');
  });

  it('public: the Beleggen menu only with the flag', () => {
    expect(navIds(header(visitor('nl-NL')))).not.toContain('beleggen');
    expect(navIds(header(visitor('nl-NL', { flags: ['dwmNetherlandsLaunch'] })))).toContain('beleggen');
  });

  it('the hidden menu names the flag', () => {
    const hidden = header(loggedIn('nl-NL')).hidden.find((h) => h.id === 'mijn-beleggen');
    expect(hidden).toMatchObject({
      rule: { flag: 'dwmNetherlandsLaunch' },
      reason: 'needs flag "dwmNetherlandsLaunch" on',
    });
  });

  it('the wealth-management dashboard inside it still needs dwm data', () => {
    const flags = ['dwmNetherlandsLaunch'];
    expect(hrefs('nl-NL', { flags })).not.toContain('/nl-nl/investments/wealth-management/dashboard');
    expect(hrefs('nl-NL', { flags, pomProducts: ['dwm'] })).toContain('/nl-nl/investments/wealth-management/dashboard');
  });
});

describe('offers gated by product types', () => {
  const NOTICE_OFFERS = MARKET_LOCALES.filter((l) => !DASHBOARD_ONLY.includes(l));
  const OFFERS: [AccessId, string][] = [
    ['term_product_access', '/products/'],
    ['overnight_product_access', '/products/overnight/'],
    ['notice_product_access', '/products/notice/'],
  ];

  describe.each(MARKET_LOCALES)('%s', (locale) => {
    it('without product types no /products/ offer is linked', () => {
      expect(hrefs(locale).filter((h) => h.startsWith(`${base(locale)}/products/`))).toEqual([]);
    });

    it.each(OFFERS)('%s opens %s and no other product page', (access, path) => {
      const offers = hrefs(locale, { access: [access] }).filter((h) => h.startsWith(`${base(locale)}/products/`));
      if (path === '/products/notice/' && !NOTICE_OFFERS.includes(locale)) {
        expect(offers).toEqual([]);
        return;
      }
      expect(offers).toContain(base(locale) + path);
      for (const [, other] of OFFERS.filter(([a]) => a !== access)) expect(offers).not.toContain(base(locale) + other);
    });
  });

  it('the sustainable fixed deposit needs term product access (de-DE)', () => {
    expect(hrefs('de-DE')).not.toContain('/de-de/products/sustainable/');
    expect(hrefs('de-DE', { access: ['term_product_access'] })).toContain('/de-de/products/sustainable/');
  });

  it('a dropdown left without links is dropped, and says why', () => {
    const model = header(loggedIn('en-US'));
    expect(navIds(model)).not.toContain('offers');
    expect(model.hidden.find((h) => h.id === 'offers')?.reason).toBe('every entry of its dropdown is hidden');
    expect(navIds(header(loggedIn('en-US', { access: ['notice_product_access'] })))).toContain('offers');
  });

  it('a dropdown with ungated entries stays when its gated ones are hidden (de-DE Angebote)', () => {
    expect(navIds(header(loggedIn('de-DE')))).toContain('angebote');
  });
});

describe('finance knowledge hidden for the configured distributors', () => {
  /** The menu id and the distributors each config hides it for. */
  const FINANCE_KNOWLEDGE: Record<LocaleId, [string, string[]]> = {
    'de-DE': ['finanzwissen', ['dkb', 'partner-co-brand']],
    'de-AT': ['finanzwissen', ['partner-co-brand']],
    'de-CH': ['finanzwissen', ['partner-co-brand']],
    'en-GB': ['finance-knowledge', ['legal-and-general', 'mse-savings-hub', 'partner-co-brand']],
    'en-IE': ['finance-knowledge', ['askpaul', 'fairstone', 'partner-co-brand']],
    'en-US': ['finance-knowledge', ['partner-co-brand']],
    'fr-FR': ['education-financiere', ['partner-co-brand']],
    'es-ES': ['educacion-financiera', ['partner-co-brand']],
    'nl-NL': ['financiele-kennis', ['partner-co-brand']],
    'pl-PL': ['wiedza-finansowa', ['partner-co-brand']],
    'fi-FI': ['taloustietoa', ['partner-co-brand']],
    'it-IT': ['educazione-finanziaria', ['partner-co-brand']],
  };

  describe.each(MARKET_LOCALES)('%s', (locale) => {
    const [menuId, distributors] = FINANCE_KNOWLEDGE[locale];

    it('is shown without a distributor and for other distributors', () => {
      expect(navIds(header(loggedIn(locale)))).toContain(menuId);
      expect(
        navIds(header(loggedIn(locale, { customer: privateCustomer({ distributorId: 'some-other-bank' }) }))),
      ).toContain(menuId);
    });

    it.each(distributors)('is hidden for distributor %s, with the distributor named', (distributorId) => {
      const model = header(loggedIn(locale, { customer: privateCustomer({ distributorId }) }));
      expect(navIds(model)).not.toContain(menuId);
      expect(model.hidden.find((h) => h.id === menuId)?.reason).toContain(distributorId);
    });
  });
});

describe('help and info pages', () => {
  it.each(MARKET_LOCALES)('%s public menu links an external help centre (FAQ)', (locale) => {
    const external = header(visitor(locale))
      .navItems.flatMap((n) => n.subMenu?.sidebar.concat(n.subMenu.main) ?? [])
      .filter((i) => i.link?.external);
    expect(external.some((i) => /^https:\/\//.test(i.link!.href))).toBe(true);
  });

  it('the UK and Dutch help menus carry their own pages', () => {
    expect(hrefs('en-GB')).toEqual(
      expect.arrayContaining(['/en-gb/help/financial-information/', '/en-gb/complaints/']),
    );
    expect(hrefs('nl-NL')).toEqual(
      expect.arrayContaining(['/nl-nl/hulp/rekening-openen/', '/nl-nl/hulp/identificatie/']),
    );
  });

  it('hidden ids are listed once per render', () => {
    const ids = hiddenIds(header(loggedIn('de-DE')));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
