import { describe, expect, it } from 'vitest';
import type { AccountState } from './context';
import { loadConfig, MARKET_LOCALES } from './__fixtures__/configs';
import {
  activeAccount,
  companyCustomer,
  loggedIn,
  pendingCustomer,
  type ContextOverrides,
} from './__fixtures__/contexts';
import { header } from './__fixtures__/shell';

const NBSP = '\u00a0';
const customer = (overrides: ContextOverrides = {}, locale: Parameters<typeof loggedIn>[0] = 'de-DE') =>
  header(loggedIn(locale, overrides)).customer!;

describe('balance panel: only for private + ACTIVE, unless hidden', () => {
  it('an ACTIVE account shows total and available balances in the locale format', () => {
    expect(customer().balance).toEqual({
      kind: 'figures',
      total: { label: 'Gesamtsaldo', amount: 25430.18, formatted: `25.430,18${NBSP}€`, isNegative: false },
      available: { label: 'Verfügbarer Saldo', amount: 24930.18, formatted: `24.930,18${NBSP}€`, isNegative: false },
    });
  });

  it.each(['INITIATED', 'REQUESTED', 'CLOSING_IN_PROGRESS', 'CLOSED', 'SUSPENDED'] as AccountState[])(
    'a %s account shows no balance panel',
    (state) => {
      expect(customer({ account: activeAccount({ state }) }).balance).toBeUndefined();
    },
  );

  it('hideCustomerBalance hides it', () => {
    expect(customer({ hideCustomerBalance: true }).balance).toBeUndefined();
  });

  it('no account: no panel', () => {
    expect(customer({ account: undefined }).balance).toBeUndefined();
  });

  it('the account calls failed: the not-available panel with the error tooltip, not a missing panel', () => {
    expect(customer({ account: undefined, balanceError: true }).balance).toMatchObject({
      kind: 'unavailable',
      title: 'Saldo nicht verfügbar',
      reason: 'error',
    });
  });

  it('the account calls answered 503/206: the maintenance panel, with or without an account', () => {
    expect(customer({ account: undefined, balanceMaintenance: true }).balance).toMatchObject({
      kind: 'unavailable',
      reason: 'maintenance',
    });
    expect(customer({ balanceMaintenance: true }).balance).toMatchObject({
      kind: 'unavailable',
      reason: 'maintenance',
    });
  });

  it('company customers see balances too (private is the header type, not the customer type)', () => {
    expect(customer({ customer: companyCustomer() }).balance?.kind).toBe('figures');
  });

  it('pending activation: total 0 and the current balance as available', () => {
    const balance = customer({
      customer: pendingCustomer(),
      account: activeAccount({ balance: { current: 5000, available: 0 } }),
    }).balance;
    expect(balance).toMatchObject({
      kind: 'figures',
      total: { amount: 0, formatted: `0,00${NBSP}€`, isNegative: false },
      available: { amount: 5000, formatted: `5.000,00${NBSP}€` },
    });
  });

  it('a negative balance is flagged', () => {
    const balance = customer({ account: activeAccount({ balance: { current: -12.5, available: -12.5 } }) }).balance;
    expect(balance).toMatchObject({
      total: { isNegative: true, formatted: `-12,50${NBSP}€` },
      available: { isNegative: true },
    });
  });

  it("the account's currency and the locale's format are used (en-GB, GBP)", () => {
    const balance = customer({ account: activeAccount({ currencyCode: 'GBP' }) }, 'en-GB').balance;
    expect(balance).toMatchObject({ total: { formatted: '£25,430.18' }, available: { formatted: '£24,930.18' } });
  });

  it('EUR when the account names no currency', () => {
    expect(customer({ account: activeAccount({ currencyCode: '' }) }, 'en-IE').balance).toMatchObject({
      total: { formatted: '€25,430.18' },
    });
  });

  it.each(MARKET_LOCALES)('%s: maintenance shows the maintenance title and tooltip from the strings', (locale) => {
    const strings = loadConfig(locale).strings.header;
    expect(customer({ account: activeAccount({ isMaintenance: true }) }, locale).balance).toEqual({
      kind: 'unavailable',
      title: strings.maintenanceTitle,
      tooltip: strings.maintenanceTooltip,
      reason: 'maintenance',
    });
  });

  it.each(MARKET_LOCALES)('%s: a failed balance call shows the not-available title and tooltip', (locale) => {
    const strings = loadConfig(locale).strings.header;
    expect(customer({ balanceError: true }, locale).balance).toEqual({
      kind: 'unavailable',
      title: strings.balanceNotAvailableTitle,
      tooltip: strings.balanceNotAvailableTooltip,
      reason: 'error',
    });
  });

  it('maintenance wins over a fetch error', () => {
    expect(customer({ balanceError: true, account: activeAccount({ isMaintenance: true }) }).balance).toMatchObject({
      reason: 'maintenance',
    });
  });

  it('an account without balance data counts as a fetch error', () => {
    expect(customer({ account: activeAccount({ balance: undefined }) }).balance).toMatchObject({
      kind: 'unavailable',
      reason: 'error',
    });
  });

  it("while the balance call is out, the figures' labels with placeholders, not the not-available panel", () => {
    const strings = loadConfig('de-DE').strings.header;
    expect(customer({ balanceLoading: true, account: activeAccount({ balance: undefined }) }).balance).toEqual({
      kind: 'loading',
      totalLabel: strings.totalBalance,
      availableLabel: strings.availableBalance,
    });
    // Once it fails, the failure shows; once it answers, the figures.
    expect(
      customer({ balanceLoading: true, balanceError: true, account: activeAccount({ balance: undefined }) }).balance,
    ).toMatchObject({ kind: 'unavailable', reason: 'error' });
    expect(customer({ balanceLoading: true }).balance).toMatchObject({ kind: 'figures' });
  });

  it('the German titles read as written in the config', () => {
    expect(customer({ account: activeAccount({ isMaintenance: true }) }).balance).toMatchObject({
      title: 'Wartungsarbeiten',
    });
    expect(customer({ balanceError: true }).balance).toMatchObject({ title: 'Saldo nicht verfügbar' });
  });
});

describe('avatar: names, initials, identifiers, unread messages', () => {
  it('a private customer is greeted by first and last name; fullName keeps the academic title', () => {
    expect(customer()).toMatchObject({
      displayName: 'Anna Schmidt',
      fullName: 'Dr. Anna Schmidt',
      initials: 'AS',
      isCompanyCustomer: false,
      isPendingActivation: false,
      state: 'ACTIVE',
    });
  });

  it('a company customer is shown by its full name', () => {
    expect(customer({ customer: companyCustomer() })).toMatchObject({
      displayName: 'Müller Logistik GmbH',
      initials: 'MG',
      isCompanyCustomer: true,
    });
  });

  it('a valid IBAN is grouped for display and copied compact; the customer number follows', () => {
    expect(customer().identifiers).toEqual([
      { id: 'iban', label: 'IBAN', display: 'DE89 3704 0044 0532 0130 00', copyValue: 'DE89370400440532013000' },
      { id: 'customer-number', label: 'Kundennummer', display: '4711-0815', copyValue: '4711-0815' },
    ]);
  });

  it('an invalid IBAN is shown as given', () => {
    expect(customer({ account: activeAccount({ iban: 'DE00 1234' }) }).identifiers[0]).toEqual({
      id: 'iban',
      label: 'IBAN',
      display: 'DE00 1234',
      copyValue: 'DE001234',
    });
  });

  it('without an IBAN the account number is shown under its localised label', () => {
    const { iban: _iban, ...noIban } = activeAccount();
    expect(customer({ account: noIban }).identifiers[0]).toEqual({
      id: 'account-number',
      label: 'Kontonummer',
      display: '0532013000',
      copyValue: '0532013000',
    });
  });

  it('a UK sort code is shown and copied as digits', () => {
    const ids = customer(
      { account: activeAccount({ iban: 'GB29NWBK60161331926819', sortCode: '60-16-13' }) },
      'en-GB',
    ).identifiers;
    expect(ids.find((i) => i.id === 'sort-code')).toEqual({
      id: 'sort-code',
      label: 'Sort code',
      display: '60-16-13',
      copyValue: '601613',
    });
  });

  it.each([
    [undefined, false, 0],
    [0, false, 0],
    [3, true, 3],
  ])('unread count %s → indicator %s', (unreadCount, show, count) => {
    expect(customer(unreadCount === undefined ? {} : { unreadCount })).toMatchObject({
      showUnreadMessage: show,
      unreadCount: count,
    });
  });

  it('the distributor id is passed through for co-branding', () => {
    expect(customer({ customer: companyCustomer({ distributorId: 'dkb' }) }).distributorId).toBe('dkb');
    expect(customer().distributorId).toBeUndefined();
  });
});
