/**
 * Context builders for resolver tests. Each returns plain data (the API's fields, derived values already
 * computed), so a test states only what differs from the baseline.
 */
import type { AccessId, ConfigId, PomProduct } from '../../../schemas/generated/config-types';
import type { AccountView, CustomerView, DistributorView, ResolverContext } from '../context';

/** A fixed clock: the copyright year and anything time-based are deterministic. */
export const NOW = new Date('2031-06-15T12:00:00Z');

export const DEPOSIT_ACCESS_FLAGS: readonly AccessId[] = [
  'HAS_FIXED_DEPOSIT_ACCOUNT',
  'HAS_FLEX_DEPOSIT_ACCOUNT',
  'HAS_OVERNIGHT_DEPOSIT_ACCOUNT',
  'HAS_NOTICE_DEPOSIT_ACCOUNT',
];
export const PRODUCT_TYPES: readonly AccessId[] = [
  'term_product_access',
  'overnight_product_access',
  'notice_product_access',
];
/** Every access id (product access flags, product types, deposit access, other; docs/rules.md#product-access). */
export const ALL_ACCESS: readonly AccessId[] = [
  ...DEPOSIT_ACCESS_FLAGS,
  ...PRODUCT_TYPES,
  'overnight_account',
  'notice_account',
  'term_deposit',
  'hasDWMProduct',
  'hasMigratedRobo',
];
export const ALL_POM_PRODUCTS: readonly PomProduct[] = ['dwm', 'pension'];

export function privateCustomer(overrides: Partial<CustomerView> = {}): CustomerView {
  return {
    id: 'cus-1',
    bacNumber: '4711-0815',
    firstName: 'Anna',
    lastName: 'Schmidt',
    fullName: 'Dr. Anna Schmidt',
    status: 'Active',
    isCompanyCustomer: false,
    isPendingActivation: false,
    ...overrides,
  };
}

export function companyCustomer(overrides: Partial<CustomerView> = {}): CustomerView {
  return privateCustomer({
    id: 'cus-2',
    bacNumber: '9001-2024',
    firstName: 'Müller',
    lastName: 'Logistik GmbH',
    fullName: 'Müller Logistik GmbH',
    isCompanyCustomer: true,
    ...overrides,
  });
}

export function pendingCustomer(overrides: Partial<CustomerView> = {}): CustomerView {
  return privateCustomer({ isPendingActivation: true, ...overrides });
}

/** A valid German IBAN (the ISO 13616 example), state ACTIVE, with balances. */
export function activeAccount(overrides: Partial<AccountView> = {}): AccountView {
  return {
    id: 'acc-1',
    accountNumber: '0532013000',
    iban: 'DE89370400440532013000',
    state: 'ACTIVE',
    currencyCode: 'EUR',
    isMaintenance: false,
    balance: { current: 25430.18, available: 24930.18 },
    ...overrides,
  };
}

export function partnerDistributor(overrides: Partial<DistributorView> = {}): DistributorView {
  return { id: 'partner-co-brand', logo: { url: '/assets/partners/partner.svg', alt: 'Partner Bank' }, ...overrides };
}

export type ContextOverrides = Partial<Omit<ResolverContext, 'access' | 'pomProducts' | 'flags'>> & {
  access?: Iterable<AccessId>;
  pomProducts?: Iterable<PomProduct>;
  flags?: Iterable<string>;
};

/** An anonymous visitor on the home page: no flags, no access, nothing loaded. */
export function visitor(locale: ConfigId, overrides: ContextOverrides = {}): ResolverContext {
  const { access, pomProducts, flags, ...rest } = overrides;
  return {
    locale,
    page: 'home',
    loggedIn: false,
    currentPath: '',
    now: NOW,
    ...rest,
    access: new Set(access ?? []),
    pomProducts: new Set(pomProducts ?? []),
    flags: new Set(flags ?? []),
  };
}

/** A logged-in private customer on the dashboard with an ACTIVE account; no access or flags unless given. */
export function loggedIn(locale: ConfigId, overrides: ContextOverrides = {}): ResolverContext {
  return visitor(locale, {
    page: 'dashboard',
    loggedIn: true,
    customer: privateCustomer(),
    account: activeAccount(),
    ...overrides,
  });
}
