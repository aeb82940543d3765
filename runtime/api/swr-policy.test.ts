import { describe, expect, it, vi } from 'vitest';
import { HttpError } from './http-error';
import { DEDUPE_INTERVAL_MS, MAX_RETRIES, retryDelay, SHELL_SWR_CONFIG, shouldRetry } from './swr-policy';

describe('SWR policy: five-minute dedupe, no retry of final answers', () => {
  it('deduplicates over 300000 ms', () => {
    expect(DEDUPE_INTERVAL_MS).toBe(300_000);
    expect(SHELL_SWR_CONFIG.dedupingInterval).toBe(300_000);
  });

  it('retries a 500 at most twice, with growing delays', () => {
    const error = new HttpError('status', '/x', 'x', 500);
    expect([1, 2, 3].map((n) => shouldRetry(error, n))).toEqual([true, true, false]);
    expect(MAX_RETRIES).toBe(2);
    expect(retryDelay(2)).toBeGreaterThan(retryDelay(1));
  });

  it.each([404, 410])('never retries %i', (status) => {
    expect(shouldRetry(new HttpError('status', '/x', 'x', status), 1)).toBe(false);
  });

  it('onErrorRetry schedules a revalidation only when the policy allows', () => {
    vi.useFakeTimers();
    const revalidate = vi.fn();
    const onErrorRetry = SHELL_SWR_CONFIG.onErrorRetry!;
    const call = (error: unknown, retryCount: number) =>
      onErrorRetry(error, 'k', {} as never, revalidate, { retryCount, dedupe: true });
    call(new HttpError('status', '/x', 'x', 404), 1);
    call(new HttpError('status', '/x', 'x', 500), 3);
    vi.runAllTimers();
    expect(revalidate).not.toHaveBeenCalled();
    call(new HttpError('timeout', '/x', 'x'), 1);
    vi.advanceTimersByTime(retryDelay(1) - 1);
    expect(revalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revalidate).toHaveBeenCalledWith({ retryCount: 1 });
    vi.useRealTimers();
  });
});
