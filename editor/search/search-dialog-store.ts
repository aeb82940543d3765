/**
 * Whether the search dialog is open and with which query: kept apart from the dialog, which is its own lazy chunk,
 * so the app bar, the Ctrl/⌘ K shortcut and the dashboard's search box can open it without loading it first.
 */
import { create } from 'zustand';

export interface SearchDialogState {
  open: boolean;
  /** The query the dialog starts with. */
  query: string;
  /** Bumped on every opening, so the dialog takes up `query` again even when it is unchanged. */
  openings: number;
  /** Opens with `query`, or with the words of the last search. */
  openSearch: (query?: string) => void;
  /** Closes, remembering what was typed for the next opening. */
  closeSearch: (query?: string) => void;
}

export const useSearchDialog = create<SearchDialogState>()((set) => ({
  open: false,
  query: '',
  openings: 0,
  openSearch: (query) => set((s) => ({ open: true, query: query ?? s.query, openings: s.openings + 1 })),
  closeSearch: (query) => set((s) => ({ open: false, query: query ?? s.query })),
}));
