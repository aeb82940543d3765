import { useCallback, useEffect, useState } from 'react';
import { draftStore, onTextSettled, type DraftStore } from '../store/draft-store';
import { clearAutosave, restorableCopy, writeAutosave, type AutosavedCopy } from '../autosave/autosave-store';

const AUTOSAVE_DEBOUNCE_MS = 400;

/** The server draft the edits are based on: what a copy is compared against, and stamped with. */
export interface AutosaveBase {
  etag: string;
  text: string;
}

export interface Autosave {
  /** Edits left in this browser by an earlier visit, until they are restored or discarded. */
  offered: AutosavedCopy | null;
  /** Takes the offered copy (the caller puts its text in the editor). */
  restore: () => string | null;
  discard: () => void;
  /** Forgets the copy once the server holds the edits (a save, a merge). */
  clear: () => void;
}

/**
 * Keeps the open document's unsaved text in localStorage (editor/autosave/autosave-store.ts), so a reload or a
 * crashed tab loses nothing. On open it offers a copy left earlier; until that is answered nothing is written,
 * or the copy would be overwritten by the text just loaded. The text is read from the draft store's own
 * notifications, so typing renders nothing here (docs/editor-typing.md#the-fixes).
 */
export function useAutosave(
  id: string,
  base: AutosaveBase | null,
  enabled: boolean,
  storage: Storage = localStorage,
  store: DraftStore = draftStore,
): Autosave {
  const [offered, setOffered] = useState<AutosavedCopy | null>(null);
  const [offerChecked, setOfferChecked] = useState(false);
  const writing = base !== null && enabled && offerChecked && offered === null;

  useEffect(() => {
    if (!base || offerChecked || !enabled) return;
    setOffered(restorableCopy(storage, id, base.text));
    setOfferChecked(true);
  }, [base, offerChecked, enabled, id, storage]);

  useEffect(() => {
    if (!writing) return;
    const write = () =>
      writeAutosave(
        storage,
        id,
        { baseEtag: base.etag, text: store.getState().text, savedAt: new Date().toISOString() },
        base.text,
      );
    // Settled text only: a copy is written once typing has paused for AUTOSAVE_DEBOUNCE_MS.
    const first = setTimeout(write, AUTOSAVE_DEBOUNCE_MS);
    const stop = onTextSettled(store, AUTOSAVE_DEBOUNCE_MS, write);
    // A reload or a closed tab inside the debounce would lose the last keystrokes: write them as the page goes.
    window.addEventListener('pagehide', write);
    return () => {
      clearTimeout(first);
      stop();
      window.removeEventListener('pagehide', write);
    };
  }, [writing, base, id, storage, store]);

  const restore = useCallback(() => {
    const copy = offered;
    setOffered(null);
    return copy?.text ?? null;
  }, [offered]);
  const discard = useCallback(() => {
    clearAutosave(storage, id);
    setOffered(null);
  }, [storage, id]);
  const clear = useCallback(() => clearAutosave(storage, id), [storage, id]);
  return { offered, restore, discard, clear };
}
