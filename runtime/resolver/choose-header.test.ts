import { describe, expect, it } from 'vitest';
import type { ConfigId } from '../../schemas/generated/config-types';
import type { PageKind } from './context';
import { editableConfig, MARKET_LOCALES } from './__fixtures__/configs';
import { loggedIn, partnerDistributor, visitor } from './__fixtures__/contexts';
import { findNav, header, navHrefs, resolve, subMenuItems } from './__fixtures__/shell';

const actions = (locale: ConfigId, page: PageKind, extra = {}) =>
  header(visitor(locale, { page, ...extra })).actionItems.map((a) => [a.type, a.link.href]);

describe('header choice per page and auth state', () => {
  it('the country selector page shows the en country-selector header, whatever locale was asked for', () => {
    const model = header(visitor('de-DE', { page: 'country-selector' }));
    expect(model).toMatchObject({ variant: 'countrySelector', type: 'public', configId: 'en', navItems: [] });
    expect(model.logoItems.map((l) => l.link.href)).toEqual(['/en/']);
  });

  it.each(MARKET_LOCALES)(
    '%s login and open-banking pages show the login header: only the registration action',
    (locale) => {
      for (const page of ['login', 'open-banking'] as const) {
        const model = header(visitor(locale, { page }));
        expect(model).toMatchObject({ variant: 'login', type: 'public', navItems: [] });
        expect(model.actionItems.map((a) => a.type)).toEqual(['registration']);
      }
    },
  );

  it.each(MARKET_LOCALES)(
    '%s register page shows the register header: only the login action, no partner logo',
    (locale) => {
      const model = header(visitor(locale, { page: 'register' }));
      expect(model).toMatchObject({ variant: 'register', type: 'public', navItems: [] });
      expect(model.actionItems.map((a) => a.type)).toEqual(['login']);
      expect(model.partnerLogo).toBeUndefined();
    },
  );

  it('German login page links registration under the base path', () => {
    expect(actions('de-DE', 'login')).toEqual([['registration', '/de-de/register/']]);
    expect(actions('de-DE', 'register')).toEqual([['login', '/de-de/login/']]);
  });

  it.each(MARKET_LOCALES)(
    '%s anonymous visitor on home gets the public header with login and registration',
    (locale) => {
      const model = header(visitor(locale));
      expect(model).toMatchObject({ variant: 'public', type: 'public', loading: false });
      expect(model.navItems.length).toBeGreaterThan(0);
      expect(model.actionItems.map((a) => a.type)).toEqual(['login', 'registration']);
      expect(model.customer).toBeUndefined();
    },
  );

  it.each(MARKET_LOCALES)('%s logged-in customer gets the full private header', (locale) => {
    const model = header(loggedIn(locale));
    expect(model).toMatchObject({ variant: 'private', type: 'private', loading: false });
    expect(model.navItems.length).toBeGreaterThan(0);
    expect(model.customer?.displayName).toBe('Anna Schmidt');
  });

  it.each(MARKET_LOCALES)('%s logged in without customer data yet: logo only', (locale) => {
    const model = header(loggedIn(locale, { customer: undefined, account: undefined }));
    expect(model).toMatchObject({
      variant: 'logoOnly',
      type: 'private',
      navItems: [],
      actionItems: [],
      loading: false,
    });
    expect(model.customer).toBeUndefined();
    expect(model.logoItems).toHaveLength(1);
  });

  it.each(MARKET_LOCALES)('%s while private header data loads: skeleton flag, no navigation, no avatar', (locale) => {
    const model = header(loggedIn(locale, { customer: undefined, account: undefined, isHeaderDataLoading: true }));
    expect(model).toMatchObject({ variant: 'private', type: 'private', loading: true, navItems: [] });
    expect(model.customer).toBeUndefined();
  });

  it('loading wins over already loaded customer data: still skeletons', () => {
    const model = header(loggedIn('de-DE', { isHeaderDataLoading: true }));
    expect(model.loading).toBe(true);
    expect(model.navItems).toEqual([]);
    expect(model.customer).toBeUndefined();
  });
});

describe('co-branded register flows', () => {
  it.each([
    ['de-DE', 'dkb_retail', '/assets/partners/dkb.svg', 'DKB'],
    ['en-GB', 'legal_and_general', '/assets/partners/legal-and-general.svg', 'Legal & General'],
    ['en-GB', 'mse_savings_hub', '/assets/partners/mse-savings-hub.svg', 'MoneySavingExpert Savings Hub'],
    ['en-IE', 'askpaul', '/assets/partners/askpaul.svg', 'AskPaul'],
    ['en-IE', 'fairstone', '/assets/partners/fairstone.svg', 'Fairstone'],
  ] as [ConfigId, string, string, string][])(
    '%s register?regflow=%s shows the partner logo',
    (locale, regflow, url, alt) => {
      const model = header(visitor(locale, { page: 'register', regflow }));
      expect(model.variant).toBe('register');
      expect(model.partnerLogo).toEqual({ url, alt });
    },
  );

  it.each([
    ['de-DE', 'unknown_partner'],
    ['en-GB', 'dkb_retail'],
    ['de-DE', 'legal_and_general'],
    ['en-IE', 'mse_savings_hub'],
    ['fr-FR', 'askpaul'],
  ] as [ConfigId, string][])(
    '%s with regflow=%s (not a flow of that locale) shows no partner logo',
    (locale, regflow) => {
      expect(header(visitor(locale, { page: 'register', regflow })).partnerLogo).toBeUndefined();
    },
  );

  it('a regflow on the login page does not co-brand it', () => {
    expect(header(visitor('de-DE', { page: 'login', regflow: 'dkb_retail' })).partnerLogo).toBeUndefined();
  });
});

describe('partner-referred visitor: no navigation, only the login action and the partner logo', () => {
  it.each(MARKET_LOCALES)('%s: no navigation items, only the login action, and the partner logo', (locale) => {
    const model = header(visitor(locale, { distributor: partnerDistributor() }));
    expect(model).toMatchObject({ variant: 'partner', type: 'public', navItems: [] });
    expect(model.actionItems.map((a) => a.type)).toEqual(['login']);
    expect(model.partnerLogo).toEqual({ url: '/assets/partners/partner.svg', alt: 'Partner Bank' });
  });

  it('a distributor without a logo is not partner-referred: the public header stays', () => {
    const model = header(visitor('de-DE', { distributor: { id: 'some-distributor' } }));
    expect(model.variant).toBe('public');
    expect(model.partnerLogo).toBeUndefined();
  });

  it('a logged-in customer of a distributor with a logo still gets the private header', () => {
    expect(header(loggedIn('de-DE', { distributor: partnerDistributor() })).variant).toBe('private');
  });
});

describe('locale fallbacks', () => {
  it('plain en on the home page shows the logo only', () => {
    const model = header(visitor('en'));
    expect(model).toMatchObject({ variant: 'logoOnly', configId: 'en', navItems: [], actionItems: [] });
    expect(model.logoItems.map((l) => l.link.href)).toEqual(['/en/']);
  });

  it('a config without a public menu gets an empty header (no navigation, no actions)', () => {
    const config = editableConfig('de-DE');
    delete config.header.public;
    const model = header(visitor('de-DE'), config);
    expect(model.navItems).toEqual([]);
    expect(model.actionItems).toEqual([]);
  });

  it('an unknown locale on the login page renders the en-US login header', () => {
    const model = header(visitor('xx-XX' as ConfigId, { page: 'login' }));
    expect(model.configId).toBe('en-US');
    expect(model.actionItems.map((a) => a.link.href)).toEqual(['https://app.depona.example/en-us/auth/register']);
  });
});

describe('integrated pages', () => {
  it.each(MARKET_LOCALES)('%s: type integrated, no navigation, action bar at the top, no footer', (locale) => {
    const model = resolve(visitor(locale, { page: 'integrated' }));
    expect(model.header).toMatchObject({
      type: 'integrated',
      variant: 'integrated',
      navItems: [],
      actionBarPosition: 'top',
    });
    expect(model.footer).toBeUndefined();
  });

  it('a logged-in customer is offered no login or registration there, and the preview says why', () => {
    expect(header(visitor('de-DE', { page: 'integrated' })).actionItems.map((a) => a.type)).toEqual(
      expect.arrayContaining(['login', 'registration']),
    );
    const model = header(loggedIn('de-DE', { page: 'integrated' }));
    expect(model.actionItems).toEqual([]);
    expect(
      model.hidden.filter((h) => h.reason === 'a logged-in customer is not offered login or registration').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('every other header keeps the small-screen action bar at the bottom', () => {
    for (const page of ['home', 'login', 'register', 'dashboard', 'corporate', 'country-selector'] as const) {
      expect(header(visitor('de-DE', { page })).actionBarPosition).toBe('bottom');
    }
  });
});

describe('corporate header', () => {
  const model = header(visitor('de-DE', { page: 'corporate' }));

  it('uses the en corporate header', () => {
    expect(model).toMatchObject({ type: 'corporate', variant: 'corporate', configId: 'en' });
  });

  it('links banking-as-a-service, cash solutions, About, Partner with us, Press and Careers', () => {
    expect(model.navItems.map((n) => n.title)).toEqual([
      'Banking-as-a-Service',
      'Cash solutions',
      'About',
      'Partner with us',
      'Press',
      'Careers',
    ]);
    expect(findNav(model, 'corporate-baas')?.link?.href).toBe('/en/banking-as-a-service/');
    expect(findNav(model, 'corporate-cash-solutions')?.link?.href).toBe('/en/cash-solutions/');
    expect(findNav(model, 'corporate-press')?.link?.href).toBe('/en/press/');
    expect(findNav(model, 'corporate-careers')?.link).toMatchObject({
      href: 'https://careers.depona.example/',
      external: true,
    });
  });

  it('About holds about us and bank; Partner with us holds partner bank and distribution partner', () => {
    const about = subMenuItems(findNav(model, 'corporate-about')!).map((i) => i.link?.href);
    expect(about).toEqual(expect.arrayContaining(['/en/about-us/', '/en/bank/']));
    const partner = subMenuItems(findNav(model, 'corporate-partner')!).map((i) => i.link?.href);
    expect(partner).toEqual(
      expect.arrayContaining(['/en/become-a-partner-bank/', '/en/become-a-distribution-partner/']),
    );
  });

  it('has the My Account login action to /en/login/', () => {
    expect(model.actionItems).toEqual([
      expect.objectContaining({
        title: 'My Account',
        type: 'login',
        link: expect.objectContaining({ href: '/en/login/' }),
      }),
    ]);
  });

  it('the bank-navigation variant is similar: the same corporate links', () => {
    const bank = header(visitor('en', { page: 'corporate', bankNavigation: true }));
    expect(bank).toMatchObject({ type: 'corporate', variant: 'bankNavigation' });
    expect(navHrefs(bank)).toEqual(
      expect.arrayContaining([
        '/en/banking-as-a-service/',
        '/en/cash-solutions/',
        '/en/about-us/',
        '/en/press/',
        'https://careers.depona.example/',
      ]),
    );
    expect(bank.actionItems.map((a) => a.link.href)).toEqual(['/en/login/']);
  });
});

describe('pages that hide the navigation or the footer (pages.ts)', () => {
  it.each(['cdvc', 'financial-info', 'reference-account'] as PageKind[])(
    '%s keeps the private header and avatar but hides the main navigation',
    (page) => {
      const model = resolve(loggedIn('de-DE', { page }));
      expect(model.header).toMatchObject({ variant: 'private', navItems: [] });
      expect(model.header.customer).toBeDefined();
      expect(model.footer).toBeDefined();
    },
  );

  it('the dashboard shows both navigation and footer', () => {
    const model = resolve(loggedIn('de-DE'));
    expect(model.header.navItems.length).toBeGreaterThan(0);
    expect(model.footer).toBeDefined();
  });
});
