import { unstable_serialize, type Middleware } from 'swr';
import { accountKey, accountsKey, getAccount, getAccounts } from '../api/get-accounts';
import { depositTypesKey, getDepositTypes, getPensionProducts, getProductInstances, getProducts, getProductTypes, pensionProductsKey, productInstancesKey, productsKey, productTypesKey } from '../api/get-access';
import { cobrandingKey, getCobranding } from '../api/get-cobranding';
import { customerKey, getCustomer } from '../api/get-customer';
import { getUnreadCount, unreadCountKey } from '../api/get-unread-count';
import type { HttpClient } from '../api/http-client';
import { afterCustomerInputs } from './derive-customer';
import { pickAccount } from './pick-account';

/** A prefetched answer older than this is not handed out; the hook fetches afresh. */
export const PREFETCH_MAX_AGE_MS = 10_000;

/**
 * Calls started before the components that need them have mounted, for one data cache. Each is handed out
 * once, to the first SWR hook with the same key (prefetchMiddleware). SWR's own `preload()` keeps one
 * global table for every cache, so an unused entry would leak into the next preview scenario's cache.
 */
export class PrefetchTable {
  readonly #entries = new Map<string, { promise: Promise<unknown>; at: number }>();
  readonly #now: () => number;
  #started = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  put<T>(key: readonly unknown[], start: () => Promise<T>): Promise<T> {
    const promise = start();
    // The hook that takes it handles a failure; an entry nobody takes must not be an unhandled rejection.
    promise.catch(() => undefined);
    this.#entries.set(unstable_serialize(key), { promise, at: this.#now() });
    this.#started += 1;
    return promise;
  }

  take(serializedKey: string): Promise<unknown> | undefined {
    const entry = this.#entries.get(serializedKey);
    if (!entry) return undefined;
    this.#entries.delete(serializedKey);
    return this.#now() - entry.at <= PREFETCH_MAX_AGE_MS ? entry.promise : undefined;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Calls started so far, taken or not. */
  get started(): number {
    return this.#started;
  }
}

/** SWR middleware: a hook whose key was prefetched gets that call instead of starting its own. */
export function prefetchMiddleware(table: PrefetchTable): Middleware {
  return (useSWRNext) => (key, fetcher, config) =>
    useSWRNext(key, fetcher && ((...args: unknown[]) => (table.take(unstable_serialize(key)) as ReturnType<typeof fetcher> | undefined) ?? fetcher(...args)), config);
}

/**
 * The header's calls (SPEC §7, issue 4), started before the components that need them have mounted:
 * - round one, as soon as the tokens are known (while the configs still load): everything that needs only
 *   the logged-in customer number and the config locale;
 * - round two, the moment the answer it depends on arrives, without waiting for React to render it:
 *   the picked account with its balance after the accounts; product types, product instances, pension
 *   products and co-branding after the customer.
 * The keys, fetchers and conditions are the hooks' own (useShellData), so a prefetched answer is exactly
 * what the hook would fetch. A failed answer starts nothing; the hook reports it.
 * Resolves once round one is answered (failed or not) and round two has started.
 */
export function prefetchHeaderCalls(table: PrefetchTable, client: HttpClient, customerNumber: string, locale: string): Promise<void> {
  const ignore = () => undefined;
  const customer = table.put(customerKey(customerNumber, locale), () => getCustomer(client, customerNumber, locale)).then((dto) => {
    if (!dto) return;
    const after = afterCustomerInputs(dto);
    table.put(productTypesKey(after.distributorId, after.channelId), () => getProductTypes(client, after.distributorId, after.channelId));
    table.put(productInstancesKey(after.customerDomainId), () => getProductInstances(client, after.customerDomainId));
    if (after.german) table.put(pensionProductsKey(after.customerDomainId), () => getPensionProducts(client, after.customerDomainId));
    const cobranding = cobrandingKey(after.distributorId);
    if (cobranding) table.put(cobranding, () => getCobranding(client, after.distributorId));
  }, ignore);
  const accounts = table.put(accountsKey(customerNumber), () => getAccounts(client, customerNumber)).then((accounts) => {
    const picked = pickAccount(accounts.value);
    if (picked) table.put(accountKey(picked.id), () => getAccount(client, picked.id));
  }, ignore);
  const rest = [
    table.put(unreadCountKey(customerNumber), () => getUnreadCount(client, customerNumber)),
    table.put(depositTypesKey(customerNumber), () => getDepositTypes(client, customerNumber)),
    table.put(productsKey(customerNumber), () => getProducts(client, customerNumber)),
  ];
  return Promise.allSettled([customer, accounts, ...rest]).then(ignore);
}
