import { Badge, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ChangeSet, ChangeSetAction } from '../../schemas/contracts';
import { isAllowed, type Permissions } from './change-set-permissions';
import { formatLocalTime, STATE_LABELS, STATE_PALETTES } from './change-set-text';
import type { ActResult } from './use-change-set';

export interface ChangeSetTitleProps {
  changeSet: ChangeSet;
  permissions: Permissions;
  act: (action: ChangeSetAction) => Promise<ActResult>;
}

/** The title (renamed in place by editors), the state and who started the set. */
export function ChangeSetTitle({ changeSet, permissions, act }: ChangeSetTitleProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const title = (editing ?? '').trim();
    if (!title) return setError('The title cannot be empty.');
    setBusy(true);
    const result = await act({ action: 'rename', title });
    setBusy(false);
    // On a refusal the typed title stays in the field.
    if (result.ok) setEditing(null);
    setError(result.ok ? null : result.message);
  }

  return (
    <Stack gap="1">
      {editing === null ? (
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size="xl">
            {changeSet.title}
          </Heading>
          {isAllowed(permissions.rename) && (
            <Button size="xs" variant="outline" onClick={() => setEditing(changeSet.title)}>
              Rename
            </Button>
          )}
        </HStack>
      ) : (
        <HStack as="form" onSubmit={submit} gap="2" align="end" wrap="wrap">
          <Heading as="h1" srOnly>
            {changeSet.title}
          </Heading>
          <Field.Root maxW="xl" required>
            <Field.Label>Title</Field.Label>
            <Input value={editing} maxLength={120} onChange={(e) => setEditing(e.target.value)} autoFocus />
          </Field.Root>
          <Button type="submit" size="sm" colorPalette="blue" loading={busy}>
            Save title
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setEditing(null);
              setError(null);
            }}
          >
            Cancel
          </Button>
        </HStack>
      )}
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={STATE_PALETTES[changeSet.state]} variant="surface" data-testid="change-set-state">
          {STATE_LABELS[changeSet.state]}
        </Badge>
        <Text color="gray.700">
          started by {changeSet.createdBy},{' '}
          <time dateTime={changeSet.createdAt}>{formatLocalTime(changeSet.createdAt)}</time>
          {changeSet.published &&
            `; published by ${changeSet.published.by}, ${formatLocalTime(changeSet.published.time)}`}
        </Text>
      </HStack>
      {error && (
        <Text role="alert" color="red.700">
          {error}
        </Text>
      )}
    </Stack>
  );
}
