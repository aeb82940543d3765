import type { Collector } from './collector';
import { completeEvent, type TrackingContext, type TrackingEvent, type TrackingEventInput } from './tracking-event';
import {
  IDENTITY_POLL_INTERVAL_MS,
  IDENTITY_POLL_MAX_TRIES,
  pollTrackingIdentity,
  type IdentitySource,
  type Timers,
  type TrackingIdentity,
} from './tracking-identity';

export interface Tracker {
  /**
   * Completes the event with the context and sends it with the identity. Never throws and never
   * rejects: a failure is a console warning, since analytics must never break the page. The promise settles once the event was handed
   * to the collector (or dropped with a warning); callers need not await it.
   */
  track: (input: TrackingEventInput) => Promise<void>;
  /** Starts looking for the identity; track() also starts it. */
  start: () => void;
  /** Sends the events waiting for the identity now, with whatever identity is known. */
  flush: () => void;
  /** Forgets the identity (after login or logout); the next event polls again. */
  refreshIdentity: () => void;
  /** Stops polling and flushes; track() after dispose() still works and starts polling again. */
  dispose: () => void;
}

export interface TrackerOptions {
  collector: Collector;
  identity: IdentitySource;
  /** Read on every event, so a value that changes (page, mobile/desktop) is current. */
  context: TrackingContext | (() => TrackingContext);
  timers?: Timers;
  logger?: Pick<Console, 'warn'>;
  /** Where pagehide is heard, to send waiting events before the page goes (e.g. a footer link navigates). */
  unloadTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

interface Waiting {
  event: TrackingEvent;
  done: () => void;
}

/**
 * The tracker: events wait for the identity poll (every 300 ms, at most 10 tries), then go out in
 * order. When the poll gives up they go out without an identity, with one warning. When the page is
 * hidden or unloaded first, waiting events go out at once so a navigating tap is not lost.
 */
export function createTracker(options: TrackerOptions): Tracker {
  const {
    collector,
    identity: source,
    timers,
    logger = console,
    unloadTarget = typeof window === 'undefined' ? null : window,
  } = options;
  const readContext =
    typeof options.context === 'function' ? options.context : () => options.context as TrackingContext;

  let resolved: { identity: TrackingIdentity | null } | undefined;
  let poll: AbortController | undefined;
  let generation = 0;
  const waiting: Waiting[] = [];

  const warn = (message: string, error?: unknown) => {
    try {
      if (error === undefined) logger.warn(`[tracking] ${message}`);
      else logger.warn(`[tracking] ${message}`, error);
    } catch {
      // A broken logger must not break the page either.
    }
  };

  const send = (event: TrackingEvent, identity: TrackingIdentity | null): Promise<void> => {
    const failed = (error: unknown) => warn(`could not send "${event.event_name}":`, error);
    try {
      return Promise.resolve(collector.send({ event, identity })).catch(failed);
    } catch (error) {
      failed(error);
      return Promise.resolve();
    }
  };

  const sendWaiting = (identity: TrackingIdentity | null) => {
    for (const item of waiting.splice(0)) void send(item.event, identity).then(item.done);
  };

  const onPageHide = () => sendWaiting(resolved?.identity ?? null);

  const start = () => {
    if (resolved || poll) return;
    const controller = new AbortController();
    poll = controller;
    const mine = generation;
    unloadTarget?.addEventListener('pagehide', onPageHide);
    void pollTrackingIdentity(source, { ...(timers ? { timers } : {}), signal: controller.signal }).then((identity) => {
      if (controller.signal.aborted || mine !== generation) return;
      poll = undefined;
      unloadTarget?.removeEventListener('pagehide', onPageHide);
      resolved = { identity };
      if (!identity)
        warn(
          `no tracking identity after ${IDENTITY_POLL_MAX_TRIES} tries ${IDENTITY_POLL_INTERVAL_MS} ms apart; events are sent without one.`,
        );
      sendWaiting(identity);
    });
  };

  const stopPolling = () => {
    poll?.abort();
    poll = undefined;
    unloadTarget?.removeEventListener('pagehide', onPageHide);
  };

  return {
    track(input) {
      let event: TrackingEvent;
      try {
        event = completeEvent(input, readContext());
      } catch (error) {
        warn(`could not build "${String(input?.event_name)}":`, error);
        return Promise.resolve();
      }
      if (resolved) return send(event, resolved.identity);
      return new Promise<void>((done) => {
        waiting.push({ event, done });
        start();
      });
    },
    start,
    flush: () => sendWaiting(resolved?.identity ?? null),
    refreshIdentity() {
      generation += 1;
      stopPolling();
      resolved = undefined;
      if (waiting.length > 0) start();
    },
    dispose() {
      generation += 1;
      stopPolling();
      sendWaiting(resolved?.identity ?? null);
    },
  };
}

/** A tracker that drops everything: for components rendered without a TrackingProvider. */
export const noopTracker: Tracker = {
  track: () => Promise.resolve(),
  start: () => undefined,
  flush: () => undefined,
  refreshIdentity: () => undefined,
  dispose: () => undefined,
};
