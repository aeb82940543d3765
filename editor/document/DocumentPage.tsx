import { Alert, Box, Center, Link as ChakraLink, Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { isDocumentId, type DocumentId } from '../../schemas/validator';
import type { PointerTarget } from '../audience/AudiencePanel';
import { useCanEdit } from '../auth/session-store';
import { AutosaveBanner } from '../autosave/AutosaveBanner';
import { clearAutosave, restorableCopy, writeAutosave, type AutosavedCopy } from '../autosave/autosave-store';
import type { FieldTarget } from '../form-view/field-target';
import type { CursorTarget } from '../json-view/cursor-target';
import { PreviewPane } from '../preview/PreviewPane';
import { draftStore, selectCanRedo, selectCanUndo, useDraft } from '../store/draft-store';
import { saveBlockReason, type ProblemRow } from '../validation/problem-rows';
import { flagOptionsFrom, type Registry } from '../validation/registries';
import { ConflictNotice } from './ConflictNotice';
import { DocumentToolbar } from './DocumentToolbar';
import { EditorViews, type EditorView } from './EditorViews';
import { HistoryPanel } from './HistoryPanel';
import { ProblemList } from './ProblemList';
import { PublishDialog } from './PublishDialog';
import { SaveDialog } from './SaveDialog';
import { useUndoShortcuts, type HistoryCommand } from './undo-shortcuts';
import { useDebouncedValue } from './use-debounced-value';
import { useDocumentEditor, type ActionResult } from './use-document-editor';

const AUTOSAVE_DEBOUNCE_MS = 400;
// The audience matrix (engine, grid) is its own chunk; the engine itself runs in a worker.
const AudiencePanel = lazy(() => import('../audience/AudiencePanel'));

export default function DocumentPage() {
  const { id = '' } = useParams();
  if (!isDocumentId(id)) {
    return (
      <Stack gap="2">
        <Heading as="h1" size="lg">Unknown document</Heading>
        <Text>“{id}” is not a document id.</Text>
        <Text>
          <ChakraLink asChild color="blue.700"><Link to="/">Back to the documents</Link></ChakraLink>
        </Text>
      </Stack>
    );
  }
  return <DocumentEditor key={id} id={id} />;
}

function DocumentEditor({ id }: { id: DocumentId }) {
  const canEdit = useCanEdit();
  const editor = useDocumentEditor(id);
  const { draft, text, setText, problems, serverProblems, dirty, loadError, conflict, setConflict, loadTheirs, save, publish, restore, reload, revision, context, flagsContent } = editor;
  // The form first: content managers work without touching JSON, and Monaco loads only when its view opens.
  const [view, setView] = useState<EditorView>('form');
  const cursor = useRef<CursorTarget | null>(null);
  const field = useRef<FieldTarget | null>(null);
  const onJsonReady = useCallback((target: CursorTarget | null) => (cursor.current = target), []);
  const onFormReady = useCallback((target: FieldTarget | null) => (field.current = target), []);
  const goToProblem = (row: ProblemRow) => (view === 'form' ? field.current?.goTo(row.target) : cursor.current?.goTo(row.line, row.column));
  // Stable per view: the matrix panel is memoised and must not re-render on every keystroke.
  const goToPointer = useCallback((t: PointerTarget) => (view === 'form' ? field.current?.goTo(t.pointer) : cursor.current?.goTo(t.line, t.column)), [view]);

  // The flag picker and the JSON completion offer flags.json's ids: the open draft's when flags itself is open.
  const liveValue = useDraft((s) => (id === 'flags' ? s.value : undefined));
  const registry = useMemo<Registry>(() => ({ flags: flagOptionsFrom(id === 'flags' ? liveValue : flagsContent) }), [id, liveValue, flagsContent]);
  const crossFile = useMemo(() => context ?? {}, [context]);

  const canUndo = useDraft(selectCanUndo);
  const canRedo = useDraft(selectCanRedo);
  const runHistory = useCallback((command: HistoryCommand) => draftStore.getState()[command](), []);
  const scope = useRef<HTMLDivElement>(null);
  useUndoShortcuts(scope, canEdit, runHistory);
  const [saveOpen, setSaveOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [publishOpen, setPublishOpen] = useState(false);
  const [notice, setNotice] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const [offered, setOffered] = useState<AutosavedCopy | null>(null);
  const [offerChecked, setOfferChecked] = useState(false);
  const [theirsLoaded, setTheirsLoaded] = useState(false);

  // On (re)open, offer edits left in this browser; until answered, autosave must not overwrite them.
  useEffect(() => {
    if (!draft || offerChecked || !canEdit) return;
    setOffered(restorableCopy(localStorage, id, draft.text));
    setOfferChecked(true);
  }, [draft, offerChecked, canEdit, id]);

  const settledText = useDebouncedValue(text, AUTOSAVE_DEBOUNCE_MS);
  useEffect(() => {
    // Only settled text: right after a load the debounced copy still lags behind the loaded draft.
    if (!draft || !canEdit || !offerChecked || offered || settledText !== text) return;
    writeAutosave(localStorage, id, { baseEtag: draft.etag, text: settledText, savedAt: new Date().toISOString() }, draft.text);
  }, [settledText, text, draft, canEdit, offerChecked, offered, id]);
  // A reload or a closed tab inside the debounce would lose the last keystrokes: write them as the page goes.
  useEffect(() => {
    if (!draft || !canEdit || !offerChecked || offered) return;
    const flush = () => writeAutosave(localStorage, id, { baseEtag: draft.etag, text, savedAt: new Date().toISOString() }, draft.text);
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [text, draft, canEdit, offerChecked, offered, id]);

  if (loadError) return <Text role="alert" color="red.700">Could not open {id}: {loadError}</Text>;
  if (!draft) return <Center p="8"><Spinner aria-label={`Loading ${id}`} /></Center>;

  const blocked = saveBlockReason(problems.length);
  const publishBlocked = dirty ? 'Save your changes before publishing.' : draft.isPublished ? 'This draft is already the published version.' : blocked;

  // Confirmed in the publish review; a failure is shown there, beside what was about to change.
  async function onPublish(): Promise<ActionResult> {
    setPublishing(true);
    const result = await publish();
    setPublishing(false);
    if (result.ok) setNotice({ status: 'success', text: `Published ${id}. Customers get it on their next load.` });
    return result;
  }

  return (
    <Stack gap="4" ref={scope}>
      <Stack gap="1">
        <Heading as="h1" size="xl">{id}</Heading>
        <Text color="gray.700">
          {draft.kind} · draft v{draft.version} by {draft.author}
          {draft.isPublished ? ' · published' : ' · not yet published'}
        </Text>
      </Stack>
      <DocumentToolbar
        canEdit={canEdit}
        dirty={dirty}
        saveBlockedReason={blocked}
        publishBlockedReason={publishBlocked}
        publishing={publishing}
        onSave={() => setSaveOpen(true)}
        onPublish={() => setPublishOpen(true)}
        canUndo={canUndo}
        canRedo={canRedo}
        onUndo={() => runHistory('undo')}
        onRedo={() => runHistory('redo')}
      />
      {notice && (
        <Alert.Root status={notice.status} role={notice.status === 'error' ? 'alert' : 'status'}>
          <Alert.Indicator />
          <Alert.Title>{notice.text}</Alert.Title>
        </Alert.Root>
      )}
      {offered && (
        <AutosaveBanner
          copy={offered}
          currentEtag={draft.etag}
          onRestore={() => {
            setText(offered.text);
            setOffered(null);
          }}
          onDiscard={() => {
            clearAutosave(localStorage, id);
            setOffered(null);
          }}
        />
      )}
      {conflict && (
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
            clearAutosave(localStorage, id);
            setConflict(null);
            setTheirsLoaded(false);
            setNotice({ status: 'success', text: `Saved ${id} (merged).` });
          }}
        />
      )}
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4" alignItems="start">
        <Box as="section" aria-label={view === 'json' ? 'JSON view' : 'Form view'} borderWidth="1px" borderRadius="md" overflow="hidden">
          <EditorViews documentId={id} readOnly={!canEdit} registry={registry} crossFile={crossFile} view={view} onViewChange={setView} onJsonReady={onJsonReady} onFormReady={onFormReady} />
        </Box>
        <Stack gap="4">
          <ProblemList title="Problems" problems={problems} emptyText="No problems: the draft passes the schema and cross-file checks." onSelect={goToProblem} goesTo={view === 'form' ? 'field' : 'line'} />
          {serverProblems.length > 0 && <ProblemList title="Problems reported by the server" problems={serverProblems} onSelect={goToProblem} goesTo={view === 'form' ? 'field' : 'line'} />}
        </Stack>
      </Grid>
      <PreviewPane documentId={id} flags={registry.flags} crossFile={crossFile} />
      <Suspense fallback={<Center p="4"><Spinner aria-label="Loading the audience matrix" /></Center>}>
        <AudiencePanel documentId={id} onGoTo={goToPointer} />
      </Suspense>
      <HistoryPanel
        documentId={id}
        revision={revision}
        canRestore={canEdit}
        restoreBlockedReason={dirty ? 'Save or discard your changes before restoring a version.' : undefined}
        onRestore={async (version) => {
          const result = await restore(version);
          if (result.ok) setNotice({ status: 'success', text: `Restored version ${version} as the new draft. Publish it to make it live.` });
          return result;
        }}
      />
      {canEdit && (
        <PublishDialog open={publishOpen} documentId={id} draftText={draft.text} draftVersion={draft.version} onClose={() => setPublishOpen(false)} onPublish={onPublish} />
      )}
      {canEdit && (
        <SaveDialog
          open={saveOpen}
          documentId={id}
          blockedReason={blocked}
          serverText={draft.text}
          serverVersion={draft.version}
          draftText={text}
          onClose={() => setSaveOpen(false)}
          onSave={async (message) => {
            const result = await save(message);
            if (result.ok) {
              clearAutosave(localStorage, id);
              setNotice({ status: 'success', text: `Saved ${id}.` });
            } else {
              // A conflict or server problems are shown on the page; close the dialog so they are visible.
              setSaveOpen(false);
              setNotice(result.conflict ? null : { status: 'error', text: `Not saved: ${result.message}` });
            }
            return result;
          }}
        />
      )}
    </Stack>
  );
}
