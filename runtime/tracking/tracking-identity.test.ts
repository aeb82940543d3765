import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDENTITY_POLL_INTERVAL_MS,
  IDENTITY_POLL_MAX_TRIES,
  pollTrackingIdentity,
  type Timers,
  type TrackingIdentity,
} from './tracking-identity';

/** Resolves the poll's promise into a box so tests can check "not yet" between timer steps. */
function observe(promise: Promise<TrackingIdentity | null>) {
  const box: { settled: boolean; value?: TrackingIdentity | null } = { settled: false };
  void promise.then((value) => Object.assign(box, { settled: true, value }));
  return box;
}

describe('pollTrackingIdentity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 300 ms, at most 10 tries', () => {
    expect(IDENTITY_POLL_INTERVAL_MS).toBe(300);
    expect(IDENTITY_POLL_MAX_TRIES).toBe(10);
  });

  it('resolves at once when the identity is already there', async () => {
    const source = vi.fn(() => ({ deviceId: 'dev-1' }));
    await expect(pollTrackingIdentity(source)).resolves.toEqual({ deviceId: 'dev-1' });
    expect(source).toHaveBeenCalledTimes(1);
  });

  it('tries again every 300 ms until the identity appears', async () => {
    let calls = 0;
    const source = vi.fn(() => (++calls === 4 ? { customerId: '9001' } : null));
    const box = observe(pollTrackingIdentity(source));
    await vi.advanceTimersByTimeAsync(899);
    expect(source).toHaveBeenCalledTimes(3);
    expect(box.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(source).toHaveBeenCalledTimes(4);
    expect(box).toEqual({ settled: true, value: { customerId: '9001' } });
  });

  it('gives up with null after the 10th try, at 2700 ms, and stops polling', async () => {
    const source = vi.fn(() => undefined);
    const box = observe(pollTrackingIdentity(source));
    await vi.advanceTimersByTimeAsync(2699);
    expect(source).toHaveBeenCalledTimes(9);
    expect(box.settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(source).toHaveBeenCalledTimes(10);
    expect(box).toEqual({ settled: true, value: null });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(source).toHaveBeenCalledTimes(10);
  });

  it('treats a throwing source and an identity without ids as "not yet"', async () => {
    const answers: Array<() => TrackingIdentity | null> = [
      () => {
        throw new Error('storage blocked');
      },
      () => ({}),
      () => ({ customerId: '' }),
      () => ({ deviceId: 'dev-2' }),
    ];
    let i = 0;
    const promise = pollTrackingIdentity(() => answers[i++]!());
    await vi.advanceTimersByTimeAsync(900);
    await expect(promise).resolves.toEqual({ deviceId: 'dev-2' });
  });

  it('resolves null and stops when aborted', async () => {
    const source = vi.fn(() => null);
    const controller = new AbortController();
    const box = observe(pollTrackingIdentity(source, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(300);
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(box).toEqual({ settled: true, value: null });
    await vi.advanceTimersByTimeAsync(5000);
    expect(source).toHaveBeenCalledTimes(2);
  });

  it('uses injected timers', async () => {
    const delays: number[] = [];
    const timers: Timers = {
      setTimeout: (callback, ms) => {
        delays.push(ms);
        queueMicrotask(callback);
        return delays.length;
      },
      clearTimeout: () => undefined,
    };
    vi.useRealTimers();
    await expect(pollTrackingIdentity(() => null, { timers })).resolves.toBeNull();
    expect(delays).toEqual(Array(9).fill(300));
  });
});
