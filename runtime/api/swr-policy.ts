import type { SWRConfiguration } from 'swr';
import { isRetryable } from './http-error';

/** Fetches are deduplicated over five minutes (docs/rules.md#calls). */
export const DEDUPE_INTERVAL_MS = 300_000;
/** Bounded retry: two more tries after the first failure, 400 ms then 800 ms apart. */
export const MAX_RETRIES = 2;
export const RETRY_BASE_MS = 400;

export function retryDelay(retryCount: number): number {
  return RETRY_BASE_MS * 2 ** (retryCount - 1);
}

/** docs/rules.md#calls: 404 and 410 are never retried (nor 401/403, aborted or malformed answers); others get a bounded retry. */
export function shouldRetry(error: unknown, retryCount: number): boolean {
  return retryCount <= MAX_RETRIES && isRetryable(error);
}

export const SHELL_SWR_CONFIG: SWRConfiguration = {
  dedupingInterval: DEDUPE_INTERVAL_MS,
  // A focus within the dedupe window would be deduplicated anyway; after it, refresh what may have changed.
  revalidateOnFocus: true,
  focusThrottleInterval: DEDUPE_INTERVAL_MS,
  revalidateIfStale: false,
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    if (!shouldRetry(error, retryCount)) return;
    setTimeout(() => void revalidate({ retryCount }), retryDelay(retryCount));
  },
};
