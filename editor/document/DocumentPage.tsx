import { Alert, Box, Center, Link as ChakraLink, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { isDocumentId, type DocumentId } from '../../schemas/validator/documents';
import type { PointerTarget } from '../audience/AudiencePanel';
import { useCanEdit, useSessionStore } from '../auth/session-store';
import { AutosaveBanner } from '../autosave/AutosaveBanner';
import { useAutosave, type Autosave } from './use-autosave';
import type { FieldTarget } from '../form-view/field-target';
import type { CursorTarget } from '../json-view/cursor-target';
import { PresenceBadge } from '../presence/PresenceBadge';
import { othersByDocument } from '../presence/presence-text';
import { usePresence } from '../presence/use-presence';
import { PreviewChannelProvider } from '../preview/preview-channel-context';
import { draftStore, selectCanRedo, selectCanUndo, useDraft, useDraftAfterTyping } from '../store/draft-store';
import { saveBlockReason, type ProblemRow } from '../validation/problem-rows';
import { flagOptionsFrom, type Registry } from '../validation/registries';
import { DOCUMENT_PANELS, type DocumentPanelProps } from './document-panels';
import { createDocumentSession, DocumentSessionContext, useDocumentSession } from './document-session';
import { DocumentToolbar } from './DocumentToolbar';
import { EditorViews } from './EditorViews';
import { ProblemListPanel } from './ProblemListPanel';
import { ConflictNotice, PublishDialog, SaveDialog } from './deferred-parts';
import { useUndoShortcuts, type HistoryCommand } from './undo-shortcuts';
import { useDirty, useDocumentEditor, type ActionResult, type DocumentEditorState } from './use-document-editor';
import { readDeepLink } from '../workspace/deep-link';
import { Breadcrumbs } from '../workspace/Breadcrumbs';
import { fieldPointerOf, useFocusStore } from '../workspace/focus-store';
import { itemFieldPointer } from '../workspace/item-field';
import { ItemNote } from '../workspace/ItemNote';
import { VisualEditingBridge } from '../workspace/VisualEditingBridge';
import { Workspace, type WorkspaceSide } from '../workspace/Workspace';
import { focusField } from '../workspace/reveal-field';

/** The JSON view's Monaco bridge: loaded with the JSON view only, Monaco is in its chunk already by then. */
const jsonBridge = () => import('../json-view/json-view-bridge');

export default function DocumentPage() {
  const { id = '' } = useParams();
  if (!isDocumentId(id)) {
    return (
      <Stack gap="2">
        <Heading as="h1" size="lg">
          Unknown document
        </Heading>
        <Text>“{id}” is not a document id.</Text>
        <Text>
          <ChakraLink asChild color="blue.700">
            <Link to="/">Back to the documents</Link>
          </ChakraLink>
        </Text>
      </Stack>
    );
  }
  return <DocumentSessionScope key={id} id={id} />;
}

/** One session store and one preview channel per open document, above everything that reads them. */
function DocumentSessionScope({ id }: { id: DocumentId }) {
  const [session] = useState(createDocumentSession);
  return (
    <DocumentSessionContext.Provider value={session}>
      <PreviewChannelProvider>
        <DocumentEditor id={id} />
      </PreviewChannelProvider>
    </DocumentSessionContext.Provider>
  );
}

function DocumentEditor({ id }: { id: DocumentId }) {
  const canEdit = useCanEdit();
  const editor = useDocumentEditor(id);
  const { draft, problems, serverProblems, loadError, context, flagsContent } = editor;
  const autosave = useAutosave(id, draft, canEdit);
  const view = useDocumentSession((s) => s.view);
  const setView = useDocumentSession((s) => s.setView);
  const cursor = useRef<CursorTarget | null>(null);
  const field = useRef<FieldTarget | null>(null);
  const viewNow = useRef(view);
  viewNow.current = view;
  const setFocusPointer = useFocusStore((s) => s.setPointer);
  const notify = useDocumentSession((s) => s.notify);
  // ?at=<pointer> (docs/editor-workspace.md#deep-links): goes to that place once, in whichever view opens first.
  const [searchParams] = useSearchParams();
  const pendingAt = useRef<string | null>(searchParams.get('at'));
  const takeDeepLink = useCallback((): string | null => {
    const at = pendingAt.current;
    pendingAt.current = null;
    if (at === null) return null;
    const link = readDeepLink(draftStore.getState().value, at);
    if (link.problem) notify({ status: 'error', text: link.problem });
    return link.goTo;
  }, [notify]);

  // Shows a pointer: the form focuses its field, the JSON view selects its value (JSON ranges: docs/editor-workspace.md#visual-editing).
  const showPointer = useCallback(
    (pointer: string) => {
      if (viewNow.current === 'form') field.current?.goTo(pointer);
      else void jsonBridge().then((bridge) => bridge.selectPointer(id, pointer));
    },
    [id],
  );
  const stopCursorWatch = useRef<() => void>(() => {});
  const onJsonReady = useCallback(
    (target: CursorTarget | null) => {
      cursor.current = target;
      stopCursorWatch.current();
      stopCursorWatch.current = () => {};
      if (!target) return;
      void jsonBridge().then((bridge) => {
        if (cursor.current !== target) return;
        stopCursorWatch.current = bridge.onCursorPointer(id, setFocusPointer);
        const at = takeDeepLink();
        if (at !== null) {
          bridge.selectPointer(id, at);
          setFocusPointer(at);
        }
      });
    },
    [id, setFocusPointer, takeDeepLink],
  );
  const onFormReady = useCallback(
    (target: FieldTarget | null) => {
      field.current = target;
      const at = target ? takeDeepLink() : null;
      if (target && at !== null) {
        // After the form's own mount effects (which start its UI state afresh for this document), not before.
        setTimeout(() => field.current === target && target.goTo(at));
        setFocusPointer(at);
      }
    },
    [setFocusPointer, takeDeepLink],
  );
  useEffect(() => () => setFocusPointer(null), [setFocusPointer]);
  const goToProblem = (row: ProblemRow) =>
    view === 'form' ? field.current?.goTo(row.target) : cursor.current?.goTo(row.line, row.column);
  // Stable per view: the matrix panel is memoised and must not re-render on every keystroke.
  const goToPointer = useCallback(
    (t: PointerTarget) => (view === 'form' ? field.current?.goTo(t.pointer) : cursor.current?.goTo(t.line, t.column)),
    [view],
  );
  const [problemsOpen, setProblemsOpen] = useState(false);
  const [shown, setShown] = useState<WorkspaceSide>('editor');
  // Visual editing: an item clicked in the preview opens its field (its title when it has one) or selects its JSON.
  const editorSection = useRef<HTMLElement>(null);
  const onItemSelected = useCallback(
    (pointer: string) => {
      setShown('editor');
      if (viewNow.current !== 'form') return showPointer(pointer);
      const target = itemFieldPointer(draftStore.getState().value, pointer);
      // A field already on screen is focused at once; the form's goTo (open the groups on the way, then focus
      // after they render) is for one that is not (docs/editor-workspace.md#visual-editing).
      const shownField = editorSection.current?.querySelector<HTMLElement>(`[data-pointer="${CSS.escape(target)}"]`);
      if (shownField && shownField.getClientRects().length > 0) {
        focusField(shownField, 'nearest');
      } else showPointer(target);
    },
    [showPointer],
  );
  // A field taking focus is the place the breadcrumbs show and the preview outlines (the JSON view reports its caret).
  const onEditorFocus = useCallback(
    (event: React.FocusEvent) => {
      const pointer = fieldPointerOf(event.target);
      if (pointer !== null) setFocusPointer(pointer);
    },
    [setFocusPointer],
  );

  // The flag picker and the JSON completion offer flags.json's ids: the open draft's when flags itself is open.
  const liveValue = useDraftAfterTyping((s) => (id === 'flags' ? s.value : undefined));
  const registry = useMemo<Registry>(
    () => ({ flags: flagOptionsFrom(id === 'flags' ? liveValue : flagsContent) }),
    [id, liveValue, flagsContent],
  );
  const crossFile = useMemo(() => context ?? {}, [context]);
  const scope = useRef<HTMLDivElement>(null);
  // Who else has this document open (docs/workflow.md#presence): informative only, a save never waits for it.
  const presence = usePresence(id);
  const me = useSessionStore((s) => s.session?.username);
  const othersHere = useMemo(() => othersByDocument(presence, me).get(id) ?? [], [presence, me, id]);

  if (loadError)
    return (
      <Text role="alert" color="red.700">
        Could not open {id}: {loadError}
      </Text>
    );
  if (!draft)
    return (
      <Center p="8">
        <Spinner aria-label={`Loading ${id}`} />
      </Center>
    );

  const panelProps: DocumentPanelProps = { documentId: id, canEdit, registry, crossFile, goToPointer, editor };
  const goesTo = view === 'form' ? 'field' : 'line';
  return (
    <Stack gap="3" ref={scope}>
      {/* One row for the title and the actions: every line above the workspace pushes the preview down. */}
      <HStack gap="3" columnGap="8" wrap="wrap" justify="space-between">
        <Stack gap="0">
          <HStack gap="3" wrap="wrap">
            <Heading as="h1" size="xl">
              {id}
            </Heading>
            <PresenceBadge document={id} usernames={othersHere} />
          </HStack>
          <Text color="gray.700" fontSize="sm">
            {draft.kind} · draft v{draft.version} by {draft.author}
            {draft.isPublished ? ' · published' : ' · not yet published'}
          </Text>
        </Stack>
        <Toolbar editor={editor} canEdit={canEdit} scope={scope} />
      </HStack>
      <NoticeBar />
      {autosave.offered && <AutosaveOffer autosave={autosave} editor={editor} />}
      {editor.conflict && <Conflict editor={editor} autosave={autosave} />}
      <ProblemListPanel
        problems={problems}
        serverProblems={serverProblems}
        onSelect={goToProblem}
        goesTo={goesTo}
        open={problemsOpen}
        onOpenChange={setProblemsOpen}
        lead={
          <Stack gap="0.5">
            <Breadcrumbs onGoTo={showPointer} />
            <ItemNote />
          </Stack>
        }
      />
      <Workspace
        shown={shown}
        onShownChange={setShown}
        editor={
          <Box
            as="section"
            ref={editorSection}
            aria-label={view === 'json' ? 'JSON view' : 'Form view'}
            borderWidth="1px"
            borderRadius="md"
            overflow="hidden"
            onFocus={onEditorFocus}
          >
            <EditorViews
              documentId={id}
              readOnly={!canEdit}
              registry={registry}
              crossFile={crossFile}
              problems={problems}
              view={view}
              onViewChange={setView}
              onJsonReady={onJsonReady}
              onFormReady={onFormReady}
            />
          </Box>
        }
        preview={DOCUMENT_PANELS.filter((p) => p.place === 'beside-editor').map(({ id: panel, Panel }) => (
          <Panel key={panel} {...panelProps} />
        ))}
      />
      <VisualEditingBridge onItemSelected={onItemSelected} />
      {DOCUMENT_PANELS.filter((p) => p.place === 'below').map(({ id: panel, Panel }) => (
        <Panel key={panel} {...panelProps} />
      ))}
      {canEdit && <Dialogs editor={editor} autosave={autosave} />}
    </Stack>
  );
}

interface EditorProps {
  editor: DocumentEditorState;
}

function Toolbar({
  editor,
  canEdit,
  scope,
}: EditorProps & { canEdit: boolean; scope: React.RefObject<HTMLDivElement | null> }) {
  const { problems, draft } = editor;
  const dirty = useDirty(draft);
  const canUndo = useDraftAfterTyping(selectCanUndo);
  const canRedo = useDraftAfterTyping(selectCanRedo);
  const publishing = useDocumentSession((s) => s.publishing);
  const openDialog = useDocumentSession((s) => s.openDialog);
  const runHistory = useCallback((command: HistoryCommand) => draftStore.getState()[command](), []);
  useUndoShortcuts(scope, canEdit, runHistory);
  const blocked = saveBlockReason(problems.length);
  const publishBlocked = dirty
    ? 'Save your changes before publishing.'
    : draft?.isPublished
      ? 'This draft is already the published version.'
      : blocked;
  return (
    <DocumentToolbar
      canEdit={canEdit}
      dirty={dirty}
      saveBlockedReason={blocked}
      publishBlockedReason={publishBlocked}
      publishing={publishing}
      onSave={() => openDialog('save')}
      onPublish={() => openDialog('publish')}
      canUndo={canUndo}
      canRedo={canRedo}
      onUndo={() => runHistory('undo')}
      onRedo={() => runHistory('redo')}
    />
  );
}

function NoticeBar() {
  const notice = useDocumentSession((s) => s.notice);
  if (!notice) return null;
  return (
    <Alert.Root status={notice.status} role={notice.status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Title>{notice.text}</Alert.Title>
    </Alert.Root>
  );
}

function AutosaveOffer({ editor, autosave }: EditorProps & { autosave: Autosave }) {
  if (!autosave.offered || !editor.draft) return null;
  return (
    <AutosaveBanner
      copy={autosave.offered}
      currentEtag={editor.draft.etag}
      onRestore={() => {
        const text = autosave.restore();
        if (text !== null) editor.setText(text);
      }}
      onDiscard={autosave.discard}
    />
  );
}

function Conflict({ editor, autosave }: EditorProps & { autosave: Autosave }) {
  const { conflict, draft, setConflict, loadTheirs, setText, reload } = editor;
  const theirsLoaded = useDocumentSession((s) => s.theirsLoaded);
  const setTheirsLoaded = useDocumentSession((s) => s.setTheirsLoaded);
  const notify = useDocumentSession((s) => s.notify);
  if (!conflict || !draft) return null;
  return (
    <ConflictNotice
      conflict={conflict}
      theirsLoaded={theirsLoaded}
      onLoadTheirs={() => {
        loadTheirs();
        setTheirsLoaded(true);
      }}
      onUseMine={() => setText(conflict.mine)}
      onDismiss={() => {
        setConflict(null);
        setTheirsLoaded(false);
      }}
      // The three-way merge (editor/review): based on the draft the refused save started from.
      baseText={draft.text}
      onMerged={async () => {
        await reload();
        autosave.clear();
        setConflict(null);
        setTheirsLoaded(false);
        notify({ status: 'success', text: `Saved ${draft.id} (merged).` });
      }}
    />
  );
}

function Dialogs({ editor, autosave }: EditorProps & { autosave: Autosave }) {
  const { draft, problems, save, publish } = editor;
  const dialog = useDocumentSession((s) => s.dialog);
  // The working text only while the save dialog shows its diff: typing renders nothing here (docs/editor-typing.md#the-fixes).
  const text = useDraft((s) => (dialog === 'save' ? s.text : undefined));
  const closeDialog = useDocumentSession((s) => s.closeDialog);
  const setPublishing = useDocumentSession((s) => s.setPublishing);
  const notify = useDocumentSession((s) => s.notify);
  if (!draft) return null;
  const id = draft.id;

  // Confirmed in the publish review; a failure is shown there, beside what was about to change.
  async function onPublish(): Promise<ActionResult> {
    setPublishing(true);
    const result = await publish();
    setPublishing(false);
    if (result.ok) notify({ status: 'success', text: `Published ${id}. Customers get it on their next load.` });
    return result;
  }

  async function onSave(message: string): Promise<ActionResult> {
    const result = await save(message);
    if (result.ok) {
      autosave.clear();
      notify({ status: 'success', text: `Saved ${id}.` });
    } else {
      // A conflict or server problems are shown on the page; close the dialog so they are visible.
      closeDialog();
      notify(result.conflict ? null : { status: 'error', text: `Not saved: ${result.message}` });
    }
    return result;
  }

  return (
    <>
      <PublishDialog
        open={dialog === 'publish'}
        documentId={id}
        draftText={draft.text}
        draftVersion={draft.version}
        onClose={closeDialog}
        onPublish={onPublish}
      />
      <SaveDialog
        open={dialog === 'save'}
        documentId={id}
        blockedReason={saveBlockReason(problems.length)}
        serverText={draft.text}
        serverVersion={draft.version}
        draftText={text}
        onClose={closeDialog}
        onSave={onSave}
      />
    </>
  );
}
