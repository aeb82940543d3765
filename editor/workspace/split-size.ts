/**
 * The remembered split between the editor and the preview (docs/editor-workspace.md#layout), in percent of
 * the workspace's width, per browser (localStorage): a person sets it once, for every document.
 */
export const SPLIT_STORAGE_KEY = 'portal-editor:workspace-split';
export const DEFAULT_SPLIT: readonly [number, number] = [55, 45];
/** Neither side may get narrower than this, in percent: the form's fields and the preview's toolbar need the room. */
export const MIN_EDITOR_PERCENT = 35;
export const MIN_PREVIEW_PERCENT = 25;

/** A stored split when it is two sizes that respect the minimums and add up to 100; otherwise the default. */
export function parseSplit(stored: string | null): [number, number] {
  if (stored === null) return [...DEFAULT_SPLIT];
  try {
    const value: unknown = JSON.parse(stored);
    if (Array.isArray(value) && value.length === 2 && value.every((n) => typeof n === 'number' && Number.isFinite(n))) {
      const [editor, preview] = value as [number, number];
      if (editor >= MIN_EDITOR_PERCENT && preview >= MIN_PREVIEW_PERCENT && Math.abs(editor + preview - 100) < 0.5)
        return [editor, preview];
    }
  } catch {
    // Not JSON: someone else's value under our key, or a hand edit. The default is the answer.
  }
  return [...DEFAULT_SPLIT];
}

export function readSplit(storage: Pick<Storage, 'getItem'> = localStorage): [number, number] {
  try {
    return parseSplit(storage.getItem(SPLIT_STORAGE_KEY));
  } catch {
    // Storage denied (a privacy mode): the default, every time.
    return [...DEFAULT_SPLIT];
  }
}

export function writeSplit(sizes: readonly number[], storage: Pick<Storage, 'setItem'> = localStorage): void {
  const rounded = sizes.map((size) => Math.round(size * 10) / 10);
  try {
    storage.setItem(SPLIT_STORAGE_KEY, JSON.stringify(rounded));
  } catch {
    // A full or denied storage only costs the memory of the split.
  }
}
