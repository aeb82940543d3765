// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { consentManagerScript } from './consent';
import { defaultConsentCommand } from './consent-mode';
import { createLocalRecorder } from './local-recorder';
import { TAG_MANAGER_CONTAINERS, tagManagerScript } from './tag-manager';
import { createTrackingRuntime, type TrackingRuntimeOptions } from './tracking-runtime';
import { footerTapEvent } from './tracking-event';

const config: TrackingRuntimeOptions['config'] = {
  consent: { settingsId: 'deDE-settings' },
  tagManager: { marketGroup: 'de-at' },
};

function setup(overrides: Partial<TrackingRuntimeOptions> = {}) {
  const recorder = createLocalRecorder();
  const runtime = createTrackingRuntime({
    environment: 'production',
    config,
    context: {
      portal: 'customer-portal',
      country_platform: 'DE',
      browsing_platform: 'mobile',
      customer_group: 'visitor',
      page: 'home',
    },
    identity: () => ({ deviceId: 'dev-1' }),
    recorder,
    ...overrides,
  });
  return { runtime, recorder };
}

describe('createTrackingRuntime (local adapters)', () => {
  afterEach(() => delete window.__portalShellTracking);

  it('has no side effects until started', () => {
    const { recorder } = setup();
    expect(recorder.consentCommands).toEqual([]);
    expect(recorder.scripts).toEqual([]);
  });

  it('sets the denied default, loads the locale’s consent manager, and the container only after consent', () => {
    const { runtime, recorder } = setup();
    expect(runtime.kind).toBe('local');
    runtime.start();
    expect(recorder.consentCommands).toEqual([defaultConsentCommand()]);
    expect(recorder.scripts).toEqual([consentManagerScript('deDE-settings')]);
    recorder.grantConsent?.({ analytics_storage: 'granted' });
    expect(recorder.scripts).toEqual([consentManagerScript('deDE-settings'), tagManagerScript('de-at')]);
    expect(recorder.scripts[1]?.attributes?.['data-container-id']).toBe(TAG_MANAGER_CONTAINERS['de-at']);
    // Nothing third-party reached the page.
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('records tracked events with the context and the identity', async () => {
    const { runtime, recorder } = setup();
    runtime.start();
    await runtime.tracker.track(footerTapEvent({ href: '/de-de/impressum/', label: 'Impressum', section: 'legal' }));
    expect(recorder.events).toHaveLength(1);
    expect(recorder.events[0]).toMatchObject({
      event: {
        event_name: 'footer_link_tapped',
        component: 'legal',
        country_platform: 'DE',
        browsing_platform: 'mobile',
        customer_group: 'visitor',
        context: 'home',
      },
      identity: { deviceId: 'dev-1' },
    });
  });

  it('survives a StrictMode remount without doubling anything', () => {
    const { runtime, recorder } = setup();
    runtime.start();
    runtime.start();
    runtime.dispose();
    runtime.start();
    recorder.grantConsent?.();
    expect(recorder.consentCommands.filter((command) => command[1] === 'default')).toHaveLength(1);
    expect(recorder.scripts.map((script) => script.category)).toEqual(['consent-manager', 'tag-manager']);
  });

  it('only warns when the collector fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { runtime, recorder } = setup({ collectorFailure: 'tracking: 503' });
    runtime.start();
    await expect(
      runtime.tracker.track(footerTapEvent({ href: '/x', label: 'X', section: 'legal' })),
    ).resolves.toBeUndefined();
    expect(recorder.events).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      '[tracking] could not send "footer_link_tapped":',
      expect.objectContaining({ message: 'tracking: 503' }),
    );
  });
});
