// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { adapterKind, chooseAdapters, ENVIRONMENTS, parseEnvironment } from './choose-adapters';
import { createLocalRecorder } from './local-recorder';

describe('adapterKind', () => {
  it('is local in every environment while testing, production included', () => {
    expect(import.meta.env.MODE).toBe('test');
    for (const environment of ENVIRONMENTS) expect(adapterKind(environment)).toBe('local');
  });

  it('uses third-party adapters only for the production environment of a real build', () => {
    expect(ENVIRONMENTS.map((environment) => [environment, adapterKind(environment, 'production')])).toEqual([
      ['local', 'local'],
      ['development', 'local'],
      ['staging', 'local'],
      ['onboarding', 'local'],
      ['production', 'production'],
    ]);
    expect(adapterKind('development', 'development')).toBe('local');
  });
});

describe('parseEnvironment', () => {
  it('accepts the five names, case-insensitively', () => {
    expect(parseEnvironment('Production')).toEqual({ ok: true, environment: 'production' });
    expect(parseEnvironment(' staging ')).toEqual({ ok: true, environment: 'staging' });
  });

  it('refuses anything else with the valid names', () => {
    expect(parseEnvironment('prod')).toEqual({
      ok: false,
      message: 'Unknown environment "prod".',
      validValues: ['local', 'development', 'staging', 'onboarding', 'production'],
    });
  });
});

describe('chooseAdapters', () => {
  afterEach(() => {
    delete window.__portalShellTracking;
    delete window.dataLayer;
  });

  it('gives recording adapters in tests, even for production, and creates no script element', () => {
    const recorder = createLocalRecorder();
    const adapters = chooseAdapters({ environment: 'production', settingsId: 's-1234', recorder });
    expect(adapters.kind).toBe('local');
    expect(adapters.recorder).toBe(recorder);
    expect(adapters.dataLayer).toBeUndefined();
    adapters.consent.start();
    expect(recorder.scripts.map((script) => script.category)).toEqual(['consent-manager']);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
  });

  it('records on the page recorder by default', () => {
    chooseAdapters({ environment: 'development', settingsId: 's-1234' }).consent.start();
    expect(window.__portalShellTracking?.consentCommands).toHaveLength(1);
  });

  it('gives the data layer, the DOM loader and the real consent manager only to production (not started here)', () => {
    const adapters = chooseAdapters({ environment: 'production', settingsId: 's-1234', mode: 'production' });
    expect(adapters.kind).toBe('production');
    expect(adapters.dataLayer).toBe(window.dataLayer);
    expect(adapters.recorder).toBeUndefined();
    expect(adapters.consent.settingsId).toBe('s-1234');
    // Choosing has no side effects: nothing is on the page until the runtime starts.
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('lets the preview make the local collector fail', () => {
    const adapters = chooseAdapters({
      environment: 'local',
      settingsId: 's-1234',
      recorder: createLocalRecorder(),
      collectorFailure: 'tracking: 500',
    });
    expect(() => adapters.collector.send({ event: {} as never, identity: null })).toThrow('tracking: 500');
  });
});
