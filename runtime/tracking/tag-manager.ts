import type { LocaleConfig } from '../../schemas/generated/config-types';
import type { ConsentManager } from './consent';
import type { ConsentState } from './consent-mode';
import type { DataLayerEntry } from './data-layer';
import type { ScriptLoader } from './script-loader';
import type { ScriptSpec } from './script-spec';

/**
 * The tag manager (docs/rules.md#consent): one container per market group (German/Austrian, other, USA), chosen by
 * the locale config's tagManager.marketGroup. It and every analytics or marketing script load only
 * once the consent they need is granted, never before.
 */

export type MarketGroup = LocaleConfig['tagManager']['marketGroup'];
export const MARKET_GROUPS = ['de-at', 'other', 'us'] as const satisfies readonly MarketGroup[];

/**
 * Container ids by market group. Placeholders until the real ids are handed over; createTrackingRuntime
 * takes a `containers` override so they need no code change per environment.
 */
export const TAG_MANAGER_CONTAINERS: Readonly<Record<MarketGroup, string>> = Object.freeze({
  'de-at': 'GTM-PSDEAT1',
  other: 'GTM-PSOTHER1',
  us: 'GTM-PSUSA1',
});

export function tagManagerContainerId(
  group: MarketGroup,
  containers: Readonly<Record<MarketGroup, string>> = TAG_MANAGER_CONTAINERS,
): string {
  return containers[group];
}

export function tagManagerScript(group: MarketGroup, containers?: Readonly<Record<MarketGroup, string>>): ScriptSpec {
  const id = tagManagerContainerId(group, containers);
  return {
    id: `tag-manager-${id}`,
    src: `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`,
    category: 'tag-manager',
    attributes: { 'data-container-id': id },
  };
}

/** An analytics or marketing script the host wants on the page besides the tag manager. */
export type ConsentGatedScript = ScriptSpec & { category: 'analytics' | 'marketing' };

const granted = (state: ConsentState, key: keyof ConsentState) => state[key] === 'granted';

/**
 * The consent each kind of script needs. The tag manager only runs analytics and marketing tags, so
 * it needs one of the two; inside it, consent mode keeps each tag to its own category.
 */
export function isScriptAllowed(script: ScriptSpec, state: ConsentState): boolean {
  switch (script.category) {
    case 'consent-manager':
      return true;
    case 'tag-manager':
      return granted(state, 'analytics_storage') || granted(state, 'ad_storage');
    case 'analytics':
      return granted(state, 'analytics_storage');
    case 'marketing':
      return granted(state, 'ad_storage');
  }
}

export interface TagManagerOptions {
  consent: ConsentManager;
  loader: ScriptLoader;
  marketGroup: MarketGroup;
  containers?: Readonly<Record<MarketGroup, string>>;
  extraScripts?: readonly ConsentGatedScript[];
  /** Production only: gets the tag manager's start marker right before its script loads. */
  dataLayer?: DataLayerEntry[];
  now?: () => number;
}

/**
 * Loads the tag manager and the extra scripts as soon as, and only when, consent allows each; follows
 * consent changes until the returned function is called. A loaded script stays: withdrawing consent
 * later is enforced by consent mode inside the tag manager, which receives the manager's update.
 */
export function startTagManager(options: TagManagerOptions): () => void {
  const { consent, loader, marketGroup, containers, extraScripts = [], dataLayer, now = Date.now } = options;
  const pending: ScriptSpec[] = [tagManagerScript(marketGroup, containers), ...extraScripts];
  const loadAllowed = (state: ConsentState) => {
    for (const script of [...pending]) {
      if (!isScriptAllowed(script, state)) continue;
      pending.splice(pending.indexOf(script), 1);
      if (loader.has(script.id)) continue;
      // The container's start marker, as its own snippet pushes it right before the script.
      if (script.category === 'tag-manager') dataLayer?.push({ 'gtm.start': now(), event: 'gtm.js' });
      loader.load(script);
    }
  };
  const unsubscribe = consent.subscribe(loadAllowed);
  loadAllowed(consent.state());
  return unsubscribe;
}
