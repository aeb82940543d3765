import { Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { CrossFileContext, DocumentId } from '../../schemas/validator';
import type { PointerTarget } from '../audience/AudiencePanel';
import { PreviewPane } from '../preview/PreviewPane';
import type { Registry } from '../validation/registries';
import { useDocumentSession } from './document-session';
import { useDirty, type DocumentEditorState } from './use-document-editor';

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

// The audience matrix (engine, grid) is its own chunk; the engine itself runs in a worker. Both load only when
// someone opens the panel (docs/editor-bundle.md#what-waits-until-it-is-used).
const AudiencePanel = lazy(() => import('../audience/AudiencePanel'));
// The history (its table, its diffs) loads once the document is editable, not with it.
const HistoryPanel = lazy(() => import('./HistoryPanel').then((m) => ({ default: m.HistoryPanel })));

function Preview({ documentId, registry, crossFile }: DocumentPanelProps) {
  return <PreviewPane documentId={documentId} flags={registry.flags} crossFile={crossFile} />;
}

/** Closed on every visit: its chunk and its worker (about 130 KB gzip together) load when it is opened. */
function Audience({ documentId, goToPointer }: DocumentPanelProps) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Stack as="section" aria-labelledby="audience-heading" gap="2" align="start">
        <Heading as="h2" size="md" id="audience-heading">
          Audience matrix
        </Heading>
        <Text fontSize="sm" color="gray.700">
          Who sees which item of this draft, per persona and flag combination, and what no audience should get.
        </Text>
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          Show the audience matrix
        </Button>
      </Stack>
    );
  return (
    <Suspense
      fallback={
        <Center p="4">
          <Spinner aria-label="Loading the audience matrix" />
        </Center>
      }
    >
      <AudiencePanel documentId={documentId} onGoTo={goToPointer} onClose={() => setOpen(false)} />
    </Suspense>
  );
}

function History({ documentId, canEdit, editor }: DocumentPanelProps) {
  const notify = useDocumentSession((s) => s.notify);
  const editable = useDocumentSession((s) => s.editable);
  const dirty = useDirty(editor.draft);
  const loading = (
    <Center p="4">
      <Spinner aria-label="Loading the history" />
    </Center>
  );
  if (!editable) return loading;
  return (
    <Suspense fallback={loading}>
      <HistoryPanel
        documentId={documentId}
        revision={editor.revision}
        canRestore={canEdit}
        restoreBlockedReason={dirty ? 'Save or discard your changes before restoring a version.' : undefined}
        onRestore={async (version) => {
          const result = await editor.restore(version);
          if (result.ok)
            notify({
              status: 'success',
              text: `Restored version ${version} as the new draft. Publish it to make it live.`,
            });
          return result;
        }}
      />
    </Suspense>
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
