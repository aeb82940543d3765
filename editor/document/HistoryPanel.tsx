import { Badge, Button, Center, Heading, HStack, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { Fragment, useEffect, useRef, useState } from 'react';
import { getDocument, getHistory } from '../api/documents-api';
import type { DocumentHistory, HistoryEntry } from '../../schemas/contracts';
import { formatTime } from '../dashboard/document-rows';
import { LazyDiffPanel } from '../review/LazyDiffPanel';
import type { ActionResult } from './use-document-editor';

export interface HistoryPanelProps {
  documentId: string;
  /** Changes whenever the draft changes, so the list refetches after save, publish or restore. */
  revision: number;
  canRestore: boolean;
  restoreBlockedReason?: string;
  onRestore: (version: number) => Promise<ActionResult>;
}

/** The texts of one version and the one before it, for "Show diff". */
type VersionDiff =
  { state: 'loading' } | { state: 'ready'; previous: string; current: string } | { state: 'error'; message: string };

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Every version, newest first: who, when, why; a diff against the version before it; restore (editors). */
export function HistoryPanel({ documentId, revision, canRestore, restoreBlockedReason, onRestore }: HistoryPanelProps) {
  const [history, setHistory] = useState<DocumentHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyVersion, setBusyVersion] = useState<number | null>(null);
  const [shown, setShown] = useState<{ version: number; diff: VersionDiff } | null>(null);
  // Versions never change once saved, so their texts are fetched once.
  const texts = useRef(new Map<string, Promise<string>>());

  useEffect(() => {
    getHistory(documentId).then(setHistory, (e: unknown) => setError(message(e)));
  }, [documentId, revision]);

  function versionText(version: number): Promise<string> {
    const key = `${documentId}:${version}`;
    let text = texts.current.get(key);
    if (!text) {
      text = getDocument(documentId, version).then((doc) => doc.text);
      texts.current.set(key, text);
      text.catch(() => texts.current.delete(key));
    }
    return text;
  }

  function toggleDiff(version: number) {
    if (shown?.version === version) {
      setShown(null);
      return;
    }
    setShown({ version, diff: { state: 'loading' } });
    Promise.all([versionText(version - 1), versionText(version)]).then(
      ([previous, current]) =>
        setShown((s) => (s?.version === version ? { version, diff: { state: 'ready', previous, current } } : s)),
      (e: unknown) =>
        setShown((s) => (s?.version === version ? { version, diff: { state: 'error', message: message(e) } } : s)),
    );
  }

  async function restore(version: number) {
    setBusyVersion(version);
    setError(null);
    const result = await onRestore(version);
    setBusyVersion(null);
    if (!result.ok) setError(result.message);
  }

  const columns = 6;
  return (
    <Stack as="section" aria-labelledby="history-heading" gap="2">
      <Heading as="h2" size="md" id="history-heading">
        History
      </Heading>
      {error && (
        <Text role="alert" color="red.700">
          {error}
        </Text>
      )}
      {canRestore && restoreBlockedReason && <Text color="gray.700">{restoreBlockedReason}</Text>}
      {history && (
        // Six columns do not fit a phone: the table scrolls sideways in its own box, the page does not.
        <Table.ScrollArea tabIndex={0} aria-label="Versions of this document">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Version</Table.ColumnHeader>
                <Table.ColumnHeader>Author</Table.ColumnHeader>
                <Table.ColumnHeader>Time</Table.ColumnHeader>
                <Table.ColumnHeader>Message</Table.ColumnHeader>
                <Table.ColumnHeader>State</Table.ColumnHeader>
                <Table.ColumnHeader>Actions</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {history.versions.map((v) => {
                const open = shown?.version === v.version;
                const diffId = `history-diff-${v.version}`;
                return (
                  <Fragment key={v.version}>
                    <Table.Row>
                      <Table.Cell>v{v.version}</Table.Cell>
                      <Table.Cell>{v.author}</Table.Cell>
                      <Table.Cell>
                        <time dateTime={v.time}>{formatTime(v.time)}</time>
                      </Table.Cell>
                      <Table.Cell>{v.message}</Table.Cell>
                      <Table.Cell>
                        {v.isDraft && <Badge me="1">draft</Badge>}
                        {v.isPublished && <Badge colorPalette="green">published</Badge>}
                      </Table.Cell>
                      <Table.Cell>
                        <HStack gap="2">
                          {v.version > 1 && (
                            <Button
                              size="xs"
                              variant="ghost"
                              aria-expanded={open}
                              aria-controls={open ? diffId : undefined}
                              onClick={() => toggleDiff(v.version)}
                              aria-label={`${open ? 'Hide' : 'Show'} the diff of version ${v.version}`}
                            >
                              {open ? 'Hide diff' : 'Show diff'}
                            </Button>
                          )}
                          {canRestore && !v.isDraft && (
                            <Button
                              size="xs"
                              variant="outline"
                              disabled={!!restoreBlockedReason}
                              loading={busyVersion === v.version}
                              onClick={() => restore(v.version)}
                              aria-label={`Restore version ${v.version}`}
                            >
                              Restore
                            </Button>
                          )}
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                    {open && shown && (
                      <Table.Row>
                        <Table.Cell colSpan={columns} id={diffId}>
                          <VersionDiffCell documentId={documentId} entry={v} diff={shown.diff} />
                        </Table.Cell>
                      </Table.Row>
                    )}
                  </Fragment>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

function VersionDiffCell({ documentId, entry, diff }: { documentId: string; entry: HistoryEntry; diff: VersionDiff }) {
  if (diff.state === 'loading')
    return (
      <Center p="4">
        <Spinner aria-label={`Loading versions ${entry.version - 1} and ${entry.version}`} />
      </Center>
    );
  if (diff.state === 'error')
    return (
      <Text role="alert" color="red.700">
        Could not load the diff: {diff.message}
      </Text>
    );
  const what = entry.action === 'restore' && entry.restoredFrom ? ` (restored from version ${entry.restoredFrom})` : '';
  return (
    <LazyDiffPanel
      title={`Changes in version ${entry.version}`}
      documentId={documentId}
      original={diff.previous}
      modified={diff.current}
      originalLabel={`version ${entry.version - 1}`}
      modifiedLabel={`version ${entry.version}${what}`}
      height="40vh"
    />
  );
}
