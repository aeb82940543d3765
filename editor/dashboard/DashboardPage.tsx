import { Badge, Heading, HStack, Link as ChakraLink, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { listDocumentsWithDamage } from '../api/documents-api';
import type { DocumentList } from '../../schemas/contracts';
import { useCanEdit, useSessionStore } from '../auth/session-store';
import { PresenceBadge } from '../presence/PresenceBadge';
import { othersByDocument } from '../presence/presence-text';
import { usePresence } from '../presence/use-presence';
import { copySources, localesWithoutDocument } from './create-locale';
import { CreateLocaleRow } from './CreateLocaleRow';
import { damageSummary, formatTime, toDamagedRow, toDocumentRow } from './document-rows';

export function DashboardPage() {
  const [list, setList] = useState<DocumentList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canEdit = useCanEdit();
  const headingId = useId();
  const descriptionId = useId();
  // Who else has which document open (docs/workflow.md#presence); the dashboard itself counts as no document.
  const presence = usePresence(null);
  const me = useSessionStore((s) => s.session?.username);
  const others = useMemo(() => othersByDocument(presence, me), [presence, me]);

  useEffect(() => {
    listDocumentsWithDamage().then(setList, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl" id={headingId}>Documents</Heading>
      {!canEdit && <Text>You are signed in as a viewer: documents open read-only.</Text>}
      {error && <Text role="alert" color="red.700">Could not load the documents: {error}</Text>}
      {!list && !error && <Spinner aria-label="Loading documents" />}
      {list && (
        // The description sits outside the table: as its caption it was as wide as the table and scrolled away on phones.
        <Stack gap="2">
          <Text id={descriptionId}>Every locale config, the markets list and the flags registry, with the state of their drafts.</Text>
          {damageSummary(list.damaged) && <Text color="red.700" fontWeight="semibold">{damageSummary(list.damaged)}</Text>}
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" striped aria-labelledby={headingId} aria-describedby={descriptionId}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Document</Table.ColumnHeader>
                  <Table.ColumnHeader>Kind</Table.ColumnHeader>
                  <Table.ColumnHeader>Validity</Table.ColumnHeader>
                  <Table.ColumnHeader>Publication</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Draft</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Published</Table.ColumnHeader>
                  <Table.ColumnHeader>Last editor</Table.ColumnHeader>
                  <Table.ColumnHeader>Last edited</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {/* Damaged documents first: they are the ones that need someone. */}
                {list.damaged.map(toDamagedRow).map((row) => (
                  <Table.Row key={row.id} data-testid={`document-row-${row.id}`} data-damaged="">
                    <Table.Cell fontWeight="semibold">{row.id}</Table.Cell>
                    <Table.Cell>{row.kind}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette="red" variant="solid">Damaged</Badge>
                    </Table.Cell>
                    <Table.Cell colSpan={5}>
                      <Text>{row.damage}</Text>
                      <Text color="fg.muted">Repair: {row.repair}</Text>
                    </Table.Cell>
                  </Table.Row>
                ))}
                {list.documents.map(toDocumentRow).map((row) => (
                  <Table.Row key={row.id} data-testid={`document-row-${row.id}`}>
                    <Table.Cell>
                      <HStack gap="2" wrap="wrap">
                        <ChakraLink asChild color="blue.700" fontWeight="semibold">
                          <Link to={`/documents/${row.id}`}>{row.id}</Link>
                        </ChakraLink>
                        <PresenceBadge document={row.id} usernames={others.get(row.id) ?? []} />
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>{row.kind}</Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={row.valid ? 'green' : 'red'} variant="outline">{row.validity}</Badge>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={row.status === 'published' ? 'gray' : 'orange'} variant="surface">{row.statusLabel}</Badge>
                    </Table.Cell>
                    <Table.Cell textAlign="end">v{row.draftVersion}</Table.Cell>
                    <Table.Cell textAlign="end">{row.publishedVersion === null ? '—' : `v${row.publishedVersion}`}</Table.Cell>
                    <Table.Cell>{row.lastEditor}</Table.Cell>
                    <Table.Cell><time dateTime={row.lastEdited}>{formatTime(row.lastEdited)}</time></Table.Cell>
                  </Table.Row>
                ))}
                {localesWithoutDocument(list).map((id) => (
                  <CreateLocaleRow key={id} id={id} sources={copySources(list)} canEdit={canEdit} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      )}
    </Stack>
  );
}
