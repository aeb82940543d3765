import { ensureDataLayer, ensureGtag, type DataLayerEntry, type DataLayerWindow } from './data-layer';
import { pageRecorder, type LocalTrackingRecorder } from './local-recorder';
import {
  CONSENT_KEYS,
  defaultConsentCommand,
  DENIED_CONSENT,
  GRANTED_CONSENT,
  normaliseConsentUpdate,
  type ConsentState,
  type ConsentUpdate,
} from './consent-mode';
import type { ScriptLoader } from './script-loader';
import type { ScriptSpec } from './script-spec';

/**
 * The consent managers (docs/rules.md#consent): one per locale's settings id, started after the
 * denied default (consent-mode.ts) is queued; it then grants or keeps denying, and analytics and
 * marketing scripts wait for it.
 */

export type ConsentListener = (state: ConsentState) => void;

/** The consent manager adapter. start() sets the default and loads the manager; dispose() undoes start(). */
export interface ConsentManager {
  readonly settingsId: string;
  start: () => void;
  state: () => ConsentState;
  /** Called on every change, not with the current state; read state() for that. */
  subscribe: (listener: ConsentListener) => () => void;
  /** The footer's consent-settings link (docs/rules.md#footer): opens the manager's second layer. */
  openSecondLayer: () => void;
  dispose: () => void;
}

export const CONSENT_MANAGER_SCRIPT_ID = 'usercentrics-cmp';
export const CONSENT_MANAGER_LOADER_URL = 'https://web.cmp.usercentrics.eu/ui/loader.js';

/** The consent manager's script for one locale's settings id. */
export function consentManagerScript(settingsId: string): ScriptSpec {
  return {
    id: CONSENT_MANAGER_SCRIPT_ID,
    src: CONSENT_MANAGER_LOADER_URL,
    category: 'consent-manager',
    attributes: { 'data-settings-id': settingsId },
  };
}

/** State, listeners and merging shared by both adapters. */
function consentStore() {
  let state: ConsentState = { ...DENIED_CONSENT };
  const listeners = new Set<ConsentListener>();
  return {
    state: () => ({ ...state }),
    subscribe(listener: ConsentListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    apply(update: ConsentUpdate) {
      const next = { ...state, ...update };
      if (CONSENT_KEYS.every((key) => next[key] === state[key])) return;
      state = next;
      for (const listener of [...listeners]) listener({ ...state });
    },
  };
}

export interface LocalConsentManagerOptions {
  settingsId: string;
  recorder?: LocalTrackingRecorder;
  /** Records the consent-manager script production would load; nothing is fetched. */
  loader?: ScriptLoader;
}

/**
 * Development and tests: records the default, every update and every second-layer request on the
 * recorder, and lets tests grant consent with grant() or, in Playwright,
 * `window.__portalShellTracking.grantConsent({ analytics_storage: 'granted' })`.
 */
export function createLocalConsentManager(
  options: LocalConsentManagerOptions,
): ConsentManager & { grant: (update?: ConsentUpdate) => void } {
  const recorder = options.recorder ?? pageRecorder();
  const store = consentStore();
  const grant = (update: ConsentUpdate = GRANTED_CONSENT) => {
    const { update: clean, dropped } = normaliseConsentUpdate(update);
    if (dropped.length > 0)
      console.warn(
        `[consent] ignored ${dropped.map((key) => `"${key}"`).join(', ')}; valid keys: ${CONSENT_KEYS.join(', ')} with "granted" or "denied".`,
      );
    recorder.consentCommands.push(['consent', 'update', clean]);
    store.apply(clean);
  };
  return {
    settingsId: options.settingsId,
    start() {
      // Once per page, like the real default: a remount (React StrictMode) must not reset consent.
      if (!recorder.consentCommands.some((command) => command[1] === 'default'))
        recorder.consentCommands.push(defaultConsentCommand());
      // Consent belongs to the page: a runtime created later (another locale) starts from what was granted.
      for (const command of recorder.consentCommands) if (command[1] === 'update') store.apply(command[2]);
      options.loader?.load(consentManagerScript(options.settingsId));
      recorder.grantConsent = grant;
    },
    state: store.state,
    subscribe: store.subscribe,
    openSecondLayer() {
      recorder.secondLayerOpened += 1;
    },
    dispose() {
      if (recorder.grantConsent === grant) delete recorder.grantConsent;
    },
    grant,
  };
}

/** The consent manager's browser API: v3 exposes __ucCmp, v2 UC_UI. */
interface ConsentManagerWindow extends DataLayerWindow {
  __ucCmp?: { showSecondLayer?: () => unknown };
  UC_UI?: { showSecondLayer?: () => unknown };
}

type DataLayerObserver = (entry: DataLayerEntry) => void;
const observers = new WeakMap<DataLayerEntry[], Set<DataLayerObserver>>();
const defaultsSet = new WeakSet<object>();

/**
 * Calls observe for every entry pushed onto the data layer. The wrapper is installed once per array
 * and never removed: the tag manager wraps push again when it loads and must keep a working chain.
 */
function observeDataLayer(dataLayer: DataLayerEntry[], observe: DataLayerObserver): () => void {
  let set = observers.get(dataLayer);
  if (!set) {
    const current = new Set<DataLayerObserver>();
    set = current;
    observers.set(dataLayer, current);
    const push = dataLayer.push.bind(dataLayer);
    dataLayer.push = (...entries: DataLayerEntry[]) => {
      const length = push(...entries);
      for (const entry of entries) for (const observer of [...current]) observer(entry);
      return length;
    };
  }
  set.add(observe);
  return () => void set.delete(observe);
}

/** A consent-mode update pushed by the consent manager, through gtag or straight onto the data layer. */
function consentUpdateOf(entry: DataLayerEntry): unknown {
  const args = entry as ArrayLike<unknown>;
  if (typeof args.length !== 'number' || args[0] !== 'consent' || args[1] !== 'update') return undefined;
  return args[2];
}

export interface ProductionConsentManagerOptions {
  settingsId: string;
  loader: ScriptLoader;
  target?: ConsentManagerWindow;
}

/**
 * Production: queues the denied default through gtag (once per page), loads the consent manager's
 * script with the locale's settings id, and follows the consent-mode updates the manager pushes
 * onto the data layer (it does so for Google consent mode v2).
 */
export function createProductionConsentManager(options: ProductionConsentManagerOptions): ConsentManager {
  const target: ConsentManagerWindow = options.target ?? (window as ConsentManagerWindow);
  const store = consentStore();
  let stopObserving: (() => void) | undefined;
  return {
    settingsId: options.settingsId,
    start() {
      const gtag = ensureGtag(target);
      if (!defaultsSet.has(target)) {
        defaultsSet.add(target);
        gtag(...defaultConsentCommand());
      }
      const follow = (entry: DataLayerEntry) => {
        const update = consentUpdateOf(entry);
        if (update !== undefined) store.apply(normaliseConsentUpdate(update).update);
      };
      const dataLayer = ensureDataLayer(target);
      if (!stopObserving) {
        // Updates queued before this manager started (an earlier runtime, or a fast consent manager) count too.
        for (const entry of [...dataLayer]) follow(entry);
        stopObserving = observeDataLayer(dataLayer, follow);
      }
      options.loader.load(consentManagerScript(options.settingsId));
    },
    state: store.state,
    subscribe: store.subscribe,
    openSecondLayer() {
      const api = target.__ucCmp?.showSecondLayer ? target.__ucCmp : target.UC_UI;
      if (!api?.showSecondLayer) {
        console.warn('[consent] the consent manager has not loaded yet; its settings cannot be opened.');
        return;
      }
      const warn = (error: unknown) =>
        console.warn('[consent] the consent manager could not open its settings:', error);
      try {
        Promise.resolve(api.showSecondLayer()).catch(warn);
      } catch (error) {
        warn(error);
      }
    },
    dispose() {
      stopObserving?.();
      stopObserving = undefined;
    },
  };
}
