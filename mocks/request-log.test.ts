import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearRequestLog, logRequest, whenRequestsArrive } from './request-log';

const arrive = () => logRequest({ endpoint: 'customer', method: 'GET', url: '/api/customer-account/customers/1', at: Date.now() });

afterEach(() => {
  vi.useRealTimers();
  clearRequestLog();
});

describe('whenRequestsArrive', () => {
  it('resolves once the given number of requests has reached the handlers, not before', async () => {
    let resolved = false;
    const arrived = whenRequestsArrive(2, 10_000).then(() => (resolved = true));
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
    const arrived = whenRequestsArrive(5, 60).then(() => (resolved = true));
    arrive();
    await vi.advanceTimersByTimeAsync(59);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await arrived;
    expect(resolved).toBe(true);
  });

  it('waiting for nothing resolves at once', async () => {
    vi.useFakeTimers();
    await expect(whenRequestsArrive(0, 60_000)).resolves.toBeUndefined();
  });
});
