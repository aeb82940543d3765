import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ConsentManager } from './consent';
import { createTrackingRuntime, type TrackingRuntime, type TrackingRuntimeOptions } from './tracking-runtime';
import { noopTracker, type Tracker } from './tracker';
import type { TrackingContext } from './tracking-event';
import type { TrackingIdentity } from './tracking-identity';

export const TrackingRuntimeContext = createContext<TrackingRuntime | null>(null);

/** The tracker of the nearest TrackingProvider; a tracker that drops everything without one. */
export function useTracker(): Tracker {
  return useContext(TrackingRuntimeContext)?.tracker ?? noopTracker;
}

/** The consent manager of the nearest TrackingProvider, null without one. */
export function useConsentManager(): ConsentManager | null {
  return useContext(TrackingRuntimeContext)?.consent ?? null;
}

/**
 * Creates the runtime for a locale and environment, starts it after mount and disposes it on
 * unmount. A new runtime only when the environment, settings id, market group, mode or collector
 * failure change; context and identity are read through refs, so they may change on every render.
 */
export function useTrackingRuntime(options: TrackingRuntimeOptions): TrackingRuntime {
  const contextRef = useRef(options.context);
  const identityRef = useRef(options.identity);
  useLayoutEffect(() => {
    contextRef.current = options.context;
    identityRef.current = options.identity;
  });
  const { environment, mode, collectorFailure } = options;
  const settingsId = options.config.consent.settingsId;
  const marketGroup = options.config.tagManager.marketGroup;

  const runtime = useMemo(
    () =>
      createTrackingRuntime({
        ...options,
        config: { consent: { settingsId }, tagManager: { marketGroup } },
        context: (): TrackingContext => {
          const context = contextRef.current;
          return typeof context === 'function' ? context() : context;
        },
        identity: (): TrackingIdentity | null | undefined => identityRef.current(),
      }),
    // Deliberately not `options`: only these values make a different runtime (see above).
    [environment, settingsId, marketGroup, mode, collectorFailure],
  );

  useEffect(() => {
    runtime.start();
    return () => runtime.dispose();
  }, [runtime]);
  return runtime;
}
