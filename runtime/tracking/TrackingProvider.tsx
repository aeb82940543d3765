import type { ReactNode } from 'react';
import type { TrackingRuntime } from './tracking-runtime';
import { TrackingRuntimeContext } from './use-tracking';

export interface TrackingProviderProps {
  runtime: TrackingRuntime;
  children: ReactNode;
}

/** Makes the runtime's tracker and consent manager available to useTracker() and useConsentManager(). */
export function TrackingProvider({ runtime, children }: TrackingProviderProps) {
  return <TrackingRuntimeContext.Provider value={runtime}>{children}</TrackingRuntimeContext.Provider>;
}
