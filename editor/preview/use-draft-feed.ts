import { useEffect, useState } from 'react';
import type { CrossFileContext, DocumentId } from '../../schemas/validator';
import type { PreviewRequest } from '../../runtime/preview/preview-protocol';
import { draftStore } from '../store/draft-store';
import { draftFeed, type DraftFeedStatus } from './draft-feed';

export const DRAFT_SENT_MARK = 'portal-editor:draft-sent';

function sameStatus(a: DraftFeedStatus | null, b: DraftFeedStatus): boolean {
  if (!a || a.kind !== b.kind) return false;
  return a.kind === 'valid' || (b.kind === 'invalid' && a.problemCount === b.problemCount && a.first.message === b.first.message && a.first.line === b.first.line);
}

/**
 * Sends the draft to the preview on every change: the store is read once per animation frame (no other
 * debounce), validated with the shared validator, and posted when valid. `readyCount` is the channel's: a
 * (re)loaded preview gets the current draft at once.
 */
export function useDraftFeed(documentId: DocumentId, crossFile: CrossFileContext, send: (request: PreviewRequest) => void, readyCount: number): DraftFeedStatus | null {
  const [status, setStatus] = useState<DraftFeedStatus | null>(null);
  useEffect(() => {
    let frame = 0;
    const flush = () => {
      frame = 0;
      const { text, revision, documentId: loaded } = draftStore.getState();
      if (loaded !== documentId) return;
      const result = draftFeed(documentId, text, revision, crossFile);
      setStatus((previous) => (sameStatus(previous, result.status) ? previous : result.status));
      if (result.request && readyCount > 0) {
        performance.mark(DRAFT_SENT_MARK, { detail: { revision } });
        send(result.request);
      }
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(flush);
    };
    schedule();
    const unsubscribe = draftStore.subscribe((state, previous) => {
      if (state.revision !== previous.revision) schedule();
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [documentId, crossFile, send, readyCount]);
  return status;
}
