import type { SWRResponse } from 'swr';
import type { HeaderCallId } from '../../schemas/contracts/api-calls';
import type { CustomerDto } from '../api/api-types';
import { HttpError } from '../api/http-error';
import type { ResolverContext } from '../resolver';
import { deriveAccess } from './derive-access';
import { isRestricted, toCustomerView } from './derive-customer';
import { pickAccount, toAccountView } from './pick-account';
import { distributorIdOf, MENUS_WAIT_FOR, planShellCall, type ShellCallInputs } from './shell-calls';
import { useShellCall } from './use-shell-call';

/** Who is logged in, from the access token's claims (runtime/session). */
export interface SessionIdentity {
  userId: string;
  customerNumber: string;
}

export interface ShellDataInput {
  identity: SessionIdentity | undefined;
  /** The config locale being rendered (decides the customer embeds). */
  locale: string;
  flags: ReadonlySet<string>;
  /** A visitor's referring distributor (partner visitors get its logo). */
  visitorDistributorId?: string;
}

export type ShellDataContext = Pick<
  ResolverContext,
  | 'loggedIn'
  | 'customer'
  | 'account'
  | 'access'
  | 'pomProducts'
  | 'distributor'
  | 'unreadCount'
  | 'switchableAccounts'
  | 'restricted'
  | 'balanceError'
  | 'balanceLoading'
  | 'balanceMaintenance'
  | 'isHeaderDataLoading'
>;

export interface ShellData {
  context: ShellDataContext;
  /** The raw customer, for the forced redirects and locale switch. */
  customerDto: CustomerDto | undefined;
}

type CallState = Pick<SWRResponse, 'data' | 'error'>;

/**
 * Whether a call has answered or failed; one these inputs do not ask for counts as settled. Reads the SWR
 * state only when asked for: SWR re-renders a hook only for the fields that have been read.
 */
function settled(id: HeaderCallId, inputs: ShellCallInputs, state: CallState): boolean {
  return planShellCall(id, inputs) === null || state.data !== undefined || state.error !== undefined;
}

/**
 * Every call the header needs, started as early as its inputs allow (docs/api-calls.md#order-and-parallelism):
 * each call's key, fetcher and what it waits for are its row in SHELL_CALLS (shell-calls.ts), which the
 * prefetch reads too. So the complete header needs at most three sequential round-trips; SWR deduplicates across pages.
 */
export function useShellData({ identity, locale, flags, visitorDistributorId }: ShellDataInput): ShellData {
  const token: ShellCallInputs = {
    customerNumber: identity?.customerNumber,
    userId: identity?.userId,
    locale,
    flags,
    visitorDistributorId,
  };
  const customer = useShellCall('customer', token);
  const accounts = useShellCall('accounts', token);
  const dto = customer.data;
  const inputs: ShellCallInputs = { ...token, customer: dto, accounts: accounts.data };
  const account = useShellCall('account', inputs);
  const unread = useShellCall('unread-count', inputs);
  const depositTypes = useShellCall('deposit-types', inputs);
  const products = useShellCall('products', inputs);
  const cobranding = useShellCall('cobranding', inputs);
  const productTypes = useShellCall('product-types', inputs);
  const instances = useShellCall('product-instances', inputs);
  const pension = useShellCall('pension-products', inputs);
  const switchable = useShellCall('switchable-accounts', inputs);
  // Every header call of SHELL_CALLS is read here: a row nobody reads would be prefetched for nothing.
  const calls = {
    customer,
    accounts,
    account,
    'unread-count': unread,
    'deposit-types': depositTypes,
    products,
    cobranding,
    'product-types': productTypes,
    'product-instances': instances,
    'pension-products': pension,
    'switchable-accounts': switchable,
  } satisfies Record<HeaderCallId, CallState>;
  const picked = accounts.data ? pickAccount(accounts.data.value) : undefined;
  const distributorId = distributorIdOf(inputs);

  // No useMemo: SWR hands out a new response object on every render, so nothing here would stay equal.
  const loggedIn = !!identity;
  const { access, pomProducts } = deriveAccess({
    ...(depositTypes.data ? { depositTypes: depositTypes.data } : {}),
    ...(productTypes.data ? { productTypes: productTypes.data } : {}),
    ...(products.data ? { products: products.data } : {}),
    ...(instances.data ? { instances: instances.data } : {}),
    ...(pension.data ? { pension: pension.data } : {}),
  });
  // Menus wait for every access answer (or its failure): items must not pop in and shift the header.
  const customerGone =
    customer.error instanceof HttpError && (customer.error.status === 404 || customer.error.status === 410);
  const loading = loggedIn && !customerGone && MENUS_WAIT_FOR.some((id) => !settled(id, inputs, calls[id]));

  const accountDto = account.data?.value ?? picked;
  const accountError = accounts.error ?? account.error;
  const maintenance =
    !!accounts.data?.maintenance ||
    !!account.data?.maintenance ||
    (accountError instanceof HttpError && accountError.maintenance);
  const logo = cobranding.data?.distributor_logo;
  const context: ShellDataContext = {
    loggedIn,
    access,
    pomProducts,
    ...(dto ? { customer: toCustomerView(dto), restricted: isRestricted(dto) } : {}),
    ...(accountDto ? { account: toAccountView(accountDto) } : {}),
    ...(distributorId
      ? {
          distributor: {
            id: distributorId,
            ...(logo ? { logo: { url: logo.url, alt: logo.alt ?? distributorId } } : {}),
          },
        }
      : {}),
    ...(unread.data !== undefined ? { unreadCount: unread.data } : {}),
    ...(switchable.data?.length
      ? {
          switchableAccounts: switchable.data.map((a) => ({
            customerId: a.customer_id,
            name: `${a.first_name} ${a.last_name}`.trim(),
          })),
        }
      : {}),
    ...(maintenance ? { balanceMaintenance: true } : {}),
    ...(accountError && !maintenance ? { balanceError: true } : {}),
    ...(picked && !account.data && !accountError && !settled('account', inputs, account)
      ? { balanceLoading: true }
      : {}),
    ...(loading ? { isHeaderDataLoading: true } : {}),
  };
  return { context, customerDto: dto };
}
