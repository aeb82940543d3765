import {
  Badge,
  Field,
  Heading,
  HStack,
  Link as ChakraLink,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { describeApiError } from '../api/api-error';
import { listChangeSets } from '../api/change-sets-api';
import { CHANGE_SET_STATES, type ChangeSetList, type ChangeSetState } from '../../schemas/contracts';
import { useSessionStore } from '../auth/session-store';
import {
  describeEvent,
  describeSchedule,
  formatLocalTime,
  lastEvent,
  memberNames,
  STATE_LABELS,
  STATE_PALETTES,
} from './change-set-text';
import { NewChangeSetForm } from './NewChangeSetForm';
import { useWorkflowSettings } from './workflow-settings';

type StateFilter = ChangeSetState | 'all';

/** Every change set with its state, documents, last event and schedule; editors start new ones here. */
export default function ChangeSetsPage() {
  const [list, setList] = useState<ChangeSetList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState<StateFilter>('all');
  const canCreate = useSessionStore((s) => s.session?.role === 'editor');
  const report = useWorkflowSettings((s) => s.report);
  const headingId = useId();

  const load = useCallback(() => {
    listChangeSets().then(
      (next) => {
        setList(next);
        report(next.requireApproval);
      },
      (e: unknown) => setError(describeApiError(e)),
    );
  }, [report]);
  useEffect(load, [load]);

  const shown = list?.changeSets.filter((set) => filter === 'all' || set.state === filter) ?? [];
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl" id={headingId}>
        Change sets
      </Heading>
      <Text>
        A change set groups the drafts of several documents, is reviewed as a whole and published at once.{' '}
        {list &&
          (list.requireApproval
            ? 'Publishing needs the approval of someone who did not edit it.'
            : 'Approval is off on this service: a set can be published without it.')}
      </Text>
      {error && (
        <Text role="alert" color="red.700">
          Could not load the change sets: {error}
        </Text>
      )}
      {canCreate && list && <NewChangeSetForm changeSets={list.changeSets} />}
      {!list && !error && <Spinner aria-label="Loading change sets" />}
      {list && (
        <Stack gap="2">
          <Field.Root maxW="xs">
            <Field.Label>Show</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={filter} onChange={(e) => setFilter(e.target.value as StateFilter)}>
                <option value="all">All states</option>
                {CHANGE_SET_STATES.map((state) => (
                  <option key={state} value={state}>
                    {STATE_LABELS[state]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {shown.length === 0 ? (
            <Text>
              {list.changeSets.length === 0
                ? 'No change sets yet.'
                : `No change sets are ${STATE_LABELS[filter as ChangeSetState].toLowerCase()}.`}
            </Text>
          ) : (
            <Table.ScrollArea borderWidth="1px" borderRadius="md">
              <Table.Root size="sm" striped aria-labelledby={headingId}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Title</Table.ColumnHeader>
                    <Table.ColumnHeader>State</Table.ColumnHeader>
                    <Table.ColumnHeader>Documents</Table.ColumnHeader>
                    <Table.ColumnHeader>Last event</Table.ColumnHeader>
                    <Table.ColumnHeader>Schedule</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {shown.map((set) => {
                    const event = lastEvent(set);
                    return (
                      <Table.Row key={set.id} data-testid={`change-set-row-${set.id}`}>
                        <Table.Cell>
                          <ChakraLink asChild color="blue.700" fontWeight="semibold">
                            <Link to={`/change-sets/${set.id}`}>{set.title}</Link>
                          </ChakraLink>
                        </Table.Cell>
                        <Table.Cell>
                          <Badge colorPalette={STATE_PALETTES[set.state]} variant="surface">
                            {STATE_LABELS[set.state]}
                          </Badge>
                        </Table.Cell>
                        <Table.Cell>{memberNames(set)}</Table.Cell>
                        <Table.Cell>
                          {event && (
                            <HStack gap="1" wrap="wrap">
                              <Text>{describeEvent(event)}</Text>
                              <Text color="fg.muted">
                                <time dateTime={event.time}>{formatLocalTime(event.time)}</time>
                              </Text>
                            </HStack>
                          )}
                        </Table.Cell>
                        <Table.Cell>{describeSchedule(set)}</Table.Cell>
                      </Table.Row>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </Stack>
      )}
    </Stack>
  );
}
