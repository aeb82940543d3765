import { unstable_serialize, type Middleware } from 'swr';
import { getAccounts, accountsKey } from '../api/get-accounts';
import { depositTypesKey, getDepositTypes, getProducts, productsKey } from '../api/get-access';
import { customerKey, getCustomer } from '../api/get-customer';
import { getUnreadCount, unreadCountKey } from '../api/get-unread-count';
import type { HttpClient } from '../api/http-client';

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

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  put(key: readonly unknown[], start: () => Promise<unknown>): void {
    const promise = start();
    // The hook that takes it handles a failure; an entry nobody takes must not be an unhandled rejection.
    promise.catch(() => undefined);
    this.#entries.set(unstable_serialize(key), { promise, at: this.#now() });
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
}

/** SWR middleware: a hook whose key was prefetched gets that call instead of starting its own. */
export function prefetchMiddleware(table: PrefetchTable): Middleware {
  return (useSWRNext) => (key, fetcher, config) =>
    useSWRNext(key, fetcher && ((...args: unknown[]) => (table.take(unstable_serialize(key)) as ReturnType<typeof fetcher> | undefined) ?? fetcher(...args)), config);
}

/**
 * The header's first round (SPEC §7, issue 4): every call that needs only the logged-in customer number
 * and the config locale, started as soon as the tokens are known, while the configs still load. The keys
 * and fetchers are the hooks' own (useShellData), so a prefetched answer is exactly what the hook would fetch.
 */
export function prefetchFirstRound(table: PrefetchTable, client: HttpClient, customerNumber: string, locale: string): void {
  table.put(customerKey(customerNumber, locale), () => getCustomer(client, customerNumber, locale));
  table.put(accountsKey(customerNumber), () => getAccounts(client, customerNumber));
  table.put(unreadCountKey(customerNumber), () => getUnreadCount(client, customerNumber));
  table.put(depositTypesKey(customerNumber), () => getDepositTypes(client, customerNumber));
  table.put(productsKey(customerNumber), () => getProducts(client, customerNumber));
}
