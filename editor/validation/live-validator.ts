/**
 * The shared validator on the document page: Ajv, the schemas and the rich-text parser, about 95 KB gzip, are
 * not needed to make a document editable, only to list its problems. So they load right after the open view
 * is ready, and the problems appear a moment later (docs/editor-bundle.md#the-validator).
 */
import { useSyncExternalStore } from 'react';

export type LiveValidator = typeof import('./validate-text');

/**
 * Where the load stands: `idle` (not asked for yet), `loading`, `failed` (the chunk did not arrive: offline, or a
 * deploy replaced the hashed file; a retry loads it again) or `ready`.
 */
export type ValidatorStatus = 'idle' | 'loading' | 'failed' | 'ready';

export interface ValidatorLoader<T> {
  /** Starts loading (once; callers share a load in flight and the loaded module) and resolves with it. After a failure, the next call tries again. */
  load: () => Promise<T>;
  /** The module if it has loaded, without starting the load. */
  loaded: () => T | null;
  status: () => ValidatorStatus;
  /** Calls `listener` on every change of status; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

/**
 * A load that can fail and be retried. The rejected promise is never kept: a second `load()` after a failure
 * calls `importModule` again, and the browser fetches a module whose fetch failed again when it is imported again
 * (docs/editor-bundle.md#when-the-validator-does-not-load).
 */
export function createValidatorLoader<T>(importModule: () => Promise<T>): ValidatorLoader<T> {
  let module: T | null = null;
  let pending: Promise<T> | null = null;
  let status: ValidatorStatus = 'idle';
  const listeners = new Set<() => void>();
  const setStatus = (next: ValidatorStatus) => {
    status = next;
    for (const listener of [...listeners]) listener();
  };
  return {
    load() {
      if (module) return Promise.resolve(module);
      if (pending) return pending;
      const attempt = importModule().then(
        (loaded) => {
          module = loaded;
          pending = null;
          setStatus('ready');
          return loaded;
        },
        (error: unknown) => {
          pending = null;
          setStatus('failed');
          throw error;
        },
      );
      pending = attempt;
      setStatus('loading');
      return attempt;
    },
    loaded: () => module,
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

const liveValidator = createValidatorLoader<LiveValidator>(() => import('./validate-text'));

/** Starts loading the validator (once; later calls share the first) and resolves with it; after a failure, tries again. */
export const loadValidator = (): Promise<LiveValidator> => liveValidator.load();

/** Loads the validator again after a failure (or joins the load in flight), for a Retry button: never rejects. */
export const retryValidator = (): void => void liveValidator.load().catch(() => undefined);

/** The validator if it has loaded, without starting the load. */
export const loadedValidator = (): LiveValidator | null => liveValidator.loaded();

/**
 * The validator once it has loaded, null before; re-renders when it arrives. Never starts the load itself:
 * the open view does, once it is ready (EditorViews), so nothing of it competes with the editable form.
 */
export function useLoadedValidator(): LiveValidator | null {
  return useSyncExternalStore(liveValidator.subscribe, liveValidator.loaded, liveValidator.loaded);
}

/** Where the validator's load stands; re-renders on every change (the problems button, the toolbar's actions). */
export function useValidatorStatus(): ValidatorStatus {
  return useSyncExternalStore(liveValidator.subscribe, liveValidator.status, liveValidator.status);
}
