import { describe, expect, it } from 'vitest';
import type { LocaleId } from '../../schemas/generated/config-types';
import { MARKET_LOCALES } from './__fixtures__/configs';
import { companyCustomer, loggedIn, pendingCustomer, type ContextOverrides } from './__fixtures__/contexts';
import { accountMenuHrefs, header } from './__fixtures__/shell';

/** The account menu (docs/rules.md#account-menu): base path is /{locale in lower case}. */
const base = (locale: LocaleId) => `/${locale.toLowerCase()}`;

/** When payment methods appear: never in de-AT, always in it-IT, elsewhere only with paymentMethodScreens. */
const PAYMENT_METHODS: Record<LocaleId, 'never' | 'always' | 'flag'> = {
  'de-DE': 'flag',
  'de-AT': 'never',
  'de-CH': 'flag',
  'en-GB': 'flag',
  'en-IE': 'flag',
  'en-US': 'flag',
  'fr-FR': 'flag',
  'es-ES': 'flag',
  'nl-NL': 'flag',
  'pl-PL': 'flag',
  'fi-FI': 'flag',
  'it-IT': 'always',
};

/** The account menu's list in its order (docs/rules.md#account-menu); de-DE adds the tax exemption order before notifications. */
function expectedMenu(locale: LocaleId, paymentMethods: boolean): string[] {
  return [
    '/postbox/messages',
    '/documents',
    '/account-transactions/',
    '/account-withdrawal',
    ...(paymentMethods ? ['/payment-methods'] : []),
    '/user-account',
    '/my-details',
    ...(locale === 'de-DE' ? ['/exemption-order', '/exemption-order/overview'] : []),
    '/notifications',
  ].map((path) => base(locale) + path);
}

const menu = (locale: LocaleId, overrides: ContextOverrides = {}) => header(loggedIn(locale, overrides));

describe('private account menu per locale', () => {
  describe.each(MARKET_LOCALES)('%s', (locale) => {
    it('without paymentMethodScreens: the full list, base-path prefixed', () => {
      expect(accountMenuHrefs(menu(locale))).toEqual(expectedMenu(locale, PAYMENT_METHODS[locale] === 'always'));
    });

    it('with paymentMethodScreens: payment methods unless the locale never shows them', () => {
      expect(accountMenuHrefs(menu(locale, { flags: ['paymentMethodScreens'] }))).toEqual(
        expectedMenu(locale, PAYMENT_METHODS[locale] !== 'never'),
      );
    });

    it('the exemption order appears only in de-DE', () => {
      const hrefs = accountMenuHrefs(menu(locale, { flags: ['paymentMethodScreens'] }));
      expect(hrefs.some((h) => h.includes('/exemption-order'))).toBe(locale === 'de-DE');
    });

    it('restricted: only messages, documents and account access', () => {
      const model = menu(locale, { restricted: true, flags: ['paymentMethodScreens', 'accountSwitch'] });
      expect(model.customer?.accountMenu.reduced).toBe(true);
      expect(accountMenuHrefs(model)).toEqual(
        ['/postbox/messages', '/documents', '/user-account'].map((p) => base(locale) + p),
      );
    });

    it('pending activation: the same reduced list', () => {
      const model = menu(locale, { customer: pendingCustomer(), flags: ['paymentMethodScreens'] });
      expect(model.customer?.accountMenu.reduced).toBe(true);
      expect(accountMenuHrefs(model)).toEqual(
        ['/postbox/messages', '/documents', '/user-account'].map((p) => base(locale) + p),
      );
    });

    it('company customers get the business tax and deposit-insurance links; private customers do not', () => {
      const business = ['/business/tax-information/', '/business/deposit-insurance/'].map((p) => base(locale) + p);
      expect(accountMenuHrefs(menu(locale, { customer: companyCustomer() }))).toEqual([
        ...expectedMenu(locale, PAYMENT_METHODS[locale] === 'always'),
        ...business,
      ]);
      expect(accountMenuHrefs(menu(locale))).not.toEqual(expect.arrayContaining([business[0]]));
    });

    it('a restricted company customer gets only the reduced list', () => {
      expect(accountMenuHrefs(menu(locale, { customer: companyCustomer(), restricted: true }))).toHaveLength(3);
    });
  });

  it('en-US has no list of its own and falls back to the English list from en, under /en-us', () => {
    const model = menu('en-US');
    expect(model.customer?.accountMenu.items.map((i) => i.title)).toEqual([
      'Messages',
      'Documents',
      'Transactions',
      'Withdrawals',
      'Access and security',
      'My details',
      'Notifications',
    ]);
    expect(accountMenuHrefs(model).every((h) => h.startsWith('/en-us/'))).toBe(true);
  });

  it('the German list is in German', () => {
    expect(menu('de-DE').customer?.accountMenu.items.map((i) => i.title)).toEqual([
      'Nachrichten',
      'Dokumente',
      'Umsätze',
      'Auszahlungen',
      'Zugang und Sicherheit',
      'Meine Kundendaten',
      'Freistellungsauftrag',
      'Freistellungsaufträge im Überblick',
      'Benachrichtigungen',
    ]);
  });
});

describe('account-switch list', () => {
  const accounts = [
    { customerId: 'cus-2', name: 'Anna Schmidt (Gemeinschaftskonto)' },
    { customerId: 'cus-3', name: 'Schmidt Consulting GmbH' },
  ];

  it.each([
    [false, false, false],
    [false, true, false],
    [true, false, false],
    [true, true, true],
  ])('flag accountSwitch %s, switchable accounts present %s → list shown %s', (flag, present, shown) => {
    const model = menu('de-DE', { flags: flag ? ['accountSwitch'] : [], switchableAccounts: present ? accounts : [] });
    if (shown) expect(model.customer?.accountMenu.accountSwitch).toEqual({ title: 'Konto wechseln', accounts });
    else expect(model.customer?.accountMenu.accountSwitch).toBeUndefined();
  });

  it.each(MARKET_LOCALES)('%s offers the switch list with the flag', (locale) => {
    const model = menu(locale, { flags: ['accountSwitch'], switchableAccounts: accounts });
    expect(model.customer?.accountMenu.accountSwitch?.accounts).toEqual(accounts);
  });

  it('switchableAccounts undefined counts as none', () => {
    expect(menu('de-DE', { flags: ['accountSwitch'] }).customer?.accountMenu.accountSwitch).toBeUndefined();
  });
});

describe('account menu hidden items say why', () => {
  it('payment methods without the flag name paymentMethodScreens', () => {
    const hidden = menu('de-DE').hidden.find((h) => h.id === 'zahlungsmethoden');
    expect(hidden).toMatchObject({ location: 'account menu', rule: { flag: 'paymentMethodScreens' } });
    expect(hidden?.reason).toContain('paymentMethodScreens');
  });

  it('the account switch without the flag names accountSwitch', () => {
    expect(menu('de-DE').hidden.find((h) => h.id === 'account-switch')?.reason).toContain('accountSwitch');
  });

  it('items cut by the reduced list say which case applied', () => {
    const restricted = menu('de-DE', { restricted: true }).hidden.find((h) => h.id === 'umsaetze');
    expect(restricted?.reason).toMatch(/restricted/);
    const pending = menu('de-DE', { customer: pendingCustomer() }).hidden.find((h) => h.id === 'umsaetze');
    expect(pending?.reason).toMatch(/pending/);
  });
});
