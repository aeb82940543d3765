import { useMemo } from 'react';
import type { CustomerDto } from '../api/api-types';
import { useAccount, useAccounts } from '../api/get-accounts';
import { useDepositTypes, usePensionProducts, useProductInstances, useProducts, useProductTypes } from '../api/get-access';
import { useCobranding } from '../api/get-cobranding';
import { useCustomer } from '../api/get-customer';
import { useSwitchableAccounts } from '../api/get-switchable-accounts';
import { useUnreadCount } from '../api/get-unread-count';
import { HttpError } from '../api/http-error';
import type { ResolverContext } from '../resolver/context';
import { deriveAccess } from './derive-access';
import { afterCustomerInputs, isRestricted, toCustomerView } from './derive-customer';
import { pickAccount, toAccountView } from './pick-account';

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
  'loggedIn' | 'customer' | 'account' | 'access' | 'pomProducts' | 'distributor' | 'unreadCount' | 'switchableAccounts' | 'restricted' | 'balanceError' | 'balanceMaintenance' | 'isHeaderDataLoading'
>;

export interface ShellData {
  context: ShellDataContext;
  /** The raw customer, for the forced redirects and locale switch. */
  customerDto: CustomerDto | undefined;
}

function settled(state: { data?: unknown; error?: unknown }, wanted: boolean): boolean {
  return !wanted || state.data !== undefined || state.error !== undefined;
}

/**
 * Every call the header needs, started as early as its inputs allow (SPEC §7):
 * - at once, from the token's customer number: customer, accounts, unread count, deposit types, products;
 * - after accounts: the chosen account with its balance;
 * - after the customer: co-branding, product types, product instances, pension products, switchable accounts.
 * So the complete header needs at most three sequential round-trips; SWR deduplicates across pages.
 */
export function useShellData({ identity, locale, flags, visitorDistributorId }: ShellDataInput): ShellData {
  const bac = identity?.customerNumber;
  const customer = useCustomer(bac, locale);
  const accounts = useAccounts(bac);
  const picked = accounts.data ? pickAccount(accounts.data.value) : undefined;
  const account = useAccount(picked?.id);
  const unread = useUnreadCount(bac);
  const depositTypes = useDepositTypes(bac);
  const products = useProducts(bac);

  const dto = customer.data;
  const distributorId = dto?.distributorId ?? (identity ? undefined : visitorDistributorId);
  const cobranding = useCobranding(distributorId);
  const after = dto ? afterCustomerInputs(dto) : undefined;
  const productTypes = useProductTypes(after?.distributorId, after?.channelId);
  const instances = useProductInstances(after?.customerDomainId);
  const german = !!after?.german;
  const pension = usePensionProducts(after?.customerDomainId, german);
  const switchable = useSwitchableAccounts({ flags, userId: identity?.userId, customerNumber: bac, customerActive: dto?.status === 'Active' });

  return useMemo(() => {
    const loggedIn = !!identity;
    const { access, pomProducts } = deriveAccess({
      ...(depositTypes.data ? { depositTypes: depositTypes.data } : {}),
      ...(productTypes.data ? { productTypes: productTypes.data } : {}),
      ...(products.data ? { products: products.data } : {}),
      ...(instances.data ? { instances: instances.data } : {}),
      ...(pension.data ? { pension: pension.data } : {}),
    });
    // Menus wait for every access answer (or its failure): items must not pop in and shift the header.
    const customerGone = customer.error instanceof HttpError && (customer.error.status === 404 || customer.error.status === 410);
    const loading =
      loggedIn &&
      !customerGone &&
      (!settled(customer, true) ||
        !settled(depositTypes, true) ||
        !settled(products, true) ||
        (!!dto && (!settled(productTypes, true) || !settled(instances, true) || !settled(pension, german))));

    const accountDto = account.data?.value ?? picked;
    const accountError = accounts.error ?? account.error;
    const maintenance = !!accounts.data?.maintenance || !!account.data?.maintenance || (accountError instanceof HttpError && accountError.maintenance);
    const logo = cobranding.data?.distributor_logo;
    const context: ShellDataContext = {
      loggedIn,
      access,
      pomProducts,
      ...(dto ? { customer: toCustomerView(dto), restricted: isRestricted(dto) } : {}),
      ...(accountDto ? { account: toAccountView(accountDto) } : {}),
      ...(distributorId ? { distributor: { id: distributorId, ...(logo ? { logo: { url: logo.url, alt: logo.alt ?? distributorId } } : {}) } } : {}),
      ...(unread.data !== undefined ? { unreadCount: unread.data } : {}),
      ...(switchable.data?.length ? { switchableAccounts: switchable.data.map((a) => ({ customerId: a.customer_id, name: `${a.first_name} ${a.last_name}`.trim() })) } : {}),
      ...(maintenance ? { balanceMaintenance: true } : {}),
      ...(accountError && !maintenance ? { balanceError: true } : {}),
      ...(loading ? { isHeaderDataLoading: true } : {}),
    };
    return { context, customerDto: dto };
  }, [identity, customer, accounts, account, picked, unread, depositTypes, products, productTypes, instances, pension, german, switchable, cobranding, dto, distributorId]);
}
