import { HttpError } from '../api/http-error';
import { PrefetchTable, prefetchHeaderCalls, type PrefetchSink } from '../data/prefetch';
import { getAppServices } from './app-services';
import { takeEarlyCalls } from './early-handoff';
import { portalHeaderCalls } from './early-plan';

let early: { customerNumber: string; table: PrefetchTable } | undefined;
let roundOne: Promise<void> | undefined;

/**
 * A logged-in customer opening a portal page: the tokens are in storage, so the header's calls start before
 * React and the app have evaluated, instead of when the shell mounts.
 * - In a server-rendered page of the customer build, the inline early-calls script has already started them
 *   while the page was parsed (runtime/host/early-calls.ts, docs/rendering.md#the-customers-first-load): they
 *   are adopted, not repeated, when they were made for the customer and config this page finds.
 * - Otherwise they start here, from main.tsx's early start, once `whenIntercepted` resolves (at once in the
 *   customer build; in a mocks build, once MSW intercepts).
 * A visitor, an expired token or an unknown page starts nothing.
 */
export function prefetchPortalFromUrl(url: URL, whenIntercepted: Promise<unknown>): void {
  // Taken whatever happens next: calls made for anyone but this page's customer are never handed out.
  const inline = takeEarlyCalls();
  const { tokenStore, client } = getAppServices();
  const calls = portalHeaderCalls(url, tokenStore);
  if (!calls) return;
  const table = new PrefetchTable();
  early = { customerNumber: calls.customerNumber, table };
  if (inline && inline.customerNumber === calls.customerNumber && inline.configId === calls.configId) {
    inline.adopt(withOwnErrors(table));
    roundOne = inline.roundOne;
    return;
  }
  roundOne = whenIntercepted.then(
    () => prefetchHeaderCalls(table, client, calls.customerNumber, calls.configId),
    () => undefined, // the mocks did not start: main.tsx reports it, and the hooks call for themselves
  );
}

/**
 * Settles once the early calls' first round has answered and the calls that wait for those answers have
 * started; undefined when this page started none. main.tsx hydrates after it (docs/rendering.md#hydration).
 */
export function headerRoundOne(): Promise<void> | undefined {
  return roundOne;
}

/**
 * The inline script's calls, whose failures become this bundle's HttpError: the script carries its own copy of the
 * class, and the hooks and the retry policy tell a 404 or a maintenance answer by `instanceof` (use-shell-data.ts,
 * runtime/api/http-error.ts).
 */
function withOwnErrors(table: PrefetchTable): PrefetchSink {
  const own = (error: unknown): never => {
    if (error instanceof HttpError || !(error instanceof Error) || error.name !== 'HttpError') throw error;
    const { kind, url, status } = error as Partial<HttpError>;
    throw new HttpError(kind ?? 'network', url ?? '', error.message, status);
  };
  return { put: (key, start, startedAt) => table.put(key, () => start().catch(own), startedAt) };
}

/** The early calls, handed out once and only for the customer they were made for. */
export function takePortalPrefetch(customerNumber: string | undefined): PrefetchTable | undefined {
  const taken = early;
  early = undefined;
  return taken && taken.customerNumber === customerNumber ? taken.table : undefined;
}
