// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentManagerScript, createLocalConsentManager, createProductionConsentManager } from './consent';
import {
  CONSENT_KEYS,
  defaultConsentCommand,
  DENIED_CONSENT,
  GRANTED_CONSENT,
  normaliseConsentUpdate,
} from './consent-mode';
import type { DataLayerEntry } from './data-layer';
import { createLocalRecorder } from './local-recorder';
import { createDomScriptLoader, createRecordingScriptLoader } from './script-loader';

describe('consent defaults', () => {
  it('deny ad_storage, ad_user_data, ad_personalization and analytics_storage, waiting 2000 ms for an update', () => {
    expect(defaultConsentCommand()).toEqual([
      'consent',
      'default',
      {
        ad_storage: 'denied',
        ad_user_data: 'denied',
        ad_personalization: 'denied',
        analytics_storage: 'denied',
        wait_for_update: 2000,
      },
    ]);
    expect(CONSENT_KEYS).toEqual(['ad_storage', 'ad_user_data', 'ad_personalization', 'analytics_storage']);
  });

  it('the consent manager script carries the locale’s settings id', () => {
    expect(consentManagerScript('Xy_12-ab')).toEqual({
      id: 'usercentrics-cmp',
      src: 'https://web.cmp.usercentrics.eu/ui/loader.js',
      category: 'consent-manager',
      attributes: { 'data-settings-id': 'Xy_12-ab' },
    });
  });

  it('normalising an update keeps known keys with valid values and names the rest', () => {
    expect(
      normaliseConsentUpdate({ analytics_storage: 'granted', ad_storage: 'yes', functionality_storage: 'granted' }),
    ).toEqual({
      update: { analytics_storage: 'granted' },
      dropped: ['ad_storage', 'functionality_storage'],
    });
    expect(normaliseConsentUpdate(null)).toEqual({ update: {}, dropped: [] });
  });
});

describe('local consent manager', () => {
  afterEach(() => delete window.__portalShellTracking);

  it('records the default once, and the consent manager script production would load', () => {
    const recorder = createLocalRecorder();
    const manager = createLocalConsentManager({
      settingsId: 'deDE-settings',
      recorder,
      loader: createRecordingScriptLoader(recorder),
    });
    manager.start();
    manager.dispose();
    manager.start(); // React StrictMode mounts twice.
    expect(recorder.consentCommands).toEqual([defaultConsentCommand()]);
    expect(recorder.scripts).toEqual([consentManagerScript('deDE-settings')]);
    expect(manager.state()).toEqual(DENIED_CONSENT);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('grant() records the update, changes the state and tells subscribers', () => {
    const recorder = createLocalRecorder();
    const manager = createLocalConsentManager({ settingsId: 's-1234', recorder });
    const listener = vi.fn();
    manager.subscribe(listener);
    manager.start();
    manager.grant({ analytics_storage: 'granted' });
    expect(manager.state()).toEqual({ ...DENIED_CONSENT, analytics_storage: 'granted' });
    expect(listener).toHaveBeenCalledWith({ ...DENIED_CONSENT, analytics_storage: 'granted' });
    expect(recorder.consentCommands.at(-1)).toEqual(['consent', 'update', { analytics_storage: 'granted' }]);
    // The same state again is not a change.
    manager.grant({ analytics_storage: 'granted' });
    expect(listener).toHaveBeenCalledTimes(1);
    manager.grant();
    expect(manager.state()).toEqual(GRANTED_CONSENT);
  });

  it('is granted through window.__portalShellTracking while it runs (Playwright)', () => {
    const manager = createLocalConsentManager({ settingsId: 's-1234' });
    expect(window.__portalShellTracking?.grantConsent).toBeUndefined();
    manager.start();
    window.__portalShellTracking?.grantConsent?.({ ad_storage: 'granted' });
    expect(manager.state().ad_storage).toBe('granted');
    manager.dispose();
    expect(window.__portalShellTracking?.grantConsent).toBeUndefined();
  });

  it('ignores unknown keys with a warning that lists the valid ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const manager = createLocalConsentManager({ settingsId: 's-1234', recorder: createLocalRecorder() });
    manager.grant({ analytics: 'granted' } as never);
    expect(manager.state()).toEqual(DENIED_CONSENT);
    expect(warn).toHaveBeenCalledWith(
      expect.stringContaining(
        'ignored "analytics"; valid keys: ad_storage, ad_user_data, ad_personalization, analytics_storage',
      ),
    );
  });

  it('starts from the consent already granted on the page (a runtime for another locale)', () => {
    const recorder = createLocalRecorder();
    const first = createLocalConsentManager({ settingsId: 's-1234', recorder });
    first.start();
    first.grant({ analytics_storage: 'granted' });
    first.dispose();
    const second = createLocalConsentManager({ settingsId: 's-5678', recorder });
    expect(second.state()).toEqual(DENIED_CONSENT);
    second.start();
    expect(second.state()).toEqual({ ...DENIED_CONSENT, analytics_storage: 'granted' });
  });

  it('counts requests for the second layer', () => {
    const recorder = createLocalRecorder();
    const manager = createLocalConsentManager({ settingsId: 's-1234', recorder });
    manager.openSecondLayer();
    manager.openSecondLayer();
    expect(recorder.secondLayerOpened).toBe(2);
  });
});

describe('production consent manager', () => {
  function setup() {
    const target: {
      dataLayer?: DataLayerEntry[];
      gtag?: (...args: unknown[]) => void;
      __ucCmp?: { showSecondLayer?: () => unknown };
      UC_UI?: { showSecondLayer?: () => unknown };
    } = {};
    // An inert document: the script element is created but never fetched.
    const doc = document.implementation.createHTMLDocument('inert');
    const manager = createProductionConsentManager({
      settingsId: 'deDE-settings',
      loader: createDomScriptLoader(doc),
      target,
    });
    return { target, doc, manager };
  }

  it('queues the denied default as a gtag Arguments entry, then loads the consent manager', () => {
    const { target, doc, manager } = setup();
    manager.start();
    const entry = target.dataLayer?.[0];
    expect(Array.isArray(entry)).toBe(false);
    expect(Array.from(entry as ArrayLike<unknown>)).toEqual(defaultConsentCommand());
    const script = doc.getElementById('usercentrics-cmp');
    expect(script?.getAttribute('src')).toBe('https://web.cmp.usercentrics.eu/ui/loader.js');
    expect(script?.getAttribute('data-settings-id')).toBe('deDE-settings');
  });

  it('sets the default once per page, however often it starts', () => {
    const { target, manager } = setup();
    manager.start();
    manager.dispose();
    manager.start();
    createProductionConsentManager({
      settingsId: 'other',
      loader: createDomScriptLoader(document.implementation.createHTMLDocument('x')),
      target,
    }).start();
    expect(target.dataLayer).toHaveLength(1);
  });

  it('follows the consent manager’s consent-mode updates, through gtag or pushed directly', () => {
    const { target, manager } = setup();
    const listener = vi.fn();
    manager.subscribe(listener);
    manager.start();
    target.gtag?.('consent', 'update', { analytics_storage: 'granted' });
    expect(manager.state()).toEqual({ ...DENIED_CONSENT, analytics_storage: 'granted' });
    target.dataLayer?.push([
      'consent',
      'update',
      { ad_storage: 'granted', ad_user_data: 'granted' },
    ] as unknown as IArguments);
    expect(manager.state()).toMatchObject({ ad_storage: 'granted', ad_user_data: 'granted' });
    target.dataLayer?.push({ event: 'unrelated' });
    expect(listener).toHaveBeenCalledTimes(2);
    manager.dispose();
    target.gtag?.('consent', 'update', { ad_personalization: 'granted' });
    expect(manager.state().ad_personalization).toBe('denied');
  });

  it('counts consent-mode updates queued before it started', () => {
    const { target, manager } = setup();
    target.dataLayer = [
      { event: 'x' },
      ['consent', 'update', { analytics_storage: 'granted' }] as unknown as IArguments,
    ];
    manager.start();
    expect(manager.state().analytics_storage).toBe('granted');
  });

  it('opens the second layer through the manager’s API, or warns while it is not loaded', () => {
    const { target, manager } = setup();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    manager.openSecondLayer();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('has not loaded yet'));
    target.UC_UI = { showSecondLayer: vi.fn() };
    manager.openSecondLayer();
    expect(target.UC_UI.showSecondLayer).toHaveBeenCalledTimes(1);
    target.__ucCmp = { showSecondLayer: vi.fn(() => Promise.resolve()) };
    manager.openSecondLayer();
    expect(target.__ucCmp.showSecondLayer).toHaveBeenCalledTimes(1);
    expect(target.UC_UI.showSecondLayer).toHaveBeenCalledTimes(1);
  });
});
