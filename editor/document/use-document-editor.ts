import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CrossFileContext } from '../../schemas/validator';
import { ApiError, describeApiError as describe } from '../api/api-error';
import { getDocument, listDocuments, publishDocument, restoreVersion, saveDocument } from '../api/documents-api';
import type { DocumentVersion, Problem } from '../../schemas/contracts';
import { draftStore, useDraft } from '../store/draft-store';
import { buildContext } from '../validation/build-context';
import { useLoadedValidator } from '../validation/live-validator';
import { useDebouncedValue } from './use-debounced-value';

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

/**
 * The open document: server draft, live problems and the write actions with their error handling.
 * The working text lives in the draft store (editor/store), which both views edit; this hook loads it there
 * and reads it back for validation, autosave, dirty state and save.
 */
export function useDocumentEditor(id: string) {
  const [draft, setDraft] = useState<DocumentVersion | null>(null);
  const text = useDraft((s) => s.text);
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
      id === 'flags' ? Promise.resolve(undefined) : getDocument('flags').then((d) => d.content, () => undefined),
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
  const settledText = useDebouncedValue(text, VALIDATION_DEBOUNCE_MS);
  // Until the validator has loaded (docs/editor-bundle.md#the-validator) the draft has no live problems; the
  // problems button says it is still checking, and a save is checked by the server as always.
  const problems = useMemo(() => (draft && context && validator ? validator.validateText(id, settledText, context) : []), [id, draft, context, settledText, validator]);
  const dirty = draft !== null && text !== draft.text;

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

  return { draft, text, setText, problems, serverProblems, dirty, loadError, conflict, setConflict, loadTheirs, save, publish, restore, reload, revision, context, flagsContent };
}

export type DocumentEditorState = ReturnType<typeof useDocumentEditor>;
