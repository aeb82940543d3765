import { useEffect, useState } from 'react';
import type { CrossFileContext, DocumentId } from '../../schemas/validator';
import type { PreviewRequest } from '../../schemas/contracts/preview-protocol';
import { draftStore } from '../store/draft-store';
import { draftFeed, type DraftFeedStatus } from './draft-feed';

export const DRAFT_SENT_MARK = 'portal-editor:draft-sent';
/** How long the shared validator took for the draft about to be sent (the bench reads it). */
export const DRAFT_VALIDATED_MEASURE = 'portal-editor:draft-validated';

function sameStatus(a: DraftFeedStatus | null, b: DraftFeedStatus): boolean {
  if (!a || a.kind !== b.kind) return false;
  return a.kind === 'valid' || (b.kind === 'invalid' && a.problemCount === b.problemCount && a.first.message === b.first.message && a.first.line === b.first.line);
}

/**
 * Sends the draft to the preview on every change: validated with the shared validator and posted from the
 * store's own change notification, before the editor page re-renders (the iframe shares the page's main
 * thread, so anything queued first delays the preview). `readyCount` is the channel's: a (re)loaded
 * preview gets the current draft at once.
 */
export function useDraftFeed(documentId: DocumentId, crossFile: CrossFileContext, send: (request: PreviewRequest) => void, readyCount: number): DraftFeedStatus | null {
  const [status, setStatus] = useState<DraftFeedStatus | null>(null);
  useEffect(() => {
    const flush = () => {
      const { text, revision, documentId: loaded } = draftStore.getState();
      if (loaded !== documentId) return;
      const started = performance.now();
      const result = draftFeed(documentId, text, revision, crossFile);
      performance.measure(DRAFT_VALIDATED_MEASURE, { start: started, detail: { revision } });
      if (result.request && readyCount > 0) {
        performance.mark(DRAFT_SENT_MARK, { detail: { revision } });
        send(result.request);
      }
      setStatus((previous) => (sameStatus(previous, result.status) ? previous : result.status));
    };
    flush();
    return draftStore.subscribe((state, previous) => {
      if (state.revision !== previous.revision) flush();
    });
  }, [documentId, crossFile, send, readyCount]);
  return status;
}
