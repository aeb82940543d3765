import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRequestLog, countArrivals, logRequest } from './request-log';

const arrive = () =>
  logRequest({ endpoint: 'customer', method: 'GET', url: '/api/customer-account/customers/1', at: Date.now() });

afterEach(() => {
  vi.useRealTimers();
  clearRequestLog();
});

describe('countArrivals', () => {
  it('resolves once the given number of requests has reached the handlers, not before', async () => {
    arrive(); // before the counter: not counted
    let resolved = false;
    const arrived = countArrivals()
      .arrived(2, 10_000)
      .then(() => (resolved = true));
    arrive();
    await Promise.resolve();
    expect(resolved).toBe(false);
    arrive();
    await arrived;
    expect(resolved).toBe(true);
  });

  it('gives up waiting after the timeout, so a call that never arrives holds nobody up', async () => {
    vi.useFakeTimers();
    let resolved = false;
    const arrived = countArrivals()
      .arrived(5, 60)
      .then(() => (resolved = true));
    arrive();
    await vi.advanceTimersByTimeAsync(59);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await arrived;
    expect(resolved).toBe(true);
  });

  it('waiting for nothing resolves at once', async () => {
    vi.useFakeTimers();
    await expect(countArrivals().arrived(0, 60_000)).resolves.toBeUndefined();
  });

  it('counts the requests that arrived between making the counter and asking it', async () => {
    vi.useFakeTimers();
    const counter = countArrivals();
    arrive();
    arrive();
    let resolved = false;
    const arrived = counter.arrived(2, 60_000).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
    await arrived;
  });
});
