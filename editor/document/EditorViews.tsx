import { Alert, Button, Center, Spinner, Tabs } from '@chakra-ui/react';
import { lazy, memo, Suspense, useCallback, useEffect } from 'react';
import type { CrossFileContext, DocumentId, Problem } from '../../schemas/validator';
import type { FieldTarget } from '../form-view/field-target';
import type { CursorTarget } from '../json-view/cursor-target';
import { useDraft } from '../store/draft-store';
import { loadValidator, retryValidator, useValidatorStatus } from '../validation/live-validator';
import { useDocumentSession, type EditorView } from './document-session';
import type { Registry } from '../validation/registries';

// Monaco (about 1 MB gzip) is fetched only when the JSON view mounts, never with the editor's first load;
// the form view (react-hook-form, dnd-kit, the rich-text sanitiser) likewise only when it is opened.
const JsonView = lazy(() => import('../json-view/JsonView'));
const FormView = lazy(() => import('../form-view/FormView'));

/** Runs `then` once the browser has painted what is on screen now (the view that just mounted), not before. */
function afterPaint(then: () => void): void {
  if (typeof requestAnimationFrame === 'undefined') return void setTimeout(then);
  requestAnimationFrame(() => setTimeout(then));
}

/** How long after the views mount the page counts as editable when no view has said so (see EditorViews). */
export const VIEW_READY_FALLBACK_MS = 5000;

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
 * Said when the validator's chunk did not arrive (offline, or a deploy replaced the hashed file): without it the
 * draft's problems cannot be listed, and publishing waits (docs/editor-bundle.md#when-the-validator-does-not-load).
 * Retry loads it again, and so does the browser coming back online.
 */
export function ChecksFailedNotice() {
  const status = useValidatorStatus();
  useEffect(() => {
    if (status !== 'failed') return;
    window.addEventListener('online', retryValidator);
    return () => window.removeEventListener('online', retryValidator);
  }, [status]);
  if (status !== 'failed') return null;
  return (
    <Alert.Root status="warning" role="alert" borderRadius="0">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>The checks could not load.</Alert.Title>
        <Alert.Description>
          This draft’s problems cannot be listed, and it cannot be published until they load. Check the connection, then
          retry.
        </Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" alignSelf="center" onClick={retryValidator}>
        Retry the checks
      </Button>
    </Alert.Root>
  );
}

/**
 * The two views over the one draft store, as tabs, the form first (the page opens it); only the open one
 * is mounted, so Monaco's chunks load when someone opens the JSON view. Both read and write the
 * store synchronously, so switching never loses or reverts an edit. Memoised: the page re-renders on every
 * keystroke (dirty state, autosave), the views subscribe to the store themselves.
 */
export const EditorViews = memo(function EditorViews({
  documentId,
  readOnly,
  registry,
  crossFile,
  problems,
  view,
  onViewChange,
  onJsonReady,
  onFormReady,
}: EditorViewsProps) {
  // The document is editable once a view is ready; the validator loads once it has painted, and the parts that
  // wait for it then (docs/editor-bundle.md#the-validator).
  const setEditable = useDocumentSession((s) => s.setEditable);
  const ready = useCallback(
    () =>
      afterPaint(() => {
        void loadValidator().catch(() => undefined);
        setEditable();
      }),
    [setEditable],
  );
  // A draft that is not a JSON object gets a notice in the form view instead of the form, which never reports
  // ready: the validator is what lists its problem, so it loads at once. Any other view that never reports ready
  // gets a while.
  const formShowsNotice = useDraft(
    (s) => s.parseError !== null || typeof s.value !== 'object' || s.value === null || Array.isArray(s.value),
  );
  useEffect(() => {
    if (formShowsNotice && view === 'form') return ready();
    const timer = setTimeout(ready, VIEW_READY_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [ready, formShowsNotice, view]);
  const jsonReady = useCallback(
    (target: CursorTarget | null) => {
      if (target) ready();
      onJsonReady(target);
    },
    [onJsonReady, ready],
  );
  const formReady = useCallback(
    (target: FieldTarget | null) => {
      if (target) ready();
      onFormReady(target);
    },
    [onFormReady, ready],
  );
  return (
    <>
      <ChecksFailedNotice />
      <Tabs.Root
        value={view}
        onValueChange={(e) => onViewChange(e.value as EditorView)}
        lazyMount
        unmountOnExit
        size="sm"
        variant="line"
      >
        <Tabs.List aria-label="Editor view" px="2">
          <Tabs.Trigger value="form">Form view</Tabs.Trigger>
          <Tabs.Trigger value="json">JSON view</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="json" p="0">
          <Suspense
            fallback={
              <Center h="70vh">
                <Spinner aria-label="Loading the JSON editor" />
              </Center>
            }
          >
            <JsonView documentId={documentId} readOnly={readOnly} registry={registry} onReady={jsonReady} />
          </Suspense>
        </Tabs.Content>
        <Tabs.Content value="form" p="0">
          <Suspense
            fallback={
              <Center h="70vh">
                <Spinner aria-label="Loading the form" />
              </Center>
            }
          >
            <FormView
              documentId={documentId}
              readOnly={readOnly}
              registry={registry}
              crossFile={crossFile}
              problems={problems}
              onReady={formReady}
            />
          </Suspense>
        </Tabs.Content>
      </Tabs.Root>
    </>
  );
});
