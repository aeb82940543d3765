import type { PrefetchSink } from '../data/prefetch';

/**
 * The hand-off between the inline early-calls script (runtime/host/early-calls.ts, which the server puts into a
 * logged-in customer's page, docs/rendering.md#the-customers-first-load) and the bundle: the one global they
 * share, declared here and read or written only through this file.
 *
 * The script cannot build the bundle's PrefetchTable (its keys are serialised by SWR, which would bring React
 * into an inline script), so it keeps the calls it starts in a plain list until the bundle adopts them; from then
 * on, the calls it starts as answers arrive (round two) go straight into the bundle's table.
 */

/** What the inline script leaves for the bundle. */
export interface EarlyCalls {
  /** Whose token the calls carry; the bundle adopts them only for the customer it finds logged in. */
  readonly customerNumber: string;
  /** The config locale the customer call was made for. */
  readonly configId: string;
  /** Moves the calls started so far into `sink`, and every later one straight to it. Once. */
  adopt(sink: PrefetchSink): void;
  /** Settles once round one has answered (or failed) and round two has started (prefetchHeaderCalls). */
  roundOne: Promise<void>;
}

declare global {
  interface Window {
    /** Set by the inline early-calls script, taken (and removed) by runtime/host/portal-prefetch.ts. */
    __portalEarlyCalls?: EarlyCalls;
  }
}

/** A hand-off for one customer's calls, which is itself where the inline script puts them until the bundle adopts it. */
export function createEarlyCalls(
  customerNumber: string,
  configId: string,
  now: () => number = Date.now,
): EarlyCalls & PrefetchSink {
  const started: { key: readonly unknown[]; promise: Promise<unknown>; at: number }[] = [];
  let adopted: PrefetchSink | undefined;
  return {
    customerNumber,
    configId,
    roundOne: Promise.resolve(),
    put(key, start, startedAt = now()) {
      if (adopted) return adopted.put(key, start, startedAt);
      const promise = start();
      // The hook that takes it handles a failure; a call the bundle never adopts must not be an unhandled rejection.
      promise.catch(() => undefined);
      started.push({ key, promise, at: startedAt });
      return promise;
    },
    adopt(sink) {
      if (adopted)
        throw new Error('The early calls were already adopted; a second adopter would start no calls and get none.');
      adopted = sink;
      for (const call of started.splice(0)) void sink.put(call.key, () => call.promise, call.at);
    },
  };
}

/** The global's name, for a page that takes the hand-off without the bundle (bench/ssr-first-visit.bench.ts). */
export const EARLY_CALLS_GLOBAL = '__portalEarlyCalls';

/** Leaves the calls for the bundle (the inline script). */
export function leaveEarlyCalls(calls: EarlyCalls): void {
  window[EARLY_CALLS_GLOBAL] = calls;
}

/** The inline script's calls, handed out once; undefined when the page had no inline script or it started nothing. */
export function takeEarlyCalls(): EarlyCalls | undefined {
  const calls = window[EARLY_CALLS_GLOBAL];
  delete window[EARLY_CALLS_GLOBAL];
  return calls;
}
