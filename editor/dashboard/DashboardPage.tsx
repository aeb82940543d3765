import { Badge, Button, Heading, HStack, Input, InputGroup, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listDocumentsWithDamage } from '../api/documents-api';
import type { DocumentList } from '../../schemas/contracts';
import { useCanEdit, useSessionStore } from '../auth/session-store';
import { PresenceBadge } from '../presence/PresenceBadge';
import { othersByDocument } from '../presence/presence-text';
import { usePresence } from '../presence/use-presence';
import { useSearchDialog } from '../search/search-dialog-store';
import { SearchIcon } from '../search/SearchIcon';
import { copySources, localesWithoutDocument } from './create-locale';
import { CreateLocaleRow } from './CreateLocaleRow';
import {
  DASHBOARD_FILTERS,
  FILTER_LABELS,
  formatFilters,
  matchesText,
  parseFilters,
  passesFilters,
  rowText,
  type DashboardFilter,
} from './dashboard-filters';
import { documentName } from '../names/document-names';
import { DocumentNameCell } from './DocumentNameCell';
import { damageSummary, formatTime, toDamagedRow, toDocumentRow } from './document-rows';

/** Documents, their state and their last change, with filters and a search box (docs/editor-search.md#dashboard). */
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
  const openSearch = useSearchDialog((s) => s.openSearch);
  const [params, setParams] = useSearchParams();
  const { filters, unknown } = parseFilters(params.get('show'));
  const text = params.get('q') ?? '';

  useEffect(() => {
    listDocumentsWithDamage().then(setList, (e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);

  const update = (next: { filters?: DashboardFilter[]; text?: string }) => {
    const show = formatFilters(next.filters ?? filters);
    const q = next.text ?? text;
    setParams(
      () => {
        const p = new URLSearchParams();
        if (show) p.set('show', show);
        if (q) p.set('q', q);
        return p;
      },
      { replace: true },
    );
  };
  const toggle = (filter: DashboardFilter) =>
    update({ filters: filters.includes(filter) ? filters.filter((f) => f !== filter) : [...filters, filter] });

  const rows = useMemo(() => (list ? list.documents.map(toDocumentRow) : []), [list]);
  const shown = rows.filter((row) => passesFilters(row, filters, me) && matchesText(rowText(row), text));
  // Damaged documents cannot be valid; missing ones are neither unpublished, invalid nor anyone's.
  const damaged = list
    ? list.damaged
        .map(toDamagedRow)
        .filter(
          (row) =>
            (filters.length === 0 || (filters.length === 1 && filters[0] === 'invalid')) &&
            matchesText([row.id, documentName(row.id).name], text),
        )
    : [];
  const missing = list
    ? localesWithoutDocument(list).filter(
        (id) => filters.length === 0 && matchesText([id, documentName(id).name], text),
      )
    : [];
  // Counted: documents; a registry locale without one is a row to create it, not a document.
  const total = rows.length + (list?.damaged.length ?? 0);
  const count = shown.length + damaged.length;
  const filtering = filters.length > 0 || text !== '';

  return (
    <Stack gap="4">
      <Heading as="h1" size="xl" id={headingId}>
        Documents
      </Heading>
      {!canEdit && <Text>You are signed in as a viewer: documents open read-only.</Text>}
      {error && (
        <Text role="alert" color="red.700">
          Could not load the documents: {error}
        </Text>
      )}
      {!list && !error && <Spinner aria-label="Loading documents" />}
      {list && (
        // The description sits outside the table: as its caption it was as wide as the table and scrolled away on phones.
        <Stack gap="3">
          <Text id={descriptionId}>
            Every locale config, the markets list and the flags registry, with the state of their drafts.
          </Text>
          {damageSummary(list.damaged) && (
            <Text color="red.700" fontWeight="semibold">
              {damageSummary(list.damaged)}
            </Text>
          )}
          <HStack gap="3" wrap="wrap" align="center" role="search" aria-label="Filter the documents">
            <InputGroup startElement={<SearchIcon />} width={{ base: 'full', md: '80' }}>
              <Input
                type="search"
                size="sm"
                value={text}
                onChange={(e) => update({ text: e.target.value })}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && text.trim() !== '' && count + missing.length === 0) openSearch(text);
                }}
                placeholder="Country, id, change message or person"
                aria-label="Filter documents by country, id, change message or person"
              />
            </InputGroup>
            <HStack gap="2" wrap="wrap" role="group" aria-label="Show only">
              {DASHBOARD_FILTERS.map((filter) => {
                const on = filters.includes(filter);
                const matching = rows.filter((row) => passesFilters(row, [filter], me)).length;
                return (
                  <Button
                    key={filter}
                    size="sm"
                    variant={on ? 'surface' : 'outline'}
                    colorPalette={on ? 'blue' : 'gray'}
                    aria-pressed={on}
                    onClick={() => toggle(filter)}
                  >
                    {FILTER_LABELS[filter]}
                    <Badge size="sm" variant={on ? 'surface' : 'subtle'} colorPalette="gray">
                      {matching}
                    </Badge>
                  </Button>
                );
              })}
            </HStack>
            <Button size="sm" variant="ghost" colorPalette="blue" onClick={() => openSearch(text)}>
              <SearchIcon />
              {text.trim() ? `Search inside the documents for “${text.trim()}”` : 'Search inside the documents'}
            </Button>
          </HStack>
          {unknown.length > 0 && (
            <Text color="orange.700" fontSize="sm">
              Ignored {unknown.map((n) => `“${n}”`).join(', ')} in the link: the filters are{' '}
              {DASHBOARD_FILTERS.join(', ')}.
            </Text>
          )}
          <HStack gap="3">
            <Text role="status" fontSize="sm" color="fg.muted">
              {filtering ? `Showing ${count} of ${total} documents.` : `${total} documents.`}
            </Text>
            {filtering && (
              <Button size="xs" variant="outline" onClick={() => update({ filters: [], text: '' })}>
                Clear filters
              </Button>
            )}
          </HStack>
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" striped aria-labelledby={headingId} aria-describedby={descriptionId}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Document</Table.ColumnHeader>
                  <Table.ColumnHeader>State</Table.ColumnHeader>
                  <Table.ColumnHeader>Problems</Table.ColumnHeader>
                  <Table.ColumnHeader>Last change</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {/* Damaged documents first: they are the ones that need someone. */}
                {damaged.map((row) => (
                  <Table.Row key={row.id} data-testid={`document-row-${row.id}`} data-damaged="">
                    <DocumentNameCell id={row.id} />
                    <Table.Cell>
                      <Badge colorPalette="red" variant="solid">
                        Damaged
                      </Badge>
                    </Table.Cell>
                    <Table.Cell colSpan={2}>
                      <Text>{row.damage}</Text>
                      <Text color="fg.muted">Repair: {row.repair}</Text>
                    </Table.Cell>
                  </Table.Row>
                ))}
                {shown.map((row) => (
                  <Table.Row key={row.id} data-testid={`document-row-${row.id}`}>
                    <DocumentNameCell id={row.id} linked>
                      <PresenceBadge document={row.id} usernames={others.get(row.id) ?? []} />
                    </DocumentNameCell>
                    <Table.Cell>
                      <Stack gap="1" align="start">
                        <Badge
                          colorPalette={
                            row.status === 'published' ? 'gray' : row.status === 'draft-ahead' ? 'orange' : 'purple'
                          }
                          variant="surface"
                        >
                          {row.statusLabel}
                        </Badge>
                        <Text fontSize="xs" color="fg.muted">
                          draft v{row.draftVersion}
                          {row.publishedVersion === null ? '' : ` · published v${row.publishedVersion}`}
                        </Text>
                      </Stack>
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={row.valid ? 'green' : 'red'} variant="outline">
                        {row.validity}
                      </Badge>
                    </Table.Cell>
                    <Table.Cell maxW="md">
                      <Text lineClamp={2} title={row.lastMessage || undefined}>
                        {row.lastMessage || (
                          <Text as="span" color="fg.muted">
                            No change message
                          </Text>
                        )}
                      </Text>
                      <Text fontSize="xs" color="fg.muted">
                        by {row.lastAuthor}
                        {row.lastEditor !== row.lastAuthor ? ` (last edited by ${row.lastEditor})` : ''} ·{' '}
                        <time dateTime={row.lastEdited}>{formatTime(row.lastEdited)}</time>
                      </Text>
                    </Table.Cell>
                  </Table.Row>
                ))}
                {missing.map((id) => (
                  <CreateLocaleRow key={id} id={id} sources={copySources(list)} canEdit={canEdit} />
                ))}
                {count + missing.length === 0 && (
                  <Table.Row>
                    <Table.Cell colSpan={4}>
                      <Text>
                        No document matches{text.trim() ? ` “${text.trim()}”` : ''}
                        {filters.length
                          ? ` with the filters ${filters.map((f) => FILTER_LABELS[f].toLowerCase()).join(' and ')}`
                          : ''}
                        .
                      </Text>
                      {text.trim() && (
                        <Text color="fg.muted" fontSize="sm">
                          This box filters the rows; press Enter to search inside the documents instead.
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                )}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      )}
    </Stack>
  );
}
