import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TrackingContext } from './tracking-event';
import { footerTapEvent } from './tracking-event';
import { TrackingProvider } from './TrackingProvider';
import { useConsentManager, useTracker, useTrackingRuntime } from './use-tracking';

function TapButton() {
  const tracker = useTracker();
  const consent = useConsentManager();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void tracker.track(footerTapEvent({ href: '/de-de/impressum/', label: 'Impressum', section: 'legal' }))
        }
      >
        Tap
      </button>
      <button type="button" onClick={() => consent?.openSecondLayer()}>
        Settings
      </button>
    </>
  );
}

function Host({ page, settingsId = 'deDE-settings' }: { page: string; settingsId?: string }) {
  const context: TrackingContext = {
    portal: 'customer-portal',
    country_platform: 'DE',
    browsing_platform: 'desktop',
    customer_group: 'visitor',
    page,
  };
  const runtime = useTrackingRuntime({
    environment: 'development',
    config: { consent: { settingsId }, tagManager: { marketGroup: 'de-at' } },
    context,
    identity: () => ({ deviceId: 'dev-1' }),
  });
  return (
    <TrackingProvider runtime={runtime}>
      <TapButton />
    </TrackingProvider>
  );
}

describe('useTracker without a provider', () => {
  it('is a tracker that drops events, so components render anywhere', async () => {
    render(<TapButton />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tap' }));
    expect(window.__portalShellTracking).toBeUndefined();
  });
});

describe('useTrackingRuntime + TrackingProvider', () => {
  afterEach(() => delete window.__portalShellTracking);

  it('starts once under StrictMode and tracks with the latest context', async () => {
    const { rerender } = render(
      <StrictMode>
        <Host page="home" />
      </StrictMode>,
    );
    const recorder = window.__portalShellTracking!;
    expect(recorder.consentCommands.filter((command) => command[1] === 'default')).toHaveLength(1);
    expect(recorder.scripts.map((script) => script.attributes?.['data-settings-id'])).toEqual(['deDE-settings']);

    rerender(
      <StrictMode>
        <Host page="dashboard" />
      </StrictMode>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Tap' }));
    await act(() => Promise.resolve());
    expect(recorder.events.map((record) => [record.event.event_name, record.event.context, record.identity])).toEqual([
      ['footer_link_tapped', 'dashboard', { deviceId: 'dev-1' }],
    ]);

    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(recorder.secondLayerOpened).toBe(1);
  });

  it('stops granting through the window after unmount', () => {
    const { unmount } = render(<Host page="home" />);
    expect(window.__portalShellTracking?.grantConsent).toBeTypeOf('function');
    unmount();
    expect(window.__portalShellTracking?.grantConsent).toBeUndefined();
  });
});
