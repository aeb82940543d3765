import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, type ComponentType } from 'react';
import type { CrossFileContext, DocumentId } from '../../schemas/validator';
import type { PointerTarget } from '../audience/AudiencePanel';
import { PreviewPane } from '../preview/PreviewPane';
import type { Registry } from '../validation/registries';
import { useDocumentSession } from './document-session';
import { HistoryPanel } from './HistoryPanel';
import type { DocumentEditorState } from './use-document-editor';

/** What every panel below the editor gets; a panel takes what it needs and passes its own component only that. */
export interface DocumentPanelProps {
  documentId: DocumentId;
  canEdit: boolean;
  /** The flag registry (the open draft's when flags itself is open). */
  registry: Registry;
  /** The cross-file context the draft is validated with, as a save would be. */
  crossFile: CrossFileContext;
  /** Shows a place in the document, in whichever view is open. Stable per view. */
  goToPointer: (target: PointerTarget) => void;
  editor: DocumentEditorState;
}

// The audience matrix (engine, grid) is its own chunk; the engine itself runs in a worker.
const AudiencePanel = lazy(() => import('../audience/AudiencePanel'));

function Preview({ documentId, registry, crossFile }: DocumentPanelProps) {
  return <PreviewPane documentId={documentId} flags={registry.flags} crossFile={crossFile} />;
}

function Audience({ documentId, goToPointer }: DocumentPanelProps) {
  return (
    <Suspense fallback={<Center p="4"><Spinner aria-label="Loading the audience matrix" /></Center>}>
      <AudiencePanel documentId={documentId} onGoTo={goToPointer} />
    </Suspense>
  );
}

function History({ documentId, canEdit, editor }: DocumentPanelProps) {
  const notify = useDocumentSession((s) => s.notify);
  return (
    <HistoryPanel
      documentId={documentId}
      revision={editor.revision}
      canRestore={canEdit}
      restoreBlockedReason={editor.dirty ? 'Save or discard your changes before restoring a version.' : undefined}
      onRestore={async (version) => {
        const result = await editor.restore(version);
        if (result.ok) notify({ status: 'success', text: `Restored version ${version} as the new draft. Publish it to make it live.` });
        return result;
      }}
    />
  );
}

/** Where a panel sits (docs/editor-workspace.md#layout): beside the editor in the workspace, or below it. */
export type PanelPlace = 'beside-editor' | 'below';

/** The document page's panels, in page order. A new panel is one entry here, with the shared props above. */
export const DOCUMENT_PANELS: readonly { id: string; place: PanelPlace; Panel: ComponentType<DocumentPanelProps> }[] = [
  { id: 'preview', place: 'beside-editor', Panel: Preview },
  { id: 'audience', place: 'below', Panel: Audience },
  { id: 'history', place: 'below', Panel: History },
];
