/** Public surface of tracking and consent; hosts import from here (docs/architecture.md, "Tracking and consent"). */
export {
  footerTapEvent,
  logoutSuccessEvent,
  redirectEvent,
  sessionEvent,
  shellFallbackEvent,
  completeEvent,
  countryPlatformFor,
  customerGroupFor,
  REDIRECT_KINDS,
  SESSION_EVENT_KINDS,
  TRACKING_EVENT_FIELDS,
  type TrackingEvent,
  type CollectedEvent,
  type TrackingEventInput,
  type TrackingContext,
  type BrowsingPlatform,
  type CustomerGroup,
  type FooterLinkTap,
  type LogoutTrigger,
  type RedirectKind,
  type RedirectDetails,
  type SessionEventKind,
  type ShellFallbackDetails,
} from './tracking-event';
export {
  pollTrackingIdentity,
  IDENTITY_POLL_INTERVAL_MS,
  IDENTITY_POLL_MAX_TRIES,
  type TrackingIdentity,
  type IdentitySource,
  type Timers,
} from './tracking-identity';
export { createTracker, noopTracker, type Tracker, type TrackerOptions } from './tracker';
export { createLocalCollector, createDataLayerCollector, type Collector } from './collector';
export {
  createLocalConsentManager,
  createProductionConsentManager,
  consentManagerScript,
  type ConsentManager,
} from './consent';
export {
  defaultConsentCommand,
  CONSENT_KEYS,
  CONSENT_WAIT_FOR_UPDATE_MS,
  DENIED_CONSENT,
  GRANTED_CONSENT,
  type ConsentState,
  type ConsentUpdate,
  type ConsentCommand,
} from './consent-mode';
export {
  startTagManager,
  tagManagerContainerId,
  tagManagerScript,
  isScriptAllowed,
  TAG_MANAGER_CONTAINERS,
  MARKET_GROUPS,
  type MarketGroup,
  type ConsentGatedScript,
} from './tag-manager';
export { createDomScriptLoader, createRecordingScriptLoader, type ScriptLoader } from './script-loader';
export type { ScriptSpec, ScriptCategory } from './script-spec';
export {
  chooseAdapters,
  adapterKind,
  parseEnvironment,
  ENVIRONMENTS,
  THIRD_PARTY_ENVIRONMENTS,
  type Environment,
  type AdapterKind,
} from './choose-adapters';
export { createTrackingRuntime, type TrackingRuntime, type TrackingRuntimeOptions } from './tracking-runtime';
export { createLocalRecorder, pageRecorder, type LocalTrackingRecorder } from './local-recorder';
export { TrackingProvider, type TrackingProviderProps } from './TrackingProvider';
export { useTracker, useConsentManager, useTrackingRuntime, TrackingRuntimeContext } from './use-tracking';
