import { describe, expect, it } from 'vitest';
import type { PageKind } from './context';
import { loggedIn, partnerDistributor, visitor } from './__fixtures__/contexts';
import { header, navEntries, navHrefs } from './__fixtures__/shell';

describe('public product pages per market', () => {
  it('German: /festgeld/, /tagesgeld/, /kuendigungsgeld/, /vermoegensverwaltung/', () => {
    expect(navHrefs(header(visitor('de-DE')))).toEqual(
      expect.arrayContaining([
        '/de-de/festgeld/',
        '/de-de/tagesgeld/',
        '/de-de/kuendigungsgeld/',
        '/de-de/vermoegensverwaltung/',
      ]),
    );
  });

  it('UK: fixed-rate bonds (1, 2, 3, 5 years and up to 12 months), easy access and notice accounts', () => {
    const bonds = '/en-gb/savings-accounts/fixed-rate-bonds/';
    expect(navHrefs(header(visitor('en-GB')))).toEqual(
      expect.arrayContaining([
        bonds,
        `${bonds}1-year/`,
        `${bonds}2-year/`,
        `${bonds}3-year/`,
        `${bonds}5-year/`,
        `${bonds}up-to-12-months/`,
        '/en-gb/easy-access-accounts/',
        '/en-gb/notice-accounts/',
      ]),
    );
  });

  it('US: savings, money market, CD accounts and explore products', () => {
    expect(navHrefs(header(visitor('en-US')))).toEqual(
      expect.arrayContaining([
        '/en-us/savings-accounts/',
        '/en-us/money-market-accounts/',
        '/en-us/cd-accounts/',
        '/en-us/explore-products/',
      ]),
    );
  });

  it.each(['home', 'login', 'register', 'integrated'] as PageKind[])(
    'US login and registration on %s point to the app host under /en-us/auth/',
    (page) => {
      const model = header(visitor('en-US', { page }));
      expect(model.actionItems.length).toBeGreaterThan(0);
      for (const action of model.actionItems) {
        expect(action.link.external).toBe(true);
        expect(new URL(action.link.href).pathname).toMatch(/^\/en-us\/auth\//);
      }
    },
  );

  it('a US partner-referred visitor logs in on the app host too', () => {
    const [login] = header(visitor('en-US', { distributor: partnerDistributor() })).actionItems;
    expect(login?.link.href).toMatch(/^https:\/\/[^/]+\/en-us\/auth\//);
  });

  it('the French menus mention up to 500 € for referring a friend', () => {
    for (const model of [header(visitor('fr-FR')), header(loggedIn('fr-FR'))]) {
      const referral = navEntries(model).find((i) => i.link?.href === '/fr-fr/parrainage/');
      expect(referral?.description).toMatch(/500\s?€/);
    }
  });

  it('the Irish menus say terms from 3 months up to 5 years', () => {
    for (const model of [header(visitor('en-IE')), header(loggedIn('en-IE', { access: ['term_product_access'] }))]) {
      expect(navEntries(model).some((i) => /3 months up to 5 years/.test(i.description ?? ''))).toBe(true);
    }
  });

  it('dropdown entries keep their presentation fields (type, icon, description, image)', () => {
    const entries = navEntries(header(visitor('de-DE')));
    expect(entries.find((i) => i.id === 'festgeld')).toMatchObject({
      type: 'advanced',
      icon: 'fixed-deposit',
      description: expect.any(String),
    });
    expect(entries.find((i) => i.id === 'sparen-hinweis')).toMatchObject({
      type: 'text',
      description: expect.any(String),
    });
    expect(entries.find((i) => i.id === 'sparen-hinweis')?.link).toBeUndefined();
    expect(entries.find((i) => i.id === 'anlegen-teaser')).toMatchObject({
      type: 'image',
      imageUrl: '/assets/teaser-invest.svg',
      link: { href: '/de-de/vermoegensverwaltung/' },
    });
  });
});
