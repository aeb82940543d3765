import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Collector } from './collector';
import { createTracker, noopTracker } from './tracker';
import {
  footerTapEvent,
  logoutSuccessEvent,
  sessionEvent,
  type CollectedEvent,
  type TrackingContext,
} from './tracking-event';
import type { TrackingIdentity } from './tracking-identity';

const context: TrackingContext = {
  portal: 'customer-portal',
  country_platform: 'DE',
  browsing_platform: 'desktop',
  customer_group: 'private',
  page: 'dashboard',
};

function setup(
  options: {
    identity?: () => TrackingIdentity | null;
    send?: Collector['send'];
    context?: TrackingContext | (() => TrackingContext);
  } = {},
) {
  const received: CollectedEvent[] = [];
  const collector: Collector = { send: options.send ?? ((c) => void received.push(c)) };
  const logger = { warn: vi.fn() };
  const unloadTarget = new EventTarget();
  const tracker = createTracker({
    collector,
    identity: options.identity ?? (() => ({ customerId: '9001' })),
    context: options.context ?? context,
    logger,
    unloadTarget,
  });
  return { tracker, received, logger, unloadTarget };
}

describe('createTracker', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the completed event with the identity', async () => {
    const { tracker, received } = setup();
    await tracker.track(logoutSuccessEvent());
    expect(received).toHaveLength(1);
    expect(received[0]?.identity).toEqual({ customerId: '9001' });
    expect(received[0]?.event).toMatchObject({
      event_name: 'logout_succeeded',
      portal: 'customer-portal',
      country_platform: 'DE',
      browsing_platform: 'desktop',
      customer_group: 'private',
      context: 'dashboard',
    });
  });

  it('holds events until the identity appears, then sends them in order', async () => {
    let identity: TrackingIdentity | null = null;
    const { tracker, received } = setup({ identity: () => identity });
    void tracker.track(sessionEvent('shown'));
    void tracker.track(sessionEvent('extended-manually'));
    await vi.advanceTimersByTimeAsync(600);
    expect(received).toEqual([]);
    identity = { customerId: '9001', deviceId: 'dev-1' };
    await vi.advanceTimersByTimeAsync(300);
    expect(received.map((c) => c.event.event_name)).toEqual(['session_countdown_shown', 'session_extended_manually']);
    expect(received.every((c) => c.identity?.customerId === '9001')).toBe(true);
    // Once known, the identity is reused: the next event goes out without waiting.
    void tracker.track(sessionEvent('expired'));
    expect(received).toHaveLength(3);
  });

  it('sends without an identity after 10 empty tries, warning once', async () => {
    const source = vi.fn(() => null);
    const { tracker, received, logger } = setup({ identity: source });
    const sent = tracker.track(footerTapEvent({ href: '/x', label: 'X', section: 'legal' }));
    await vi.advanceTimersByTimeAsync(2700);
    await sent;
    expect(source).toHaveBeenCalledTimes(10);
    expect(received).toHaveLength(1);
    expect(received[0]?.identity).toBeNull();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toMatch(/no tracking identity after 10 tries 300 ms apart/);
    await tracker.track(logoutSuccessEvent());
    expect(received).toHaveLength(2);
    expect(source).toHaveBeenCalledTimes(10);
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it('turns a throwing collector into a warning; track never throws or rejects', async () => {
    const { tracker, logger } = setup({
      send: () => {
        throw new Error('collector down');
      },
    });
    await expect(tracker.track(logoutSuccessEvent())).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith(
      '[tracking] could not send "logout_succeeded":',
      expect.objectContaining({ message: 'collector down' }),
    );
  });

  it('turns a rejecting collector into a warning', async () => {
    const { tracker, logger } = setup({ send: () => Promise.reject(new Error('503')) });
    await expect(tracker.track(logoutSuccessEvent())).resolves.toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith(
      '[tracking] could not send "logout_succeeded":',
      expect.objectContaining({ message: '503' }),
    );
  });

  it('turns a failing context into a warning', async () => {
    const { tracker, received, logger } = setup({
      context: () => {
        throw new Error('no config');
      },
    });
    await expect(tracker.track(logoutSuccessEvent())).resolves.toBeUndefined();
    expect(received).toEqual([]);
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });

  it('reads the context for every event', async () => {
    let platform: TrackingContext['browsing_platform'] = 'desktop';
    const { tracker, received } = setup({ context: () => ({ ...context, browsing_platform: platform }) });
    await tracker.track(logoutSuccessEvent());
    platform = 'mobile';
    await tracker.track(logoutSuccessEvent());
    expect(received.map((c) => c.event.browsing_platform)).toEqual(['desktop', 'mobile']);
  });

  it('sends waiting events at once when the page is hidden, so a navigating tap is not lost', async () => {
    const { tracker, received, unloadTarget } = setup({ identity: () => null });
    void tracker.track(footerTapEvent({ href: '/de-de/impressum/', label: 'Impressum', section: 'legal' }));
    await vi.advanceTimersByTimeAsync(300);
    expect(received).toEqual([]);
    unloadTarget.dispatchEvent(new Event('pagehide'));
    expect(received).toHaveLength(1);
    expect(received[0]?.identity).toBeNull();
  });

  it('flush() and dispose() send what waits; dispose stops the poll', async () => {
    const source = vi.fn(() => null);
    const { tracker, received } = setup({ identity: source });
    void tracker.track(sessionEvent('shown'));
    tracker.flush();
    expect(received).toHaveLength(1);
    void tracker.track(sessionEvent('expired'));
    tracker.dispose();
    expect(received).toHaveLength(2);
    const calls = source.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5000);
    expect(source).toHaveBeenCalledTimes(calls);
  });

  it('refreshIdentity() forgets the identity so the next event polls again', async () => {
    let identity: TrackingIdentity = { deviceId: 'dev-1' };
    const { tracker, received } = setup({ identity: () => identity });
    await tracker.track(logoutSuccessEvent());
    identity = { customerId: '9001', deviceId: 'dev-1' };
    tracker.refreshIdentity();
    await tracker.track(logoutSuccessEvent());
    expect(received.map((c) => c.identity)).toEqual([{ deviceId: 'dev-1' }, { customerId: '9001', deviceId: 'dev-1' }]);
  });

  it('start() polls ahead, so the first event does not wait', async () => {
    const source = vi.fn(() => ({ deviceId: 'dev-1' }));
    const { tracker, received } = setup({ identity: source });
    tracker.start();
    await vi.advanceTimersByTimeAsync(0);
    void tracker.track(logoutSuccessEvent());
    expect(received).toHaveLength(1);
    expect(source).toHaveBeenCalledTimes(1);
  });
});

describe('noopTracker', () => {
  it('accepts events and does nothing', async () => {
    await expect(noopTracker.track(logoutSuccessEvent())).resolves.toBeUndefined();
  });
});
