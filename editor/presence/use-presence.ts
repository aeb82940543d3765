import { useEffect, useState } from 'react';
import type { DocumentId, PresenceEntry } from '../../schemas/contracts';
import { readPresenceSnapshot } from './presence-text';

/** After a refused or broken stream, try again after this long, doubling up to the cap. */
export const PRESENCE_RETRY_MS = { first: 2_000, max: 60_000 } as const;

/**
 * Who else has what open (docs/workflow.md#presence): keeps GET /api/presence/stream open while mounted,
 * registering the signed-in user on `documentId` (null: no document, the dashboard). EventSource reconnects
 * by itself after a dropped connection; after a refusal (it then gives up) this opens a new one, backing off.
 * While the stream is down the list is empty rather than stale. Presence is informative only: nothing waits for it.
 */
export function usePresence(documentId: DocumentId | null): PresenceEntry[] {
  const [entries, setEntries] = useState<PresenceEntry[]>([]);
  useEffect(() => {
    // No EventSource (an old browser, jsdom): no presence, and nothing else changes.
    if (typeof EventSource === 'undefined') return;
    const url = `/api/presence/stream${documentId ? `?document=${encodeURIComponent(documentId)}` : ''}`;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay: number = PRESENCE_RETRY_MS.first;
    const connect = () => {
      const current = new EventSource(url, { withCredentials: true });
      source = current;
      current.addEventListener('presence', (event) => {
        const snapshot = readPresenceSnapshot((event as MessageEvent<string>).data);
        if (!snapshot) return console.warn('[presence] dropped an event that is not a presence snapshot');
        delay = PRESENCE_RETRY_MS.first;
        setEntries(snapshot.entries);
      });
      current.onerror = () => {
        setEntries([]);
        if (current.readyState !== EventSource.CLOSED) return;
        retry = setTimeout(connect, delay);
        delay = Math.min(delay * 2, PRESENCE_RETRY_MS.max);
      };
    };
    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
      setEntries([]);
    };
  }, [documentId]);
  return entries;
}
