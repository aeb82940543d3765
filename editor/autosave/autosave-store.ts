/**
 * Unsaved edits, kept in localStorage per document so they survive a reload or a crashed tab.
 * Storage is passed in, so tests use an in-memory one and quota errors never reach the editor.
 */
export interface AutosavedCopy {
  /** The draft ETag the edits were based on; a newer server draft means the copy may be stale. */
  baseEtag: string;
  text: string;
  savedAt: string;
}

const PREFIX = 'portal-editor:autosave:';
export const autosaveKey = (id: string): string => `${PREFIX}${id}`;

export function readAutosave(storage: Storage, id: string): AutosavedCopy | null {
  let raw: string | null;
  try {
    raw = storage.getItem(autosaveKey(id));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AutosavedCopy>;
    if (typeof value.baseEtag === 'string' && typeof value.text === 'string' && typeof value.savedAt === 'string')
      return { baseEtag: value.baseEtag, text: value.text, savedAt: value.savedAt };
  } catch {
    // A corrupt entry is dropped below rather than offered for restore.
  }
  clearAutosave(storage, id);
  return null;
}

/** Stores the edits, or clears the entry when they equal the server text (nothing left to lose). */
export function writeAutosave(storage: Storage, id: string, copy: AutosavedCopy, serverText: string): void {
  if (copy.text === serverText) {
    clearAutosave(storage, id);
    return;
  }
  try {
    storage.setItem(autosaveKey(id), JSON.stringify(copy));
  } catch {
    // Quota exceeded or storage disabled: autosave is a safety net, editing goes on without it.
  }
}

export function clearAutosave(storage: Storage, id: string): void {
  try {
    storage.removeItem(autosaveKey(id));
  } catch {
    // See writeAutosave.
  }
}

/** A copy worth offering on reopen: present and different from what the server holds now. */
export function restorableCopy(storage: Storage, id: string, serverText: string): AutosavedCopy | null {
  const copy = readAutosave(storage, id);
  if (!copy) return null;
  if (copy.text === serverText) {
    clearAutosave(storage, id);
    return null;
  }
  return copy;
}
