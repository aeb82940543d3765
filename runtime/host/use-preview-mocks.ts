import { useEffect, useState } from 'react';
import type { PrefetchTable } from '../data/prefetch';
import type { PreviewScenario } from '../../schemas/contracts/preview-params';
import { prepareScenario, previewDataKey } from './prepare-scenario';
import { MOCKS_ENABLED } from './start-mocks';
import { warmShell } from './warm-shell';

export type PreviewMocksState =
  | { status: 'pending' }
  | { status: 'ready'; dataKey: string; prefetch: PrefetchTable }
  | { status: 'failed'; message: string };

/** The scenario's mocks and tokens (prepareScenario), before any data call of the shell runs. */
export function usePreviewMocks(scenario: PreviewScenario): PreviewMocksState {
  const dataKey = previewDataKey(scenario);
  const [state, setState] = useState<PreviewMocksState>({ status: 'pending' });
  useEffect(() => {
    if (!MOCKS_ENABLED) {
      setState({
        status: 'failed',
        message: 'This build has no mock data (built with VITE_MOCKS=off); /preview needs the default build.',
      });
      return;
    }
    let cancelled = false;
    setState({ status: 'pending' });
    prepareScenario(scenario)
      .then(async ({ dataKey, prefetch, settled }) => {
        // Round one is with the handlers: build the render's caches now, and render once it is answered.
        warmShell(scenario.locale);
        await settled;
        return { dataKey, prefetch };
      })
      .then(
        (prepared) => {
          if (!cancelled) setState({ status: 'ready', ...prepared });
        },
        (error: unknown) => {
          if (!cancelled)
            setState({
              status: 'failed',
              message: `The mock service worker could not start: ${(error as Error).message}`,
            });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [dataKey]); // the scenario is fully described by dataKey
  return state.status === 'ready' && state.dataKey !== dataKey ? { status: 'pending' } : state;
}
