/**
 * What the form view shows open, keyed by JSON pointer, so it survives a view switch, an undo (which
 * resets the form and remounts list items) and a reorder (open items move with their item).
 * Also the "go to field" request a click in the problem list makes.
 */
import { create } from 'zustand';
import { pointerToSegments, pathToPointer } from '../store/json-path';

interface FormUiState {
  documentId: string | null;
  open: Readonly<Record<string, true>>;
  focus: { pointer: string; nonce: number } | null;
  forDocument: (documentId: string) => void;
  toggle: (pointer: string) => void;
  /** Opens every group on the way to `pointer`, then asks the field there to take focus. */
  goTo: (pointer: string) => void;
  /** After a move or removal in the list at `listPointer`: open state follows each item to its new index. */
  reindex: (listPointer: string, newIndexOf: (oldIndex: number) => number | undefined) => void;
}

export const useFormUi = create<FormUiState>((set, get) => ({
  documentId: null,
  open: {},
  focus: null,
  forDocument: (documentId) => {
    if (get().documentId !== documentId) set({ documentId, open: {}, focus: null });
  },
  toggle: (pointer) =>
    set(({ open }) => {
      const next = { ...open };
      if (next[pointer]) delete next[pointer];
      else next[pointer] = true;
      return { open: next };
    }),
  goTo: (pointer) =>
    set(({ open, focus }) => {
      const next: Record<string, true> = { ...open };
      const segments = pointerToSegments(pointer);
      for (let depth = 0; depth <= segments.length; depth++) next[pathToPointer(segments.slice(0, depth))] = true;
      return { open: next, focus: { pointer, nonce: (focus?.nonce ?? 0) + 1 } };
    }),
  reindex: (listPointer, newIndexOf) =>
    set(({ open }) => {
      const prefix = `${listPointer}/`;
      const next: Record<string, true> = {};
      for (const key of Object.keys(open)) {
        if (!key.startsWith(prefix)) {
          next[key] = true;
          continue;
        }
        const [index, ...rest] = key.slice(prefix.length).split('/');
        const moved = /^\d+$/.test(index!) ? newIndexOf(Number(index)) : undefined;
        if (moved !== undefined) next[[`${prefix}${moved}`, ...rest].join('/')] = true;
      }
      return { open: next };
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
