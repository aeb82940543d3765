import { Alert, Box, Center, Grid, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { isDocumentId } from '../../schemas/validator';
import { useCanEdit } from '../auth/session-store';
import { AutosaveBanner } from '../autosave/AutosaveBanner';
import { clearAutosave, restorableCopy, writeAutosave, type AutosavedCopy } from '../autosave/autosave-store';
import type { CursorTarget } from '../json-view/cursor-target';
import { PreviewPane } from '../preview/PreviewPane';
import { saveBlockReason } from '../validation/problem-rows';
import { ConflictNotice } from './ConflictNotice';
import { DocumentToolbar } from './DocumentToolbar';
import { HistoryPanel } from './HistoryPanel';
import { ProblemList } from './ProblemList';
import { SaveDialog } from './SaveDialog';
import { useDebouncedValue } from './use-debounced-value';
import { useDocumentEditor } from './use-document-editor';

// Monaco (about 1 MB gzip) is fetched only when the JSON view mounts, never with the editor's first load.
const JsonView = lazy(() => import('../json-view/JsonView'));

const AUTOSAVE_DEBOUNCE_MS = 400;

export default function DocumentPage() {
  const { id = '' } = useParams();
  if (!isDocumentId(id)) {
    return (
      <Stack gap="2">
        <Heading as="h1" size="lg">Unknown document</Heading>
        <Text>“{id}” is not a document id.</Text>
      </Stack>
    );
  }
  return <DocumentEditor key={id} id={id} />;
}

function DocumentEditor({ id }: { id: string }) {
  const canEdit = useCanEdit();
  const editor = useDocumentEditor(id);
  const { draft, text, setText, problems, serverProblems, dirty, loadError, conflict, setConflict, loadTheirs, save, publish, restore, revision } = editor;
  const cursor = useRef<CursorTarget | null>(null);
  const [saveOpen, setSaveOpen] = useState(false);
  const [publishing, setPublishing] = useState(false);
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
    if (!draft || !canEdit || !offerChecked || offered) return;
    writeAutosave(localStorage, id, { baseEtag: draft.etag, text: settledText, savedAt: new Date().toISOString() }, draft.text);
  }, [settledText, draft, canEdit, offerChecked, offered, id]);

  if (loadError) return <Text role="alert" color="red.700">Could not open {id}: {loadError}</Text>;
  if (!draft) return <Center p="8"><Spinner aria-label={`Loading ${id}`} /></Center>;

  const blocked = saveBlockReason(problems.length);
  const publishBlocked = dirty ? 'Save your changes before publishing.' : draft.isPublished ? 'This draft is already the published version.' : blocked;

  async function onPublish() {
    setPublishing(true);
    const result = await publish();
    setPublishing(false);
    setNotice(result.ok ? { status: 'success', text: `Published ${id}. Customers get it on their next load.` } : { status: 'error', text: `Not published: ${result.message}` });
  }

  return (
    <Stack gap="4">
      <Stack gap="1">
        <Heading as="h1" size="xl">{id}</Heading>
        <Text color="gray.700">
          {draft.kind} · draft v{draft.version} by {draft.author}
          {draft.isPublished ? ' · published' : ' · not yet published'}
        </Text>
      </Stack>
      <DocumentToolbar canEdit={canEdit} dirty={dirty} saveBlockedReason={blocked} publishBlockedReason={publishBlocked} publishing={publishing} onSave={() => setSaveOpen(true)} onPublish={onPublish} />
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
        />
      )}
      <Grid templateColumns={{ base: '1fr', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4" alignItems="start">
        <Box as="section" aria-label="JSON view" borderWidth="1px" borderRadius="md" overflow="hidden">
          <Suspense fallback={<Center h="70vh"><Spinner aria-label="Loading the JSON editor" /></Center>}>
            <JsonView documentId={id} value={text} readOnly={!canEdit} onChange={setText} onReady={(target) => (cursor.current = target)} />
          </Suspense>
        </Box>
        <Stack gap="4">
          <ProblemList title="Problems" problems={problems} emptyText="No problems: the draft passes the schema and cross-file checks." onSelect={(row) => cursor.current?.goTo(row.line, row.column)} />
          {serverProblems.length > 0 && <ProblemList title="Problems reported by the server" problems={serverProblems} onSelect={(row) => cursor.current?.goTo(row.line, row.column)} />}
        </Stack>
      </Grid>
      {draft.kind === 'locale' ? <PreviewPane locale={id} reloadKey={revision} /> : <Text>{id} has no preview of its own: it affects every locale's preview.</Text>}
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
        <SaveDialog
          open={saveOpen}
          documentId={id}
          blockedReason={blocked}
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
