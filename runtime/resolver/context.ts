import type { PageKind } from '../../schemas/contracts';
import type { AccessId, ConfigId, PomProduct } from '../../schemas/generated/config-types';

/** The page kinds are a contract shared with /preview and the editor; re-exported for the resolver's own files. */
export { PAGE_KINDS, type PageKind } from '../../schemas/contracts';

export type AccountState = 'INITIATED' | 'REQUESTED' | 'ACTIVE' | 'CLOSING_IN_PROGRESS' | 'CLOSED' | 'SUSPENDED';

/** The customer as the header needs it, with its derived fields (docs/rules.md#customer-data) already computed (see derive-customer.ts). */
export interface CustomerView {
  id: string;
  bacNumber: string;
  fullName: string;
  firstName: string;
  lastName: string;
  status: string;
  isCompanyCustomer: boolean;
  isPendingActivation: boolean;
  distributorId?: string;
  /** Locale derived from the customer's country. */
  locale?: string;
}

export interface Money {
  amount: number;
  currency: string;
}

export interface AccountView {
  id: string;
  accountNumber: string;
  iban?: string;
  sortCode?: string;
  state: AccountState;
  currencyCode: string;
  isMaintenance: boolean;
  balance?: { current: number; available: number };
}

export interface DistributorView {
  id: string;
  /** A partner logo makes the visitor partner-referred: no navigation, only login and the logo. */
  logo?: { url: string; alt: string };
}

/** Everything the resolver reads besides the config. Plain data, so the resolver stays pure. */
export interface ResolverContext {
  /** The locale id that was asked for (may be unknown; see choose-config.ts). */
  locale: ConfigId;
  page: PageKind;
  loggedIn: boolean;
  /** undefined while logged in but the customer has not loaded (or does not exist yet). */
  customer?: CustomerView;
  /** True while private header data is still loading: the components show skeletons. */
  isHeaderDataLoading?: boolean;
  access: ReadonlySet<AccessId>;
  pomProducts: ReadonlySet<PomProduct>;
  distributor?: DistributorView;
  /** Flags that are on; every other registry flag is off. */
  flags: ReadonlySet<string>;
  account?: AccountView;
  /** The balance call failed (not maintenance). */
  balanceError?: boolean;
  /** The balance call is still out: `account` is the picked account from the list, which has no balance yet. */
  balanceLoading?: boolean;
  /** An account call answered 503 or 206 (docs/rules.md#customer-panel). */
  balanceMaintenance?: boolean;
  unreadCount?: number;
  hideCustomerBalance?: boolean;
  /** Restricted customers get the reduced account menu (docs/rules.md#account-menu). */
  restricted?: boolean;
  switchableAccounts?: { customerId: string; name: string }[];
  /** Corporate page: show the bank-navigation variant instead of the corporate one. */
  bankNavigation?: boolean;
  /** regflow query parameter of the register page. */
  regflow?: string;
  /** Path plus hash of the current location, for the active link. */
  currentPath: string;
  /** The clock, injected so the copyright year and tests are deterministic. */
  now: Date;
}
