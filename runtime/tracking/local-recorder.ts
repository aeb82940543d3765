import type { ConsentCommand, ConsentUpdate } from './consent-mode';
import type { ScriptSpec } from './script-spec';
import type { CollectedEvent } from './tracking-event';

/**
 * What the local adapters received, in one place on the page: `window.__portalShellTracking`.
 * Playwright reads it (`page.evaluate(() => window.__portalShellTracking.events)`) and grants
 * consent through it; unit tests pass their own recorder instead of touching the window.
 */
export interface LocalTrackingRecorder {
  /** Every event the local collector received, with the identity it was sent with. */
  events: CollectedEvent[];
  /** Consent commands in order: the default first, then each update. */
  consentCommands: ConsentCommand[];
  /** How often the consent manager's second layer was asked for. */
  secondLayerOpened: number;
  /** Scripts production would have loaded (consent manager, tag manager, analytics, marketing); never fetched. */
  scripts: ScriptSpec[];
  /** Grants consent as the consent manager's banner would; no argument grants all four keys. Set while a local consent manager runs. */
  grantConsent?: (update?: ConsentUpdate) => void;
  /** Empties the lists (Playwright between steps, tests between cases). */
  clear: () => void;
}

declare global {
  interface Window {
    __portalShellTracking?: LocalTrackingRecorder;
  }
}

export function createLocalRecorder(): LocalTrackingRecorder {
  const recorder: LocalTrackingRecorder = {
    events: [],
    consentCommands: [],
    secondLayerOpened: 0,
    scripts: [],
    clear: () => {
      recorder.events.length = 0;
      recorder.consentCommands.length = 0;
      recorder.scripts.length = 0;
      recorder.secondLayerOpened = 0;
    },
  };
  return recorder;
}

/** The page's recorder, created on first use, so every local adapter writes to the same one. */
export function pageRecorder(target: Window = window): LocalTrackingRecorder {
  target.__portalShellTracking ??= createLocalRecorder();
  return target.__portalShellTracking;
}
