import { Badge, Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { getHistory } from '../api/documents-api';
import type { DocumentHistory } from '../api/types';
import { formatTime } from '../dashboard/document-rows';
import type { ActionResult } from './use-document-editor';

export interface HistoryPanelProps {
  documentId: string;
  /** Changes whenever the draft changes, so the list refetches after save, publish or restore. */
  revision: number;
  canRestore: boolean;
  restoreBlockedReason?: string;
  onRestore: (version: number) => Promise<ActionResult>;
}

export function HistoryPanel({ documentId, revision, canRestore, restoreBlockedReason, onRestore }: HistoryPanelProps) {
  const [history, setHistory] = useState<DocumentHistory | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyVersion, setBusyVersion] = useState<number | null>(null);

  useEffect(() => {
    getHistory(documentId).then(setHistory, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [documentId, revision]);

  async function restore(version: number) {
    setBusyVersion(version);
    setError(null);
    const result = await onRestore(version);
    setBusyVersion(null);
    if (!result.ok) setError(result.message);
  }

  return (
    <Stack as="section" aria-labelledby="history-heading" gap="2">
      <Heading as="h2" size="md" id="history-heading">History</Heading>
      {error && <Text role="alert" color="red.700">{error}</Text>}
      {canRestore && restoreBlockedReason && <Text color="gray.700">{restoreBlockedReason}</Text>}
      {history && (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Version</Table.ColumnHeader>
              <Table.ColumnHeader>Author</Table.ColumnHeader>
              <Table.ColumnHeader>Time</Table.ColumnHeader>
              <Table.ColumnHeader>Message</Table.ColumnHeader>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              {canRestore && <Table.ColumnHeader>Actions</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {history.versions.map((v) => (
              <Table.Row key={v.version}>
                <Table.Cell>v{v.version}</Table.Cell>
                <Table.Cell>{v.author}</Table.Cell>
                <Table.Cell><time dateTime={v.time}>{formatTime(v.time)}</time></Table.Cell>
                <Table.Cell>{v.message}</Table.Cell>
                <Table.Cell>
                  {v.isDraft && <Badge me="1">draft</Badge>}
                  {v.isPublished && <Badge colorPalette="green">published</Badge>}
                </Table.Cell>
                {canRestore && (
                  <Table.Cell>
                    {!v.isDraft && (
                      <Button size="xs" variant="outline" disabled={!!restoreBlockedReason} loading={busyVersion === v.version} onClick={() => restore(v.version)} aria-label={`Restore version ${v.version}`}>
                        Restore
                      </Button>
                    )}
                  </Table.Cell>
                )}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Stack>
  );
}
