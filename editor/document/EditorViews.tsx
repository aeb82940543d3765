import { Center, Spinner, Tabs } from '@chakra-ui/react';
import { lazy, memo, Suspense } from 'react';
import type { CrossFileContext, DocumentId, Problem } from '../../schemas/validator';
import type { FieldTarget } from '../form-view/field-target';
import type { CursorTarget } from '../json-view/cursor-target';
import type { Registry } from '../validation/registries';

// Monaco (about 1 MB gzip) is fetched only when the JSON view mounts, never with the editor's first load;
// the form view (react-hook-form, dnd-kit, the rich-text sanitiser) likewise only when it is opened.
const JsonView = lazy(() => import('../json-view/JsonView'));
const FormView = lazy(() => import('../form-view/FormView'));

export type EditorView = 'json' | 'form';

export interface EditorViewsProps {
  documentId: DocumentId;
  readOnly: boolean;
  registry: Registry;
  crossFile: CrossFileContext;
  /** The draft's live problems: the form shows them at its fields instead of validating again. */
  problems: readonly Problem[];
  view: EditorView;
  onViewChange: (view: EditorView) => void;
  /** Stable callbacks (they are effect dependencies of the views). */
  onJsonReady: (target: CursorTarget | null) => void;
  onFormReady: (target: FieldTarget | null) => void;
}

/**
 * The two views over the one draft store, as tabs, the form first (the page opens it); only the open one
 * is mounted, so Monaco's chunks load when someone opens the JSON view. Both read and write the
 * store synchronously, so switching never loses or reverts an edit. Memoised: the page re-renders on every
 * keystroke (dirty state, autosave), the views subscribe to the store themselves.
 */
export const EditorViews = memo(function EditorViews({ documentId, readOnly, registry, crossFile, problems, view, onViewChange, onJsonReady, onFormReady }: EditorViewsProps) {
  return (
    <Tabs.Root value={view} onValueChange={(e) => onViewChange(e.value as EditorView)} lazyMount unmountOnExit size="sm" variant="line">
      <Tabs.List aria-label="Editor view" px="2">
        <Tabs.Trigger value="form">Form view</Tabs.Trigger>
        <Tabs.Trigger value="json">JSON view</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="json" p="0">
        <Suspense fallback={<Center h="70vh"><Spinner aria-label="Loading the JSON editor" /></Center>}>
          <JsonView documentId={documentId} readOnly={readOnly} registry={registry} onReady={onJsonReady} />
        </Suspense>
      </Tabs.Content>
      <Tabs.Content value="form" p="0">
        <Suspense fallback={<Center h="70vh"><Spinner aria-label="Loading the form" /></Center>}>
          <FormView documentId={documentId} readOnly={readOnly} registry={registry} crossFile={crossFile} problems={problems} onReady={onFormReady} />
        </Suspense>
      </Tabs.Content>
    </Tabs.Root>
  );
});
