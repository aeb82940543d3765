import { describe, expect, it } from 'vitest';
import type { CustomerDto } from '../api/api-types';
import { PAGE_KINDS } from '../../schemas/contracts';
import { forcedRedirect } from './forced-redirect';
import { forcedLocale } from './forced-locale';
import { decideAccess } from './access-decision';

function customer(over: Partial<CustomerDto> = {}, country = 'DE'): CustomerDto {
  return {
    id: 'c1',
    bacNumber: '4711',
    distributorId: 'default',
    status: 'Active',
    customerType: 'PRIVATE',
    address: { countryCode: country },
    persons: [
      {
        firstName: 'A',
        lastName: 'B',
        additionalFinancialInformation: {
          sourceOfFunds: { originOfFunds: 'SALARY' },
          annualIncome: { code: 'UP_TO_50K' },
        },
      },
    ],
    referenceAccounts: [{ iban: 'DE89370400440532013000' }],
    dataValidity: { status: 'VALID' },
    ...over,
  };
}
const noIban = { referenceAccounts: [{ iban: null }] };
const noFunds = {
  persons: [{ firstName: 'A', lastName: 'B', additionalFinancialInformation: { annualIncome: { code: 'X' } } }],
};
const noIncome = {
  persons: [
    { firstName: 'A', lastName: 'B', additionalFinancialInformation: { sourceOfFunds: { originOfFunds: 'SALARY' } } },
  ],
};
const expired = { dataValidity: { status: 'EXPIRED' as const } };

describe('forced redirects in priority order', () => {
  it('a complete customer is not redirected', () => {
    expect(forcedRedirect(customer(), 'dashboard')).toBeUndefined();
    expect(forcedRedirect(customer({}, 'GB'), 'dashboard')).toBeUndefined();
  });

  it('1. an active customer without a reference IBAN goes to the reference account page', () => {
    expect(forcedRedirect(customer(noIban), 'dashboard')).toEqual({
      kind: 'missing-reference-iban',
      target: 'reference-account',
    });
    expect(forcedRedirect(customer({ referenceAccounts: [] }), 'home')?.target).toBe('reference-account');
  });

  it('1 applies only to active customers', () => {
    expect(forcedRedirect(customer({ ...noIban, status: 'Restricted' }), 'dashboard')).toBeUndefined();
  });

  it('2. a UK customer without origin of funds or without annual income goes to financial information', () => {
    expect(forcedRedirect(customer(noFunds, 'GB'), 'dashboard')).toEqual({
      kind: 'uk-missing-financial-info',
      target: 'financial-info',
    });
    expect(forcedRedirect(customer(noIncome, 'GB'), 'dashboard')?.target).toBe('financial-info');
    expect(forcedRedirect(customer({ persons: [] }, 'GB'), 'dashboard')?.target).toBe('financial-info');
  });

  it('2 does not apply outside the UK', () => {
    expect(forcedRedirect(customer(noFunds, 'DE'), 'dashboard')).toBeUndefined();
  });

  it('3. a non-UK customer with validity EXPIRED or REVALIDATE goes to CDVC', () => {
    expect(forcedRedirect(customer(expired), 'dashboard')).toEqual({
      kind: 'data-validity-confirmation',
      target: 'cdvc',
    });
    expect(forcedRedirect(customer({ dataValidity: { status: 'REVALIDATE' } }, 'FR'), 'dashboard')?.target).toBe(
      'cdvc',
    );
  });

  it('3 does not apply to UK customers', () => {
    expect(forcedRedirect(customer(expired, 'GB'), 'dashboard')).toBeUndefined();
  });

  it('the country comes from address.countryCode, else default_address.country', () => {
    const { address: _address, ...rest } = customer(noFunds);
    expect(forcedRedirect({ ...rest, default_address: { country: 'gb' } }, 'dashboard')?.target).toBe('financial-info');
  });

  it('priority: 1 beats 2 and 3; 2 beats 3', () => {
    expect(forcedRedirect(customer({ ...noIban, ...noFunds, ...expired }, 'GB'), 'dashboard')?.target).toBe(
      'reference-account',
    );
    expect(forcedRedirect(customer({ ...noIban, ...expired }), 'dashboard')?.target).toBe('reference-account');
    expect(forcedRedirect(customer({ ...noFunds, ...expired }, 'GB'), 'dashboard')?.target).toBe('financial-info');
  });

  const exempt = [
    'cdvc',
    'financial-info',
    'reference-account',
    'register',
    'login',
    'open-banking',
    'corporate',
  ] as const;
  it.each(exempt)('no redirect on the %s page', (page) => {
    expect(forcedRedirect(customer({ ...noIban, ...expired }), page)).toBeUndefined();
  });

  it('every other page redirects', () => {
    const others = PAGE_KINDS.filter((p) => !(exempt as readonly string[]).includes(p));
    expect(others.length).toBeGreaterThan(0);
    for (const page of others) expect(forcedRedirect(customer(noIban), page)?.target).toBe('reference-account');
  });

  it('no customer data: no redirect', () => {
    expect(forcedRedirect(undefined, 'dashboard')).toBeUndefined();
  });
});

describe('forced locale switch', () => {
  const known = ['de-DE', 'de-AT', 'en-GB'];
  const forcing = customer({ distributionChannel: { id: 'austria-partner', forcedLocale: 'de-at' } });
  const on = new Set(['forcedLocaleSwitch']);
  it('switches to the channel locale on pages that require auth, with the flag on', () => {
    expect(forcedLocale(forcing, 'dashboard', 'de-DE', on, known)).toBe('de-AT');
  });
  it('not with the flag off', () => {
    expect(forcedLocale(forcing, 'dashboard', 'de-DE', new Set(), known)).toBeUndefined();
  });
  it('not on pages without auth', () => {
    expect(forcedLocale(forcing, 'home', 'de-DE', on, known)).toBeUndefined();
  });
  it('not when already there, nor to an unknown locale', () => {
    expect(forcedLocale(forcing, 'dashboard', 'de-AT', on, known)).toBeUndefined();
    expect(
      forcedLocale(
        customer({ distributionChannel: { id: 'x', forcedLocale: 'sv-SE' } }),
        'dashboard',
        'de-DE',
        on,
        known,
      ),
    ).toBeUndefined();
  });
});

describe('access wrapper decision', () => {
  it('defaults: auth not required, bypass on → granted', () => {
    expect(decideAccess({ customerId: undefined })).toMatchObject({
      canAccess: true,
      isAuthRequired: false,
      isBypassContext: true,
      isLoggedIn: false,
    });
  });
  it('auth required without bypass: only a logged-in customer id grants access', () => {
    expect(decideAccess({ isAuthRequired: true, isBypassContext: false, customerId: undefined }).canAccess).toBe(false);
    expect(decideAccess({ isAuthRequired: true, isBypassContext: false, customerId: '4711' })).toMatchObject({
      canAccess: true,
      isLoggedIn: true,
      customerId: '4711',
    });
  });
  it('bypass grants access even when auth is required', () => {
    expect(decideAccess({ isAuthRequired: true, isBypassContext: true, customerId: undefined }).canAccess).toBe(true);
  });
  it('no auth required grants access without bypass', () => {
    expect(decideAccess({ isAuthRequired: false, isBypassContext: false, customerId: undefined }).canAccess).toBe(true);
  });
});
