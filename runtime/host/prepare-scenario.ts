import { PrefetchTable, prefetchHeaderCalls } from '../data/prefetch';
import {
  parsePreviewParams,
  serializePreviewParams,
  type PreviewScenario,
} from '../../schemas/contracts/preview-params';
import { chooseConfig } from '../resolver';
import { getAppServices, headerCallsFor } from './app-services';
import { hasRetainedCache } from './retained-caches';
import { applyMockScenario, countMockArrivals } from './start-mocks';
import { warmShell } from './warm-shell';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface PreparedScenario {
  dataKey: string;
  /** The header's calls, already under way for this scenario's customer (empty for a visitor or a return visit). */
  prefetch: PrefetchTable;
  /**
   * Round one answered and round two in the handlers' hands (or SETTLE_WAIT_MS passed): from here a long
   * render holds up no mocked answer that the header is waiting for, except round two's, which it overlaps.
   */
  settled: Promise<void>;
}

/**
 * Everything but the page and the flags: moving between pages or switching a flag keeps the simulated
 * customer, its tokens and its cache. No mock answer depends on a flag; flags only decide which calls the
 * shell makes (e.g. switchable accounts), and those have keys of their own.
 */
export function previewDataKey(scenario: PreviewScenario): string {
  const { flags: _flags, ...rest } = scenario;
  return serializePreviewParams({ ...rest, page: 'home' });
}

/** The data cache of a scenario; an account switch (a new identity) starts another one. */
export function screenDataKey(dataKey: string, identityVersion: number): string {
  return `${dataKey}#${identityVersion}`;
}

/** The service worker hands a call over in ~10-30 ms; past this, render anyway. */
const HAND_OVER_WAIT_MS = 60;
/** Round one takes the scenario's latency plus a little; past this (a slow scenario), render the skeleton anyway. */
export const SETTLE_WAIT_MS = 250;

let latest: { dataKey: string; prepared: Promise<PreparedScenario> } | undefined;

/**
 * Points the mocks at the scenario, logs its persona in (or out), and starts the header's calls.
 * Asking again for the scenario last prepared returns that preparation, so the early start from main.tsx,
 * the component that takes it over, and React's StrictMode re-run of effects all share one set of tokens
 * and one round of calls. Tokens are minted only when the simulated customer changes, so the session
 * countdown keeps running across page changes.
 */
export function prepareScenario(scenario: PreviewScenario): Promise<PreparedScenario> {
  const dataKey = previewDataKey(scenario);
  if (latest?.dataKey === dataKey) return latest.prepared;
  const prepared = applyMockScenario(scenario).then(async (tokens) => {
    const { tokenStore, client } = getAppServices();
    if (tokens) {
      tokenStore.setTokens(tokens);
      tokenStore.syncServerTimeFromToken();
    } else tokenStore.clear();
    client.restoreAuthHeader();
    const prefetch = new PrefetchTable();
    const calls = headerCallsFor(tokenStore, scenario.locale, scenario.page);
    if (!calls || hasRetainedCache(screenDataKey(dataKey, 0))) return { dataKey, prefetch, settled: Promise.resolve() };
    // An answer is taken in on this page's main thread, so a long task running when it comes holds it up.
    // Every long task is therefore placed while a round of calls waits out its latency in the mock worker:
    // the first render once round one is handed over, the shell's once round one is answered and round two
    // is handed over (PreviewScreen waits for `settled`).
    const arrivals = await countMockArrivals();
    const roundOne = prefetchHeaderCalls(prefetch, client, calls.customerNumber, calls.configId);
    // The main thread would wait idle for the hand-over: build the render's caches then, so they are not
    // built when round one's answers come in (usePreviewMocks warms them too, for scenarios without calls).
    warmShell(scenario.locale);
    await arrivals.arrived(prefetch.started, HAND_OVER_WAIT_MS);
    const settled = Promise.race([roundOne, delay(SETTLE_WAIT_MS)]).then(() =>
      arrivals.arrived(prefetch.started, HAND_OVER_WAIT_MS),
    );
    return { dataKey, prefetch, settled };
  });
  latest = { dataKey, prepared };
  // A failed start is reported by the component that renders the scenario; forget it so a retry starts afresh.
  prepared.catch(() => {
    if (latest?.prepared === prepared) latest = undefined;
  });
  return prepared;
}

/**
 * main.tsx, before React renders: a shared /preview link prepares its scenario at once, so the header's
 * calls go out while the app renders and the configs load. The flag registry is not loaded yet, so the
 * flags are left out (they are not part of the data key); a link with other bad parameters is left to
 * PreviewRoute, which explains them. The editor's iframe (source=editor) gets its scenario by message.
 */
export function prepareScenarioFromUrl(url: URL): Promise<PreparedScenario> | undefined {
  if (url.pathname !== '/preview' || url.searchParams.has('source')) return undefined;
  const params = new URLSearchParams(url.search);
  params.delete('flags');
  params.delete('country');
  const parsed = parsePreviewParams(params, []);
  if (parsed.errors.length > 0 || !chooseConfig(parsed.scenario.locale, parsed.scenario.page).ok) return undefined;
  return prepareScenario(parsed.scenario);
}
