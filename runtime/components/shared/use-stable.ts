import { useCallback, useRef } from 'react';

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null);

/**
 * `next`, with every part that equals the same part of `previous` replaced by that part: the whole of `previous`
 * when nothing changed, otherwise new objects only along the paths that did. Arrays are matched by index.
 * For plain data (the resolver's models).
 */
export function shareStructure<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return previous as T;
  if (Array.isArray(previous) && Array.isArray(next)) {
    let same = previous.length === next.length;
    const shared = next.map((item: unknown, index) => {
      const part = shareStructure(previous[index], item);
      if (part !== previous[index]) same = false;
      return part;
    });
    return (same ? previous : shared) as T;
  }
  if (isPlainObject(previous) && isPlainObject(next)) {
    const keys = Object.keys(next);
    let same = keys.length === Object.keys(previous).length;
    const shared: Record<string, unknown> = {};
    for (const key of keys) {
      const part = shareStructure(previous[key], next[key]);
      if (part !== previous[key] || !(key in previous)) same = false;
      shared[key] = part;
    }
    return (same ? previous : shared) as T;
  }
  return next;
}

/**
 * The value with every part that did not change since the last render kept as the same object (shareStructure).
 * The resolver builds a fresh model on every data answer and every draft the editor sends, though most change
 * little or nothing on screen; memoised components of the parts that stayed skip their render (the whole
 * header while it is a skeleton, every menu but the one being typed in: docs/editor-typing.md#the-fixes).
 */
export function useSharedStructure<T>(value: T): T {
  const previous = useRef<{ value: T } | undefined>(undefined);
  const shared = previous.current ? shareStructure(previous.current.value, value) : value;
  previous.current = { value: shared };
  return shared;
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
