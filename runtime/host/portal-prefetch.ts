import { PrefetchTable, prefetchHeaderCalls } from '../data/prefetch';
import { getAppServices, headerCallsFor } from './app-services';
import { matchPortalPath } from './portal-paths';

let early: { customerNumber: string; table: PrefetchTable } | undefined;

/**
 * A logged-in customer opening a portal page: the tokens are in storage, so the header's calls start from
 * main.tsx's early start, before React and the app have evaluated, instead of when the shell mounts.
 * `whenIntercepted` resolves once the calls may go out (at once in the customer build; in a mocks build,
 * once MSW intercepts). A visitor, an expired token or an unknown page starts nothing.
 */
export function prefetchPortalFromUrl(url: URL, whenIntercepted: Promise<unknown>): void {
  const match = matchPortalPath(url.pathname);
  if (!match) return;
  const { tokenStore, client } = getAppServices();
  const calls = headerCallsFor(tokenStore, match.locale, match.page);
  if (!calls) return;
  const table = new PrefetchTable();
  early = { customerNumber: calls.customerNumber, table };
  whenIntercepted.then(
    () => prefetchHeaderCalls(table, client, calls.customerNumber, calls.configId),
    () => undefined, // the mocks did not start: main.tsx reports it, and the hooks call for themselves
  );
}

/** The early calls, handed out once and only for the customer they were made for. */
export function takePortalPrefetch(customerNumber: string | undefined): PrefetchTable | undefined {
  const taken = early;
  early = undefined;
  return taken && taken.customerNumber === customerNumber ? taken.table : undefined;
}
