// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createDataLayerCollector, createLocalCollector } from './collector';
import type { DataLayerWindow } from './data-layer';
import { createLocalRecorder } from './local-recorder';
import { completeEvent, footerTapEvent, type CollectedEvent } from './tracking-event';

const event = completeEvent(
  footerTapEvent({ href: '/en-gb/about-us/', label: 'About us', section: 'column:company' }),
  {
    portal: 'customer-portal',
    country_platform: 'GB',
    browsing_platform: 'mobile',
    customer_group: 'visitor',
  },
);
const collected: CollectedEvent = { event, identity: { deviceId: 'dev-1' } };

describe('local collector', () => {
  afterEach(() => delete window.__portalShellTracking);

  it('keeps each event in memory, on the recorder it is given', () => {
    const recorder = createLocalRecorder();
    const collector = createLocalCollector({ recorder });
    collector.send(collected);
    expect(recorder.events).toEqual([collected]);
    expect(collector.events).toBe(recorder.events);
    // A copy: changing the sent object later does not rewrite what was recorded.
    collected.event.description = 'changed';
    expect(recorder.events[0]?.event.description).toBe('About us');
    collected.event.description = 'About us';
  });

  it('records on window.__portalShellTracking by default, for Playwright', () => {
    createLocalCollector().send(collected);
    expect(window.__portalShellTracking?.events).toEqual([collected]);
  });

  it('fails every send when told to (preview fault=tracking)', () => {
    const recorder = createLocalRecorder();
    const collector = createLocalCollector({ recorder, failWith: 'tracking: 503' });
    expect(() => collector.send(collected)).toThrow('tracking: 503');
    expect(recorder.events).toEqual([]);
  });
});

describe('data-layer collector', () => {
  it('pushes the event keyed by its name, with every field and the identity', () => {
    const target: DataLayerWindow = {};
    const collector = createDataLayerCollector(target);
    collector.send(collected);
    collector.send({ event, identity: null });
    expect(target.dataLayer).toEqual([
      { event: 'footer_link_tapped', ...event, tracking_customer_id: null, device_id: 'dev-1' },
      { event: 'footer_link_tapped', ...event, tracking_customer_id: null, device_id: null },
    ]);
  });

  it('appends to an existing data layer', () => {
    const target: DataLayerWindow = { dataLayer: [{ earlier: true }] };
    createDataLayerCollector(target).send(collected);
    expect(target.dataLayer).toHaveLength(2);
    expect(target.dataLayer?.[0]).toEqual({ earlier: true });
  });
});
