/**
 * The tracking identity (docs/rules.md#tracking): polled every 300 ms, at most 10 tries. The identity is not a
 * field of the event (the event has none); the collector sends it next to the event.
 */

export interface TrackingIdentity {
  /** The tracking customer id: the customer number of the logged-in user record (docs/rules.md#customer-data). */
  customerId?: string;
  /** The anonymous device id stored locally. */
  deviceId?: string;
}

/**
 * Reads the identity now; null or undefined while it is not there yet. Throwing counts as "not yet".
 * For a logged-in customer return null until the customer number is known, so events wait for it
 * instead of going out with the device id only.
 */
export type IdentitySource = () => TrackingIdentity | null | undefined;

export const IDENTITY_POLL_INTERVAL_MS = 300;
export const IDENTITY_POLL_MAX_TRIES = 10;

/** The timer functions the poll uses; tests pass fakes or use vi.useFakeTimers(). */
export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface PollOptions {
  timers?: Timers;
  signal?: AbortSignal;
  intervalMs?: number;
  maxTries?: number;
}

function usable(identity: TrackingIdentity | null | undefined): identity is TrackingIdentity {
  return !!identity && (!!identity.customerId || !!identity.deviceId);
}

/**
 * Tries the source at once and then every intervalMs, maxTries times in all (by default at 0, 300, …,
 * 2700 ms). Resolves with the first identity that has an id, or null when every try came back empty
 * or the signal aborted. Never rejects.
 */
export function pollTrackingIdentity(
  source: IdentitySource,
  options: PollOptions = {},
): Promise<TrackingIdentity | null> {
  const {
    timers = browserTimers,
    signal,
    intervalMs = IDENTITY_POLL_INTERVAL_MS,
    maxTries = IDENTITY_POLL_MAX_TRIES,
  } = options;
  return new Promise((resolve) => {
    let tries = 0;
    let handle: unknown;
    const finish = (identity: TrackingIdentity | null) => {
      signal?.removeEventListener('abort', onAbort);
      resolve(identity);
    };
    const onAbort = () => {
      timers.clearTimeout(handle);
      finish(null);
    };
    const attempt = () => {
      tries += 1;
      let identity: TrackingIdentity | null | undefined;
      try {
        identity = source();
      } catch {
        identity = null;
      }
      if (usable(identity)) return finish(identity);
      if (tries >= maxTries) return finish(null);
      handle = timers.setTimeout(attempt, intervalMs);
    };
    if (signal?.aborted) return resolve(null);
    signal?.addEventListener('abort', onAbort, { once: true });
    attempt();
  });
}
