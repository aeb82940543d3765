import { createContext, useContext } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';

export interface Notice {
  status: 'success' | 'error';
  text: string;
}

/**
 * What the open document's page shows around the draft: the view, the open dialog, the notice and the conflict
 * flow. The draft's text lives in the draft store (editor/store) and the server's copy in useDocumentEditor;
 * this is the rest, in one place any panel can read or change, instead of state scattered over the page.
 */
/** Which of the two views edits the document. */
export type EditorView = 'json' | 'form';

export interface DocumentSessionState {
  /** The form first: content managers work without touching JSON, and Monaco loads only when its view opens. */
  view: EditorView;
  dialog: 'save' | 'publish' | null;
  publishing: boolean;
  notice: Notice | null;
  /** In a conflict: whether "their" version has been loaded into the editor. */
  theirsLoaded: boolean;
  /**
   * Whether the open view has been ready once (the document is editable): what waits for it (the history,
   * the validator) loads then, so nothing competes with the form (docs/editor-bundle.md#what-waits-until-it-is-used).
   */
  editable: boolean;
  setView: (view: EditorView) => void;
  openDialog: (dialog: 'save' | 'publish') => void;
  closeDialog: () => void;
  setPublishing: (publishing: boolean) => void;
  notify: (notice: Notice | null) => void;
  setTheirsLoaded: (loaded: boolean) => void;
  setEditable: () => void;
}

export type DocumentSession = StoreApi<DocumentSessionState>;

/** One session per open document: the page is keyed by document id, so opening another starts afresh. */
export function createDocumentSession(): DocumentSession {
  return createStore<DocumentSessionState>()((set) => ({
    view: 'form',
    dialog: null,
    publishing: false,
    notice: null,
    theirsLoaded: false,
    editable: false,
    setView: (view) => set({ view }),
    openDialog: (dialog) => set({ dialog }),
    closeDialog: () => set({ dialog: null }),
    setPublishing: (publishing) => set({ publishing }),
    notify: (notice) => set({ notice }),
    setTheirsLoaded: (theirsLoaded) => set({ theirsLoaded }),
    setEditable: () => set({ editable: true }),
  }));
}

export const DocumentSessionContext = createContext<DocumentSession | null>(null);

export function useDocumentSession<T>(selector: (state: DocumentSessionState) => T): T {
  const session = useContext(DocumentSessionContext);
  if (!session)
    throw new Error('useDocumentSession needs the document page’s <DocumentSessionContext.Provider> above it');
  return useStore(session, selector);
}
