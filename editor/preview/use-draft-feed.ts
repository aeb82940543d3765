import { useEffect, useState } from 'react';
import type { CrossFileContext, DocumentId } from '../../schemas/validator';
import type { PreviewRequest } from '../../schemas/contracts/preview-protocol';
import { draftStore } from '../store/draft-store';
import { useLoadedValidator } from '../validation/live-validator';
import { draftFeed, type DraftFeedStatus } from './draft-feed';

export const DRAFT_SENT_MARK = 'portal-editor:draft-sent';
/** How long the shared validator took for the draft about to be sent (the bench reads it). */
export const DRAFT_VALIDATED_MEASURE = 'portal-editor:draft-validated';

function sameStatus(a: DraftFeedStatus | null, b: DraftFeedStatus): boolean {
  if (!a || a.kind !== b.kind) return false;
  return (
    a.kind === 'valid' ||
    (b.kind === 'invalid' &&
      a.problemCount === b.problemCount &&
      a.first.message === b.first.message &&
      a.first.line === b.first.line)
  );
}

/**
 * Sends the draft to the preview on every change, at most once per animation frame (the first change of a
 * frame at once, later ones in that frame at the next): validated with the shared validator and posted from
 * the store's own change notification, before the editor page re-renders (the iframe shares the page's main
 * thread, so anything queued first delays the preview). `readyCount` is the channel's: a (re)loaded
 * preview gets the current draft at once.
 */
export function useDraftFeed(
  documentId: DocumentId,
  crossFile: CrossFileContext,
  send: (request: PreviewRequest) => void,
  readyCount: number,
): DraftFeedStatus | null {
  const [status, setStatus] = useState<DraftFeedStatus | null>(null);
  const validator = useLoadedValidator();
  useEffect(() => {
    // The validator loads right after the form is editable (docs/editor-bundle.md#the-validator); the first draft waits for it.
    if (!validator) return;
    const flush = () => {
      const { text, revision, documentId: loaded } = draftStore.getState();
      if (loaded !== documentId) return;
      const started = performance.now();
      const result = draftFeed(validator, documentId, text, revision, crossFile);
      performance.measure(DRAFT_VALIDATED_MEASURE, { start: started, detail: { revision } });
      if (result.request && readyCount > 0) {
        performance.mark(DRAFT_SENT_MARK, { detail: { revision } });
        send(result.request);
      }
      setStatus((previous) => (sameStatus(previous, result.status) ? previous : result.status));
    };
    // At most one validation and one post per animation frame, the first at once: a burst of keys queued
    // behind a busy frame costs one validation and one preview render, not one per key (docs/editor-typing.md#the-fixes).
    const nextFrame =
      typeof requestAnimationFrame === 'function'
        ? requestAnimationFrame
        : (callback: () => void) => window.setTimeout(callback, 16);
    const cancelFrame = typeof cancelAnimationFrame === 'function' ? cancelAnimationFrame : window.clearTimeout;
    let frame = 0;
    let stale = false;
    const release = () => {
      frame = 0;
      if (!stale) return;
      stale = false;
      flush();
      frame = nextFrame(release);
    };
    flush();
    const unsubscribe = draftStore.subscribe((state, previous) => {
      if (state.revision === previous.revision) return;
      if (frame !== 0) {
        stale = true;
        return;
      }
      flush();
      frame = nextFrame(release);
    });
    return () => {
      unsubscribe();
      if (frame !== 0) cancelFrame(frame);
    };
  }, [validator, documentId, crossFile, send, readyCount]);
  return status;
}
