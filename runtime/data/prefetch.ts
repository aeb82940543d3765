import { unstable_serialize, type Middleware } from 'swr';
import type { HeaderCallId } from '../../schemas/contracts/api-calls';
import type { HttpClient } from '../api/http-client';
import {
  HEADER_CALL_IDS,
  isAwaitedAnswer,
  planShellCall,
  waitsFor,
  type AwaitedInput,
  type ShellCallInputs,
} from './shell-calls';

/** Where calls started before the components that need them have mounted are kept (PrefetchTable, or the inline early-calls script's list, runtime/host/early-handoff.ts). */
export interface PrefetchSink {
  /** Starts the call (or takes one already started) under its SWR key; `startedAt` (epoch ms) defaults to now. */
  put<T>(key: readonly unknown[], start: () => Promise<T>, startedAt?: number): Promise<T>;
}

/** A prefetched answer older than this is not handed out; the hook fetches afresh. */
export const PREFETCH_MAX_AGE_MS = 10_000;

/**
 * Calls started before the components that need them have mounted, for one data cache. Each is handed out
 * once, to the first SWR hook with the same key (prefetchMiddleware). SWR's own `preload()` keeps one
 * global table for every cache, so an unused entry would leak into the next preview scenario's cache.
 */
export class PrefetchTable implements PrefetchSink {
  readonly #entries = new Map<string, { promise: Promise<unknown>; at: number }>();
  readonly #now: () => number;
  #started = 0;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  put<T>(key: readonly unknown[], start: () => Promise<T>, startedAt: number = this.#now()): Promise<T> {
    const promise = start();
    // The hook that takes it handles a failure; an entry nobody takes must not be an unhandled rejection.
    promise.catch(() => undefined);
    this.#entries.set(unstable_serialize(key), { promise, at: startedAt });
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
    useSWRNext(
      key,
      fetcher &&
        ((...args: unknown[]) =>
          (table.take(unstable_serialize(key)) as ReturnType<typeof fetcher> | undefined) ?? fetcher(...args)),
      config,
    );
}

/**
 * The header's calls, started before the components that need them have mounted (docs/api-calls.md#order-and-parallelism):
 * - round one, as soon as the tokens are known (while the configs still load): every call of SHELL_CALLS
 *   that waits for nothing but the customer number and the config locale;
 * - round two, the moment the answer a call waits for arrives, without waiting for React to render it
 *   (the picked account after the accounts; co-branding and the access calls after the customer).
 * Calls that wait for the flags are left to the hooks: the configs that hold them have not loaded yet.
 * The plans are the hooks' own (shell-calls.ts), so a prefetched answer is exactly what the hook would
 * fetch. A failed answer starts nothing; the hook reports it.
 * Resolves once round one is answered (failed or not) and round two has started.
 */
export function prefetchHeaderCalls(
  table: PrefetchSink,
  client: HttpClient,
  customerNumber: string,
  locale: string,
): Promise<void> {
  const ignore = () => undefined;
  let inputs: ShellCallInputs = { customerNumber, locale };
  const arrived = new Set<AwaitedInput>();
  const start = (id: HeaderCallId) => {
    const planned = planShellCall(id, inputs);
    return planned ? table.put(planned.key, () => planned.fetch(client)) : undefined;
  };
  /** The calls that wait for `answer` and, with it, have everything they wait for. */
  const nowStartable = (answer: AwaitedInput) =>
    HEADER_CALL_IDS.filter((id) => waitsFor(id).includes(answer) && waitsFor(id).every((input) => arrived.has(input)));
  const roundOne = HEADER_CALL_IDS.filter((id) => waitsFor(id).length === 0).map((id) => {
    const answer = start(id);
    if (!isAwaitedAnswer(id)) return answer;
    return answer?.then((data) => {
      inputs = { ...inputs, [id]: data };
      arrived.add(id);
      for (const next of nowStartable(id)) start(next);
    }, ignore);
  });
  return Promise.allSettled(roundOne).then(ignore);
}
