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
 * `items` with every item that says the same as last render's item of that id kept as that object, so memoised
 * rows skip it: a draft typed in the editor changes one menu, and the others need not render again
 * (docs/editor-typing.md#the-fixes). The list itself is kept while every item is.
 */
export function useStableItems<T extends { id: string }>(items: readonly T[]): readonly T[] {
  const previous = useRef<{ list: readonly T[]; byId: Map<string, { value: T; json: string }> } | undefined>(undefined);
  const byId = new Map<string, { value: T; json: string }>();
  const list = items.map((item) => {
    const json = JSON.stringify(item) ?? 'undefined';
    const kept = previous.current?.byId.get(item.id);
    const entry = kept && kept.json === json ? kept : { value: item, json };
    byId.set(item.id, entry);
    return entry.value;
  });
  const last = previous.current?.list;
  const same = last !== undefined && last.length === list.length && list.every((item, i) => item === last[i]);
  previous.current = { list: same ? last : list, byId };
  return previous.current.list;
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
