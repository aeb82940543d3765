import { useEffect, useState } from 'react';
import type { PreviewScenario } from '../preview/preview-params';
import { serializePreviewParams } from '../preview/preview-params';
import { getAppServices } from './app-services';
import { applyMockScenario, MOCKS_ENABLED } from './start-mocks';

export type PreviewMocksState = { status: 'pending' } | { status: 'ready'; dataKey: string } | { status: 'failed'; message: string };

/** Everything but the page: moving between pages keeps the simulated customer, its tokens and its cache. */
export function previewDataKey(scenario: PreviewScenario): string {
  return serializePreviewParams({ ...scenario, page: 'home' });
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
        setState({ status: 'ready', dataKey });
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
