import type { LocaleConfig } from '../../schemas/generated/config-types';
import { chooseAdapters, type AdapterKind, type Environment } from './choose-adapters';
import type { ConsentManager } from './consent';
import type { LocalTrackingRecorder } from './local-recorder';
import { startTagManager, type ConsentGatedScript, type MarketGroup } from './tag-manager';
import { createTracker, type Tracker } from './tracker';
import type { TrackingContext } from './tracking-event';
import type { IdentitySource, Timers } from './tracking-identity';

export interface TrackingRuntimeOptions {
  environment: Environment;
  /** The locale config; only consent.settingsId and tagManager.marketGroup are read. */
  config: Pick<LocaleConfig, 'consent' | 'tagManager'>;
  context: TrackingContext | (() => TrackingContext);
  identity: IdentitySource;
  /** Defaults to import.meta.env.MODE; "test" always means local adapters. */
  mode?: string;
  containers?: Readonly<Record<MarketGroup, string>>;
  extraScripts?: readonly ConsentGatedScript[];
  recorder?: LocalTrackingRecorder;
  collectorFailure?: string;
  timers?: Timers;
}

export interface TrackingRuntime {
  kind: AdapterKind;
  tracker: Tracker;
  consent: ConsentManager;
  /** Consent default, then the consent manager, then the tag manager once consent allows; idempotent. */
  start: () => void;
  /** Undoes start(); start() may be called again (React StrictMode mounts twice). */
  dispose: () => void;
}

/**
 * Everything tracking and consent need for one locale and environment. Creating it has no side
 * effects; start() does the work, in the order consent mode requires.
 */
export function createTrackingRuntime(options: TrackingRuntimeOptions): TrackingRuntime {
  const adapters = chooseAdapters({
    environment: options.environment,
    settingsId: options.config.consent.settingsId,
    ...(options.mode !== undefined ? { mode: options.mode } : {}),
    ...(options.recorder ? { recorder: options.recorder } : {}),
    ...(options.collectorFailure ? { collectorFailure: options.collectorFailure } : {}),
  });
  const tracker = createTracker({
    collector: adapters.collector,
    identity: options.identity,
    context: options.context,
    ...(options.timers ? { timers: options.timers } : {}),
  });
  let stopTagManager: (() => void) | undefined;
  return {
    kind: adapters.kind,
    tracker,
    consent: adapters.consent,
    start() {
      if (stopTagManager) return;
      adapters.consent.start();
      stopTagManager = startTagManager({
        consent: adapters.consent,
        loader: adapters.loader,
        marketGroup: options.config.tagManager.marketGroup,
        ...(options.containers ? { containers: options.containers } : {}),
        ...(options.extraScripts ? { extraScripts: options.extraScripts } : {}),
        ...(adapters.dataLayer ? { dataLayer: adapters.dataLayer } : {}),
      });
      tracker.start();
    },
    dispose() {
      stopTagManager?.();
      stopTagManager = undefined;
      tracker.dispose();
      adapters.consent.dispose();
    },
  };
}
