/**
 * The open document's draft: one zustand store that both views (JSON and form) read and write, with the
 * undo history. Text is the source of truth: `value` is its parse, or undefined while the text does not
 * parse (then `parseError` says why, and the form view asks to fix the JSON first instead of losing text).
 *
 * Writes:
 * - `setFromText(text)` — the JSON view (typing coalesces, see MERGE_WINDOW_MS).
 * - `setFromForm(path, value)` — the form view; the text gets a minimal edit at that path.
 * - `load(id, text)` — a version from the server (open, save, publish, restore, their version after a 412).
 * - `undo()` / `redo()` — over snapshots of every write above, whichever view made it.
 *
 * `value` is never mutated (deep-frozen in development); `lastChange` tells subscribers who wrote last, so a
 * view can skip echoing its own writes (the form resets itself only for changes made elsewhere).
 */
import { startTransition, useEffect, useRef, useState } from 'react';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { parseJsonWithPositions, type SyntaxProblem } from '../../schemas/validator/source-map';
import { deepEqual, deepFreeze, getIn, pathToPointer, setIn, toJsonValue, type JsonPath } from './json-path';
import { applyValueAtPath } from './text-edit';

/** Keystrokes closer together than this become one undo step. */
export const MERGE_WINDOW_MS = 500;
/** Undo steps kept; the oldest go first. */
export const UNDO_LIMIT = 200;

export type ChangeSource = 'init' | 'load' | 'text' | 'replace' | 'form' | 'undo' | 'redo';

export interface DraftSnapshot {
  text: string;
  /** The parsed text; undefined when it does not parse. Never mutate it. */
  value: unknown;
  parseError: SyntaxProblem | null;
}

export interface LastChange {
  source: ChangeSource;
  /** Clock time of the write (Date.now unless the store was given a clock). */
  at: number;
  /** Writes with the same key inside MERGE_WINDOW_MS share one undo step. */
  mergeKey?: string;
  /** For form writes: where. */
  path?: JsonPath;
}

export interface WriteOptions {
  /** Coalesce with the previous write of the same kind and place (typing). Default true. */
  merge?: boolean;
}

export interface DraftState extends DraftSnapshot {
  documentId: string | null;
  past: DraftSnapshot[];
  future: DraftSnapshot[];
  lastChange: LastChange;
  /** Bumped on every change, for cheap subscriptions. */
  revision: number;
  load: (documentId: string, text: string, options?: { keepHistory?: boolean }) => void;
  setFromText: (text: string, options?: WriteOptions) => void;
  setFromForm: (path: JsonPath, value: unknown, options?: WriteOptions) => void;
  undo: () => void;
  redo: () => void;
  reset: () => void;
}

export const selectCanUndo = (s: DraftState): boolean => s.past.length > 0;
export const selectCanRedo = (s: DraftState): boolean => s.future.length > 0;

const freeze = import.meta.env?.DEV ? deepFreeze : <T>(v: T): T => v;

export function snapshotOf(text: string): DraftSnapshot {
  const parsed = parseJsonWithPositions(text);
  return parsed.error
    ? { text, value: undefined, parseError: parsed.error }
    : { text, value: freeze(parsed.value), parseError: null };
}

const pick = (s: DraftSnapshot): DraftSnapshot => ({ text: s.text, value: s.value, parseError: s.parseError });

export interface DraftStoreOptions {
  now?: () => number;
  limit?: number;
}

export function createDraftStore({ now = () => Date.now(), limit = UNDO_LIMIT }: DraftStoreOptions = {}) {
  const initial = (): Omit<DraftState, 'load' | 'setFromText' | 'setFromForm' | 'undo' | 'redo' | 'reset'> => ({
    documentId: null,
    text: '',
    value: undefined,
    parseError: null,
    past: [],
    future: [],
    lastChange: { source: 'init', at: 0 },
    revision: 0,
  });

  return createStore<DraftState>()((set, get) => {
    /** Applies a new snapshot as one undo step, or folds it into the running one. */
    const commit = (next: DraftSnapshot, change: Omit<LastChange, 'at'>) => {
      const state = get();
      const at = now();
      const last = state.lastChange;
      const merges =
        change.mergeKey !== undefined &&
        last.mergeKey === change.mergeKey &&
        at - last.at < MERGE_WINDOW_MS &&
        state.past.length > 0;
      const past = merges ? state.past : [...state.past, pick(state)].slice(-limit);
      set({ ...next, past, future: [], lastChange: { ...change, at }, revision: state.revision + 1 });
    };

    return {
      ...initial(),

      load: (documentId, text, options = {}) => {
        const state = get();
        const keep = options.keepHistory && state.documentId === documentId && state.text !== text;
        set({
          ...snapshotOf(text),
          documentId,
          past: keep ? [...state.past, pick(state)].slice(-limit) : [],
          future: [],
          lastChange: { source: 'load', at: now() },
          revision: state.revision + 1,
        });
      },

      setFromText: (text, { merge = true } = {}) => {
        if (text === get().text) return;
        commit(snapshotOf(text), merge ? { source: 'text', mergeKey: 'text' } : { source: 'replace' });
      },

      setFromForm: (path, value, { merge = true } = {}) => {
        const state = get();
        // The form is only shown over a parsed document; a write that raced a JSON edit is dropped.
        if (state.parseError || state.value === undefined) return;
        const next = toJsonValue(value);
        if (deepEqual(getIn(state.value, path), next)) return;
        const nextValue = freeze(setIn(state.value, path, next));
        const text = applyValueAtPath(state.text, state.value, nextValue, path);
        commit(
          { text, value: nextValue, parseError: null },
          { source: 'form', path, ...(merge ? { mergeKey: `form:${pathToPointer(path)}` } : {}) },
        );
      },

      undo: () => {
        const state = get();
        const previous = state.past.at(-1);
        if (!previous) return;
        set({
          ...previous,
          past: state.past.slice(0, -1),
          future: [pick(state), ...state.future],
          lastChange: { source: 'undo', at: now() },
          revision: state.revision + 1,
        });
      },

      redo: () => {
        const state = get();
        const [next, ...rest] = state.future;
        if (!next) return;
        set({
          ...next,
          past: [...state.past, pick(state)].slice(-limit),
          future: rest,
          lastChange: { source: 'redo', at: now() },
          revision: state.revision + 1,
        });
      },

      reset: () => set(initial()),
    };
  });
}

export type DraftStore = ReturnType<typeof createDraftStore>;

/** The editor's one draft store; the page loads the open document into it, the views and the preview subscribe. */
export const draftStore = createDraftStore();

export function useDraft<T>(selector: (state: DraftState) => T, store: DraftStore = draftStore): T {
  return useStore(store, selector);
}

/**
 * Calls `settled` once the text has stopped changing for `delayMs`, after every change; returns the unsubscribe,
 * which also drops a pending call. For work that follows typing from outside React (live problems, autosave).
 */
export function onTextSettled(store: DraftStore, delayMs: number, settled: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.text === previous.text) return;
    clearTimeout(timer);
    timer = setTimeout(settled, delayMs);
  });
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/** Changes that are typing in one of the views: the page may follow them a frame late. */
const TYPING: ReadonlySet<ChangeSource> = new Set(['form', 'text']);

/**
 * `useDraft` for what follows the views (breadcrumbs, undo buttons, list rows' labels): typing reaches it
 * as a transition, so a keystroke's synchronous work is the field and the preview's draft, and the page renders
 * after the preview has shown the change (docs/editor-typing.md#the-fixes). Every other change (a load, undo,
 * a replaced text) is an ordinary update, batched with the state set beside it, so the page never pairs a new
 * server version with the previous text. `useDraft` is a synchronous external-store read and cannot be deferred.
 */
export function useDraftAfterTyping<T>(
  selector: (state: DraftState) => T,
  store: DraftStore = draftStore,
  key = '',
): T {
  const read = useRef(selector);
  read.current = selector;
  const [state, setState] = useState(() => ({ key, value: selector(store.getState()) }));
  // A selector for another place (`key`: a list row moved to another index) reads the store at once.
  let current = state;
  if (state.key !== key) {
    current = { key, value: selector(store.getState()) };
    setState(current);
  }
  useEffect(() => {
    const update = (next: DraftState) => {
      const value = read.current(next);
      const apply = () =>
        setState((previous) => (previous.key === key && Object.is(previous.value, value) ? previous : { key, value }));
      if (TYPING.has(next.lastChange.source)) startTransition(apply);
      else apply();
    };
    // A change between the first render and this subscription is not missed.
    update(store.getState());
    return store.subscribe(update);
  }, [store, key]);
  return current.value;
}
