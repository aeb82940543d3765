import { useEffect, useRef, useState } from 'react';
import { draftStore } from '../store/draft-store';
import { createAnalysisClient, type AnalysisClient } from './analysis-client';
import type { MatrixSummary } from './matrix-summary';
import { loadOtherDrafts } from './load-documents';
import { describeBlocking, type DocumentText, type ExcludedDocument } from './prepare-documents';

/** The matrix follows the draft this long after the last edit: off the keystroke path, still "live". */
export const MATRIX_DEBOUNCE_MS = 400;

export interface MatrixState {
  /** The last matrix of a valid draft (kept while the draft is invalid). */
  summary: MatrixSummary | null;
  /** Why the current draft has no matrix of its own (it does not parse or breaks the schema). */
  invalidReason: string | null;
  excluded: ExcludedDocument[];
  /** Engine time, where it ran, and the whole round trip as the page saw it. */
  timing: { engineMs: number; roundTripMs: number; inWorker: boolean } | null;
  computing: boolean;
  notALocale: boolean;
  error: string | null;
}

const INITIAL: MatrixState = {
  summary: null,
  invalidReason: null,
  excluded: [],
  timing: null,
  computing: true,
  notALocale: false,
  error: null,
};

const textOf = (documentId: string): string | null => {
  const s = draftStore.getState();
  return s.documentId === documentId ? s.text : null;
};

/**
 * The draft's text once it has stopped changing for `delayMs`. Subscribes outside React, so a keystroke
 * re-renders nothing here; only the settled text does.
 */
export function useSettledDraftText(documentId: string, delayMs: number): string | null {
  const [settled, setSettled] = useState<string | null>(() => textOf(documentId));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    setSettled(textOf(documentId));
    const unsubscribe = draftStore.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(() => setSettled(textOf(documentId)), delayMs);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [documentId, delayMs]);
  return settled;
}

/**
 * The audience matrix of the open draft, recomputed in a worker after the draft settles. One analysis runs
 * at a time; edits made meanwhile are folded into the next one (latest wins).
 */
export function useAudienceMatrix(
  documentId: string,
  clientFactory: () => AnalysisClient = createAnalysisClient,
): MatrixState {
  const settled = useSettledDraftText(documentId, MATRIX_DEBOUNCE_MS);
  const [state, setState] = useState<MatrixState>(INITIAL);
  const [context, setContext] = useState<{ others: DocumentText[]; excluded: ExcludedDocument[] } | null>(null);
  const client = useRef<AnalysisClient | null>(null);
  const queue = useRef<{ running: boolean; next: string | null }>({ running: false, next: null });

  useEffect(() => {
    const created = clientFactory();
    client.current = created;
    return () => {
      created.dispose();
      client.current = null;
    };
  }, [clientFactory]);

  useEffect(() => {
    let cancelled = false;
    setContext(null);
    setState(INITIAL);
    loadOtherDrafts(documentId).then(
      (loaded) => !cancelled && setContext({ others: loaded.documents, excluded: loaded.excluded }),
      (error: unknown) =>
        !cancelled &&
        setState((s) => ({
          ...s,
          computing: false,
          error: `The other documents could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
        })),
    );
    return () => {
      cancelled = true;
    };
  }, [documentId]);

  useEffect(() => {
    if (!context || settled === null) return;
    const q = queue.current;
    q.next = settled;
    const pump = async () => {
      const active = client.current;
      if (q.running || q.next === null || !active) return;
      const draftText = q.next;
      q.next = null;
      q.running = true;
      setState((s) => ({ ...s, computing: true }));
      const started = performance.now();
      try {
        const result = await active.analyzeDraft(documentId, draftText, context.others);
        const roundTripMs = performance.now() - started;
        setState((s) => {
          if (result.kind === 'not-a-locale') return { ...s, notALocale: true, error: null };
          if (result.kind === 'invalid') return { ...s, invalidReason: describeBlocking(result.problems), error: null };
          return {
            summary: result.summary,
            invalidReason: null,
            excluded: [...context.excluded, ...result.excluded],
            timing: { engineMs: result.ms, roundTripMs, inWorker: active.inWorker },
            computing: true,
            notALocale: false,
            error: null,
          };
        });
      } catch (error) {
        // A client replaced meanwhile (remount) dropped the request: run it again on the new one.
        if (active !== client.current) q.next ??= draftText;
        else setState((s) => ({ ...s, error: error instanceof Error ? error.message : String(error) }));
      } finally {
        q.running = false;
        if (q.next === null) setState((s) => ({ ...s, computing: false }));
        void pump();
      }
    };
    void pump();
  }, [settled, context, documentId]);

  return state;
}
