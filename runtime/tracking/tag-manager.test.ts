import { describe, expect, it } from 'vitest';
import { createLocalConsentManager } from './consent';
import { DENIED_CONSENT, GRANTED_CONSENT } from './consent-mode';
import type { DataLayerEntry } from './data-layer';
import { createLocalRecorder } from './local-recorder';
import { createRecordingScriptLoader } from './script-loader';
import type { ScriptSpec } from './script-spec';
import {
  isScriptAllowed,
  MARKET_GROUPS,
  startTagManager,
  TAG_MANAGER_CONTAINERS,
  tagManagerContainerId,
  tagManagerScript,
  type ConsentGatedScript,
} from './tag-manager';

const analytics: ConsentGatedScript = {
  id: 'analytics-x',
  src: 'https://analytics.example/x.js',
  category: 'analytics',
};
const marketing: ConsentGatedScript = { id: 'marketing-y', src: 'https://ads.example/y.js', category: 'marketing' };

function setup(marketGroup: (typeof MARKET_GROUPS)[number] = 'de-at') {
  const recorder = createLocalRecorder();
  const consent = createLocalConsentManager({ settingsId: 's-1234', recorder });
  const dataLayer: DataLayerEntry[] = [];
  const stop = startTagManager({
    consent,
    loader: createRecordingScriptLoader(recorder),
    marketGroup,
    extraScripts: [analytics, marketing],
    dataLayer,
    now: () => 1234,
  });
  const loaded = () => recorder.scripts.map((script) => script.id);
  return { recorder, consent, dataLayer, stop, loaded };
}

describe('tag manager containers', () => {
  it('one container per market group: German/Austrian, other, USA', () => {
    expect(MARKET_GROUPS).toEqual(['de-at', 'other', 'us']);
    const ids = MARKET_GROUPS.map((group) => tagManagerContainerId(group));
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^GTM-[A-Z0-9]+$/);
    expect(tagManagerContainerId('us', { ...TAG_MANAGER_CONTAINERS, us: 'GTM-REAL01' })).toBe('GTM-REAL01');
  });

  it('the container script loads its market group’s container', () => {
    expect(tagManagerScript('us')).toEqual({
      id: `tag-manager-${TAG_MANAGER_CONTAINERS.us}`,
      src: `https://www.googletagmanager.com/gtm.js?id=${TAG_MANAGER_CONTAINERS.us}`,
      category: 'tag-manager',
      attributes: { 'data-container-id': TAG_MANAGER_CONTAINERS.us },
    });
  });
});

describe('consent gating', () => {
  it('needs analytics consent for analytics, ad-storage consent for marketing, either for the tag manager', () => {
    const tagManager = tagManagerScript('other');
    const cmp: ScriptSpec = { id: 'c', src: 'https://c', category: 'consent-manager' };
    const table = [
      { state: DENIED_CONSENT, allowed: ['c'] },
      {
        state: { ...DENIED_CONSENT, analytics_storage: 'granted' as const },
        allowed: ['c', tagManager.id, 'analytics-x'],
      },
      { state: { ...DENIED_CONSENT, ad_storage: 'granted' as const }, allowed: ['c', tagManager.id, 'marketing-y'] },
      {
        state: { ...DENIED_CONSENT, ad_user_data: 'granted' as const, ad_personalization: 'granted' as const },
        allowed: ['c'],
      },
      { state: GRANTED_CONSENT, allowed: ['c', tagManager.id, 'analytics-x', 'marketing-y'] },
    ];
    for (const { state, allowed } of table) {
      expect(
        [cmp, tagManager, analytics, marketing].filter((script) => isScriptAllowed(script, state)).map((s) => s.id),
      ).toEqual(allowed);
    }
  });

  it('loads nothing before consent', () => {
    const { loaded, dataLayer } = setup();
    expect(loaded()).toEqual([]);
    expect(dataLayer).toEqual([]);
  });

  it('loads the container and analytics once analytics is granted, marketing only with ad storage', () => {
    const { consent, loaded, dataLayer } = setup('de-at');
    consent.grant({ analytics_storage: 'granted' });
    expect(loaded()).toEqual([`tag-manager-${TAG_MANAGER_CONTAINERS['de-at']}`, 'analytics-x']);
    expect(dataLayer).toEqual([{ 'gtm.start': 1234, event: 'gtm.js' }]);
    consent.grant({ ad_storage: 'granted' });
    expect(loaded()).toEqual([`tag-manager-${TAG_MANAGER_CONTAINERS['de-at']}`, 'analytics-x', 'marketing-y']);
    // Nothing loads twice, and the container's start marker is pushed once.
    consent.grant(GRANTED_CONSENT);
    expect(loaded()).toHaveLength(3);
    expect(dataLayer).toHaveLength(1);
  });

  it('loads at once what consent already allows when it starts', () => {
    const recorder = createLocalRecorder();
    const consent = createLocalConsentManager({ settingsId: 's-1234', recorder });
    consent.grant(GRANTED_CONSENT);
    startTagManager({ consent, loader: createRecordingScriptLoader(recorder), marketGroup: 'us' });
    expect(recorder.scripts.map((script) => script.id)).toEqual([`tag-manager-${TAG_MANAGER_CONTAINERS.us}`]);
  });

  it('stops following consent once stopped', () => {
    const { consent, loaded, stop } = setup();
    stop();
    consent.grant(GRANTED_CONSENT);
    expect(loaded()).toEqual([]);
  });
});
