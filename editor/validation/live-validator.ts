/**
 * The shared validator on the document page: Ajv, the schemas and the rich-text parser, about 95 KB gzip, are
 * not needed to make a document editable, only to list its problems. So they load right after the open view
 * is ready, and the problems appear a moment later (docs/editor-bundle.md#the-validator).
 */
import { useEffect, useState } from 'react';

export type LiveValidator = typeof import('./validate-text');

let loaded: LiveValidator | null = null;
let loading: Promise<LiveValidator> | null = null;
const waiting = new Set<(validator: LiveValidator) => void>();

/** Starts loading the validator (once; later calls share the first) and resolves with it. */
export function loadValidator(): Promise<LiveValidator> {
  loading ??= import('./validate-text').then(
    (module) => {
      loaded = module;
      for (const notify of waiting) notify(module);
      waiting.clear();
      return module;
    },
    (error: unknown) => {
      // A failed chunk load (a deploy in between, a dropped connection) may be retried by the next caller.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The validator if it has loaded, without starting the load. */
export const loadedValidator = (): LiveValidator | null => loaded;

/**
 * The validator once it has loaded, null before; re-renders when it arrives. Never starts the load itself:
 * the open view does, once it is ready (EditorViews), so nothing of it competes with the editable form.
 */
export function useLoadedValidator(): LiveValidator | null {
  const [validator, setValidator] = useState(loaded);
  useEffect(() => {
    if (validator) return;
    if (loaded) return setValidator(loaded);
    const notify = (module: LiveValidator) => setValidator(module);
    waiting.add(notify);
    return () => void waiting.delete(notify);
  }, [validator]);
  return validator;
}
