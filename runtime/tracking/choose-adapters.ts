import { createDataLayerCollector, createLocalCollector, type Collector } from './collector';
import { createLocalConsentManager, createProductionConsentManager, type ConsentManager } from './consent';
import { ensureDataLayer, type DataLayerEntry } from './data-layer';
import { pageRecorder, type LocalTrackingRecorder } from './local-recorder';
import { createDomScriptLoader, createRecordingScriptLoader, type ScriptLoader } from './script-loader';

/** The environments (docs/rules.md#locales-and-markets; derived from the host name by the host). */
export const ENVIRONMENTS = ['local', 'development', 'staging', 'onboarding', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/**
 * The only environments where third-party scripts may be put on the page and events leave for the
 * tag manager. Staging and onboarding stay local until someone decides otherwise, here.
 */
export const THIRD_PARTY_ENVIRONMENTS: ReadonlySet<Environment> = new Set<Environment>(['production']);

export type EnvironmentChoice =
  { ok: true; environment: Environment } | { ok: false; message: string; validValues: readonly string[] };

/** Refuses an unknown name with the list of valid ones (docs/architecture.md#check-where-data-enters), instead of guessing. */
export function parseEnvironment(value: string): EnvironmentChoice {
  const match = ENVIRONMENTS.find((environment) => environment === value.trim().toLowerCase());
  if (match) return { ok: true, environment: match };
  return { ok: false, message: `Unknown environment "${value}".`, validValues: ENVIRONMENTS };
}

export type AdapterKind = 'local' | 'production';

/**
 * Local adapters unless this is the production environment in a non-test build: in tests
 * (Vite mode "test") even a "production" environment gets the local ones.
 */
export function adapterKind(environment: Environment, mode: string = import.meta.env.MODE): AdapterKind {
  if (mode === 'test') return 'local';
  return THIRD_PARTY_ENVIRONMENTS.has(environment) ? 'production' : 'local';
}

export interface Adapters {
  kind: AdapterKind;
  collector: Collector;
  consent: ConsentManager;
  loader: ScriptLoader;
  /** The data layer the tag manager reads; only for production adapters. */
  dataLayer?: DataLayerEntry[];
  /** Where the local adapters record; only for local adapters. */
  recorder?: LocalTrackingRecorder;
}

export interface ChooseAdaptersOptions {
  environment: Environment;
  /** The locale config's consent.settingsId. */
  settingsId: string;
  /** Defaults to import.meta.env.MODE. */
  mode?: string;
  /** Local only: where to record; defaults to window.__portalShellTracking. */
  recorder?: LocalTrackingRecorder;
  /** Local only: every event send fails with this message (the preview's fault=tracking). */
  collectorFailure?: string;
}

export function chooseAdapters(options: ChooseAdaptersOptions): Adapters {
  if (adapterKind(options.environment, options.mode) === 'production') {
    const loader = createDomScriptLoader(document);
    return {
      kind: 'production',
      collector: createDataLayerCollector(window),
      consent: createProductionConsentManager({ settingsId: options.settingsId, loader, target: window }),
      loader,
      dataLayer: ensureDataLayer(window),
    };
  }
  const recorder = options.recorder ?? pageRecorder();
  const loader = createRecordingScriptLoader(recorder);
  return {
    kind: 'local',
    collector: createLocalCollector({
      recorder,
      ...(options.collectorFailure ? { failWith: options.collectorFailure } : {}),
    }),
    consent: createLocalConsentManager({ settingsId: options.settingsId, recorder, loader }),
    loader,
    recorder,
  };
}
