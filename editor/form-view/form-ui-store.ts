/**
 * What the form view shows, keyed by JSON pointer, so it survives a view switch, an undo (which resets the
 * form and remounts list items) and a reorder (open and selected items move with their item):
 * - `section`: the top-level key whose tab is shown (locale documents have one tab per part of the document);
 * - `open`: the collapsible groups that are open;
 * - `selected`: per list, the index of the item whose fields show beside the list (master/detail,
 *   docs/editor-form.md#layout).
 * Also the "go to field" request a click in the problem list or a `?at=` link makes.
 */
import { create } from 'zustand';
import { pointerToSegments, pathToPointer } from '../store/json-path';

interface FormUiState {
  documentId: string | null;
  section: string | null;
  open: Readonly<Record<string, true>>;
  selected: Readonly<Record<string, number>>;
  focus: { pointer: string; nonce: number } | null;
  forDocument: (documentId: string) => void;
  showSection: (key: string) => void;
  toggle: (pointer: string) => void;
  /** Shows item `index` of the list at `listPointer` (undefined: none). */
  select: (listPointer: string, index: number | undefined) => void;
  /** Shows the tab, opens every group and selects every list item on the way to `pointer`, then focuses its field. */
  goTo: (pointer: string) => void;
  /** After a move or removal in the list at `listPointer`: open and selected state follow each item to its new index. */
  reindex: (listPointer: string, newIndexOf: (oldIndex: number) => number | undefined) => void;
}

const isIndex = (segment: string) => /^\d+$/.test(segment);

/** A key under `listPointer/<index>` moved to its item's new index; undefined when its item is gone. */
function moveKey(
  key: string,
  listPointer: string,
  newIndexOf: (oldIndex: number) => number | undefined,
): string | undefined {
  const prefix = `${listPointer}/`;
  if (!key.startsWith(prefix)) return key;
  const [index, ...rest] = key.slice(prefix.length).split('/');
  const moved = isIndex(index!) ? newIndexOf(Number(index)) : undefined;
  return moved === undefined ? undefined : [`${prefix}${moved}`, ...rest].join('/');
}

export const useFormUi = create<FormUiState>((set, get) => ({
  documentId: null,
  section: null,
  open: {},
  selected: {},
  focus: null,
  forDocument: (documentId) => {
    if (get().documentId !== documentId) set({ documentId, section: null, open: {}, selected: {}, focus: null });
  },
  showSection: (key) => set({ section: key }),
  toggle: (pointer) =>
    set(({ open }) => {
      const next = { ...open };
      if (next[pointer]) delete next[pointer];
      else next[pointer] = true;
      return { open: next };
    }),
  select: (listPointer, index) =>
    set(({ selected }) => {
      const next = { ...selected };
      if (index === undefined) delete next[listPointer];
      else next[listPointer] = index;
      return { selected: next };
    }),
  goTo: (pointer) =>
    set(({ open, selected, focus, section }) => {
      const nextOpen: Record<string, true> = { ...open };
      const nextSelected: Record<string, number> = { ...selected };
      const segments = pointerToSegments(pointer);
      for (let depth = 0; depth <= segments.length; depth++) {
        nextOpen[pathToPointer(segments.slice(0, depth))] = true;
        if (depth > 0 && isIndex(segments[depth - 1]!))
          nextSelected[pathToPointer(segments.slice(0, depth - 1))] = Number(segments[depth - 1]);
      }
      return {
        open: nextOpen,
        selected: nextSelected,
        section: segments[0] ?? section,
        focus: { pointer, nonce: (focus?.nonce ?? 0) + 1 },
      };
    }),
  reindex: (listPointer, newIndexOf) =>
    set(({ open, selected }) => {
      const nextOpen: Record<string, true> = {};
      for (const key of Object.keys(open)) {
        const moved = moveKey(key, listPointer, newIndexOf);
        if (moved !== undefined) nextOpen[moved] = true;
      }
      const nextSelected: Record<string, number> = {};
      for (const [key, index] of Object.entries(selected)) {
        if (key === listPointer) {
          const moved = newIndexOf(index);
          if (moved !== undefined) nextSelected[key] = moved;
          continue;
        }
        const moved = moveKey(key, listPointer, newIndexOf);
        if (moved !== undefined) nextSelected[moved] = index;
      }
      return { open: nextOpen, selected: nextSelected };
    }),
}));

/** The element that shows `pointer`, or the nearest ancestor that is on screen (a missing key → its object). */
export function findFieldElement(root: ParentNode, pointer: string): HTMLElement | null {
  const segments = pointerToSegments(pointer);
  for (let depth = segments.length; depth >= 0; depth--) {
    const candidate = pathToPointer(segments.slice(0, depth));
    const element = root.querySelector<HTMLElement>(`[data-pointer="${candidate.replace(/["\\]/g, '\\$&')}"]`);
    if (element) return element;
  }
  return null;
}
