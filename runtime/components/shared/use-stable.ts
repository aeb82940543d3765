import { useCallback, useRef } from 'react';

/**
 * The previous value while the new one has the same JSON. The resolver builds a fresh model on every data
 * answer, though most answers change nothing on screen (the header stays a skeleton until all have come
 * in); keeping the old reference lets memo() skip those renders. Models are plain data, so JSON is exact.
 */
export function useStructurallyStable<T>(value: T): T {
  const previous = useRef<{ value: T; json: string } | undefined>(undefined);
  const json = JSON.stringify(value) ?? 'undefined';
  if (previous.current?.json !== json) previous.current = { value, json };
  return previous.current.value;
}

/**
 * A function that never changes identity and always calls the latest `fn`. Hosts pass fresh arrow
 * functions on every render; memoised children would re-render for those alone.
 */
export function useLatestCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}
