import { useEffect, useState } from 'react';
import type { PreviewScenario } from '../preview/preview-params';
import { serializePreviewParams } from '../preview/preview-params';
import { PrefetchTable, prefetchFirstRound } from '../data/prefetch';
import { chooseConfig } from '../resolver/choose-config';
import { getAppServices, readIdentity } from './app-services';
import { hasRetainedCache } from './retained-caches';
import { applyMockScenario, MOCKS_ENABLED } from './start-mocks';

export type PreviewMocksState = { status: 'pending' } | { status: 'ready'; dataKey: string; prefetch: PrefetchTable } | { status: 'failed'; message: string };

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

/**
 * Points the mocks at the scenario and logs its persona in (or out) before any data call runs.
 * Tokens are minted only when the simulated customer changes, so the session countdown keeps running
 * across page changes.
 */
export function usePreviewMocks(scenario: PreviewScenario): PreviewMocksState {
  const dataKey = previewDataKey(scenario);
  const [state, setState] = useState<PreviewMocksState>({ status: 'pending' });
  useEffect(() => {
    if (!MOCKS_ENABLED) {
      setState({ status: 'failed', message: 'This build has no mock data (built with VITE_MOCKS=off); /preview needs the default build.' });
      return;
    }
    let cancelled = false;
    setState({ status: 'pending' });
    applyMockScenario(scenario).then(
      (tokens) => {
        if (cancelled) return;
        const { tokenStore, client } = getAppServices();
        if (tokens) {
          tokenStore.setTokens(tokens);
          tokenStore.syncServerTimeFromToken();
        } else tokenStore.clear();
        client.restoreAuthHeader();
        // Round one of the header needs only the customer number: start it now, while the configs load.
        const prefetch = new PrefetchTable();
        const identity = readIdentity(tokenStore);
        const choice = chooseConfig(scenario.locale, scenario.page);
        if (identity && choice.ok && !hasRetainedCache(screenDataKey(dataKey, 0))) prefetchFirstRound(prefetch, client, identity.customerNumber, choice.configId);
        setState({ status: 'ready', dataKey, prefetch });
      },
      (error: unknown) => {
        if (!cancelled) setState({ status: 'failed', message: `The mock service worker could not start: ${(error as Error).message}` });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [dataKey]); // the scenario is fully described by dataKey
  return state.status === 'ready' && state.dataKey !== dataKey ? { status: 'pending' } : state;
}
