import { useCallback, useEffect, useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';
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
 * or the copy would be overwritten by the text just loaded.
 */
export function useAutosave(id: string, base: AutosaveBase | null, text: string, enabled: boolean, storage: Storage = localStorage): Autosave {
  const [offered, setOffered] = useState<AutosavedCopy | null>(null);
  const [offerChecked, setOfferChecked] = useState(false);
  const writing = base !== null && enabled && offerChecked && offered === null;

  useEffect(() => {
    if (!base || offerChecked || !enabled) return;
    setOffered(restorableCopy(storage, id, base.text));
    setOfferChecked(true);
  }, [base, offerChecked, enabled, id, storage]);

  const settledText = useDebouncedValue(text, AUTOSAVE_DEBOUNCE_MS);
  useEffect(() => {
    // Only settled text: right after a load the debounced copy still lags behind the loaded draft.
    if (!writing || settledText !== text) return;
    writeAutosave(storage, id, { baseEtag: base.etag, text: settledText, savedAt: new Date().toISOString() }, base.text);
  }, [writing, settledText, text, base, id, storage]);
  // A reload or a closed tab inside the debounce would lose the last keystrokes: write them as the page goes.
  useEffect(() => {
    if (!writing) return;
    const flush = () => writeAutosave(storage, id, { baseEtag: base.etag, text, savedAt: new Date().toISOString() }, base.text);
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [writing, text, base, id, storage]);

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
