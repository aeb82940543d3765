import {
  Box,
  Button,
  Field,
  Heading,
  HStack,
  Link as ChakraLink,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { describeApiError } from '../api/api-error';
import { listChangeSets } from '../api/change-sets-api';
import { listDocuments } from '../api/documents-api';
import type { ChangeSet, ChangeSetAction, DocumentId } from '../../schemas/contracts';
import { isAllowed, type Permissions } from './change-set-permissions';
import { memberCandidates, type MemberCandidate } from './member-candidates';
import type { ActResult, CarriedDraft } from './use-change-set';

export interface ChangeSetMembersProps {
  changeSet: ChangeSet;
  carried: readonly CarriedDraft[];
  permissions: Permissions;
  act: (action: ChangeSetAction) => Promise<ActResult>;
}

/** The documents in the set, each with the draft version it carries and who wrote it; editors add and remove. */
export function ChangeSetMembers({ changeSet, carried, permissions, act }: ChangeSetMembersProps) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<DocumentId | null>(null);
  const author = (id: DocumentId) => carried.find((c) => c.id === id)?.author;

  async function remove(id: DocumentId) {
    setBusy(id);
    const result = await act({ action: 'remove', document: id });
    setBusy(null);
    setError(result.ok ? null : result.message);
  }

  return (
    <Box as="section" aria-labelledby="change-set-members" borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="3">
        <Heading as="h2" size="md" id="change-set-members">
          Documents
        </Heading>
        {changeSet.members.length === 0 ? (
          <Text>No documents yet.</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-labelledby="change-set-members">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Document</Table.ColumnHeader>
                  <Table.ColumnHeader>Carried draft</Table.ColumnHeader>
                  {isAllowed(permissions.remove) && (
                    <Table.ColumnHeader>
                      <Box srOnly>Remove</Box>
                    </Table.ColumnHeader>
                  )}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {changeSet.members.map((m) => (
                  <Table.Row key={m.id} data-testid={`member-${m.id}`}>
                    <Table.Cell>
                      <ChakraLink asChild color="blue.700" fontWeight="semibold">
                        <Link to={`/documents/${m.id}`}>{m.id}</Link>
                      </ChakraLink>
                    </Table.Cell>
                    <Table.Cell>
                      v{m.version}
                      {author(m.id) ? ` by ${author(m.id)}` : ''}
                    </Table.Cell>
                    {isAllowed(permissions.remove) && (
                      <Table.Cell textAlign="end">
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          loading={busy === m.id}
                          onClick={() => void remove(m.id)}
                          aria-label={`Remove ${m.id} from the set`}
                        >
                          Remove
                        </Button>
                      </Table.Cell>
                    )}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        {isAllowed(permissions.add) && <AddMember changeSet={changeSet} act={act} />}
        {error && (
          <Text role="alert" color="red.700">
            {error}
          </Text>
        )}
      </Stack>
    </Box>
  );
}

function AddMember({ changeSet, act }: Pick<ChangeSetMembersProps, 'changeSet' | 'act'>) {
  const [candidates, setCandidates] = useState<MemberCandidate[] | null>(null);
  const [picked, setPicked] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    Promise.all([listDocuments(), listChangeSets()]).then(
      ([documents, list]) => !cancelled && setCandidates(memberCandidates(documents, list.changeSets, changeSet)),
      (e: unknown) => !cancelled && setError(`Could not list the documents: ${describeApiError(e)}`),
    );
    return () => {
      cancelled = true;
    };
  }, [changeSet]);

  const available = (candidates ?? []).filter((c) => !c.unavailable);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const document = available.find((c) => c.id === picked)?.id;
    if (!document) return setError('Pick a document to add.');
    setBusy(true);
    const result = await act({ action: 'add', document });
    setBusy(false);
    if (result.ok) setPicked('');
    setError(result.ok ? null : result.message);
  }

  return (
    <HStack as="form" onSubmit={submit} gap="3" align="end" wrap="wrap">
      <Field.Root maxW="xs">
        <Field.Label>Add a document</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={picked} onChange={(e) => setPicked(e.target.value)}>
            <option value="">
              {candidates === null
                ? 'Loading…'
                : available.length === 0
                  ? 'No other document has unpublished changes'
                  : 'Pick a document'}
            </option>
            {(candidates ?? []).map((c) => (
              <option key={c.id} value={c.id} disabled={!!c.unavailable}>
                {c.unavailable ? `${c.id} (${c.unavailable})` : c.id}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Button type="submit" size="sm" variant="outline" loading={busy} disabled={available.length === 0}>
        Add
      </Button>
      {error && (
        <Text role="alert" color="red.700">
          {error}
        </Text>
      )}
    </HStack>
  );
}
