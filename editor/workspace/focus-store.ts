import { create } from 'zustand';

/**
 * The place the person is at in the open document: the focused field's pointer (form view) or the caret's
 * (JSON view). The breadcrumbs and the preview's outline follow it; the page itself does not re-render.
 */
export interface FocusState {
  pointer: string | null;
  setPointer: (pointer: string | null) => void;
}

export const useFocusStore = create<FocusState>()((set) => ({
  pointer: null,
  setPointer: (pointer) => set((s) => (s.pointer === pointer ? s : { pointer })),
}));

/** The pointer of the form field an event happened in (fields carry `data-pointer`), or null. */
export function fieldPointerOf(target: EventTarget | null): string | null {
  if (!(target instanceof Element)) return null;
  const field = target.closest<HTMLElement>('[data-pointer]');
  return field?.dataset.pointer ?? null;
}
