import { ensureDataLayer, type DataLayerWindow } from './data-layer';
import { pageRecorder, type LocalTrackingRecorder } from './local-recorder';
import type { CollectedEvent } from './tracking-event';

/** Where events go. May throw or reject: the tracker turns any failure into a warning. */
export interface Collector {
  send: (collected: CollectedEvent) => void | Promise<void>;
}

export interface LocalCollectorOptions {
  recorder?: LocalTrackingRecorder;
  /** Makes every send fail with this message (the preview's fault=tracking:…), to show failures only warn. */
  failWith?: string;
}

/**
 * Development and tests: keeps the events in memory, on the page recorder
 * (`window.__portalShellTracking.events`) unless a recorder is given. Contacts nothing.
 */
export function createLocalCollector(options: LocalCollectorOptions = {}): Collector & { events: CollectedEvent[] } {
  const recorder = options.recorder ?? pageRecorder();
  return {
    events: recorder.events,
    send(collected) {
      if (options.failWith) throw new Error(options.failWith);
      recorder.events.push({
        event: { ...collected.event },
        identity: collected.identity ? { ...collected.identity } : null,
      });
    },
  };
}

/**
 * Production: pushes each event onto the tag manager's data layer, keyed `event` by its name so
 * tag-manager triggers can match it. The identity travels as tracking_customer_id and device_id
 * (null when unknown, so a previous event's value is not carried over).
 */
export function createDataLayerCollector(target: DataLayerWindow = window): Collector {
  return {
    send({ event, identity }) {
      ensureDataLayer(target).push({
        event: event.event_name,
        ...event,
        tracking_customer_id: identity?.customerId ?? null,
        device_id: identity?.deviceId ?? null,
      });
    },
  };
}
