import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CrossFileContext, DocumentId } from '../../schemas/validator';
import { ApiError, describeApiError as describe } from '../api/api-error';
import { getDocument, listDocuments, publishDocument, restoreVersion, saveDocument } from '../api/documents-api';
import type { DocumentVersion, Problem } from '../../schemas/contracts';
import { draftStore, onTextSettled, useDraft, type DraftStore } from '../store/draft-store';
import { buildContext } from '../validation/build-context';
import { useLoadedValidator, type LiveValidator } from '../validation/live-validator';

/** Live validation waits this long after the last keystroke: problems show within 150 ms of typing (read as at once), and a burst of keys is validated once. */
export const VALIDATION_DEBOUNCE_MS = 120;

export interface Conflict {
  theirs: DocumentVersion;
  /** Your text at the moment of the refused save; never dropped until you dismiss it. */
  mine: string;
  message: string;
}

/** `conflict`: the page already shows the conflict notice, so callers need not repeat the message. */
export type ActionResult = { ok: true } | { ok: false; message: string; conflict?: boolean };

const NO_PROBLEMS: Problem[] = [];
const sameProblems = (a: readonly Problem[], b: readonly Problem[]) =>
  a.length === b.length && JSON.stringify(a) === JSON.stringify(b);

/** Whether the working text differs from the server draft; it changes on the first edit, not on every key. */
export function useDirty(draft: Pick<DocumentVersion, 'text'> | null, store: DraftStore = draftStore): boolean {
  return useDraft((s) => draft !== null && s.text !== draft.text, store);
}

/**
 * The draft's live problems: the shared validator on the store's text once typing has paused for
 * VALIDATION_DEBOUNCE_MS, at once for a new server draft, context or validator. Read from the store's own
 * notifications, so a keystroke renders nothing here; a list that says the same as the last keeps its identity
 * (docs/editor-typing.md#the-fixes).
 */
export function useLiveProblems(
  id: DocumentId,
  draft: DocumentVersion | null,
  context: CrossFileContext | null,
  validator: LiveValidator | null,
  store: DraftStore = draftStore,
): Problem[] {
  const [problems, setProblems] = useState<Problem[]>(NO_PROBLEMS);
  useEffect(() => {
    if (!draft || !context || !validator) return;
    const check = () => {
      const next = validator.validateText(id, store.getState().text, context);
      setProblems((previous) => (sameProblems(previous, next) ? previous : next));
    };
    check();
    return onTextSettled(store, VALIDATION_DEBOUNCE_MS, check);
  }, [id, draft, context, validator, store]);
  // Until the validator has loaded (docs/editor-bundle.md#the-validator) the draft has no live problems; the
  // problems button says it is still checking, and a save is checked by the server as always.
  return draft && context && validator ? problems : NO_PROBLEMS;
}

/**
 * The open document: server draft, live problems and the write actions with their error handling.
 * The working text lives in the draft store (editor/store), which both views edit; this hook loads it there
 * and reads it back for validation, autosave, dirty state and save. It does not render on a keystroke: what
 * follows the text (problems, dirty state, autosave) subscribes to the store itself (docs/editor-typing.md#the-fixes).
 */
export function useDocumentEditor(id: DocumentId) {
  const [draft, setDraft] = useState<DocumentVersion | null>(null);
  const [context, setContext] = useState<CrossFileContext | null>(null);
  /** The flags document the context was built from (the flag picker and completion offer its ids). */
  const [flagsContent, setFlagsContent] = useState<unknown>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<Problem[]>([]);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [revision, setRevision] = useState(0);

  /** A version from the server becomes the draft; `keepHistory` leaves the previous text one undo away. */
  const adopt = useCallback(
    (doc: DocumentVersion, options: { keepHistory?: boolean } = {}) => {
      draftStore.getState().load(id, doc.text, options);
      setDraft(doc);
      setServerProblems([]);
      setRevision((r) => r + 1);
    },
    [id],
  );

  /** Replaces the whole text (restore an autosaved copy, put my copy back after a 412): one undo step. */
  const setText = useCallback((next: string) => draftStore.getState().setFromText(next, { merge: false }), []);

  useEffect(() => {
    let cancelled = false;
    setDraft(null);
    setLoadError(null);
    setConflict(null);
    Promise.all([
      getDocument(id),
      // The cross-file context mirrors a server save: flag rules against the flags draft, markets against the locale ids.
      id === 'flags'
        ? Promise.resolve(undefined)
        : getDocument('flags').then(
            (d) => d.content,
            () => undefined,
          ),
      listDocuments().then((docs) => docs.filter((d) => d.kind === 'locale').map((d) => d.id)),
    ]).then(
      ([doc, flags, localeIds]) => {
        if (cancelled) return;
        setContext(buildContext(flags, localeIds));
        setFlagsContent(flags);
        adopt(doc);
      },
      (error: unknown) => !cancelled && setLoadError(describe(error)),
    );
    return () => {
      cancelled = true;
      draftStore.getState().reset();
    };
  }, [id, adopt]);

  // Loaded once the open view is ready (EditorViews).
  const validator = useLoadedValidator();
  const problems = useLiveProblems(id, draft, context, validator);

  const reload = useCallback(async () => adopt(await getDocument(id)), [id, adopt]);

  const save = useCallback(
    async (message: string): Promise<ActionResult> => {
      if (!draft) return { ok: false, message: 'The document has not loaded.' };
      const text = draftStore.getState().text;
      let content: unknown;
      try {
        content = JSON.parse(text);
      } catch {
        return { ok: false, message: 'The JSON does not parse; fix the syntax first.' };
      }
      try {
        await saveDocument(id, draft.etag, content, message);
        await reload();
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'conflict' && error.current) {
          setConflict({ theirs: error.current, mine: text, message: error.message });
          return { ok: false, message: error.message, conflict: true };
        }
        if (error instanceof ApiError && error.kind === 'invalid-document') setServerProblems(error.problems);
        return { ok: false, message: describe(error) };
      }
    },
    [draft, id, reload],
  );

  const publish = useCallback(async (): Promise<ActionResult> => {
    if (!draft) return { ok: false, message: 'The document has not loaded.' };
    try {
      await publishDocument(id, draft.etag);
      await reload();
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'invalid-document') setServerProblems(error.problems);
      return { ok: false, message: describe(error) };
    }
  }, [draft, id, reload]);

  const restore = useCallback(
    async (version: number): Promise<ActionResult> => {
      if (!draft) return { ok: false, message: 'The document has not loaded.' };
      try {
        await restoreVersion(id, draft.etag, version);
        await reload();
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'invalid-document') setServerProblems(error.problems);
        return { ok: false, message: describe(error) };
      }
    },
    [draft, id, reload],
  );

  /** 412 resolution for this slice: take their draft into the editor; your text stays in `conflict.mine`, and one undo away. */
  const loadTheirs = useCallback(() => {
    if (conflict) adopt(conflict.theirs, { keepHistory: true });
  }, [conflict, adopt]);

  return useMemo(
    () => ({
      draft,
      setText,
      problems,
      serverProblems,
      loadError,
      conflict,
      setConflict,
      loadTheirs,
      save,
      publish,
      restore,
      reload,
      revision,
      context,
      flagsContent,
    }),
    [
      draft,
      setText,
      problems,
      serverProblems,
      loadError,
      conflict,
      loadTheirs,
      save,
      publish,
      restore,
      reload,
      revision,
      context,
      flagsContent,
    ],
  );
}

export type DocumentEditorState = ReturnType<typeof useDocumentEditor>;
