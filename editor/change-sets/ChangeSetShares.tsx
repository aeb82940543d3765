import { Badge, Box, Button, Field, Heading, HStack, Input, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { describeApiError } from '../api/api-error';
import { createShare, revokeShare } from '../api/change-sets-api';
import type { ChangeSet } from '../../schemas/contracts';
import { formatLocalTime } from './change-set-text';
import { absoluteShareUrl, SHARE_DURATIONS, shareStatus } from './share-status';

export interface ChangeSetSharesProps {
  changeSet: ChangeSet;
  canShare: boolean;
  /** Reads the set again after a link is created or revoked (the share calls answer the share, not the set). */
  reload: () => Promise<void>;
}

const STATUS_PALETTE = { active: 'green', expired: 'gray', revoked: 'red' } as const;

/** Read-only preview links for people without an account: create (the URL is shown once), list, revoke. */
export function ChangeSetShares({ changeSet, canShare, reload }: ChangeSetSharesProps) {
  const [minutes, setMinutes] = useState<number>(SHARE_DURATIONS[1].minutes);
  const [note, setNote] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy('create');
    setError(null);
    try {
      const share = await createShare(changeSet.id, {
        expiresInMinutes: minutes,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setCreated(absoluteShareUrl(share.url, window.location.origin));
      setCopied(false);
      setNote('');
      await reload();
    } catch (e) {
      setError(describeApiError(e));
    }
    setBusy(null);
  }

  async function revoke(shareId: string) {
    setBusy(shareId);
    setError(null);
    try {
      await revokeShare(changeSet.id, shareId);
      await reload();
    } catch (e) {
      setError(describeApiError(e));
    }
    setBusy(null);
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setError('The browser did not allow copying: select the link and copy it by hand.');
    }
  }

  return (
    <Box as="section" aria-labelledby="change-set-shares" borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="3">
        <Heading as="h2" size="md" id="change-set-shares">
          Share links
        </Heading>
        <Text>
          A link opens the preview of this set’s drafts, read-only, without an account. It shows only this set.
        </Text>
        {changeSet.shares.length > 0 && (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-labelledby="change-set-shares">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>For</Table.ColumnHeader>
                  <Table.ColumnHeader>Created</Table.ColumnHeader>
                  <Table.ColumnHeader>Expires</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  {canShare && (
                    <Table.ColumnHeader>
                      <Box srOnly>Revoke</Box>
                    </Table.ColumnHeader>
                  )}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {changeSet.shares.map((share) => {
                  const status = shareStatus(share);
                  return (
                    <Table.Row key={share.id}>
                      <Table.Cell>{share.note || '—'}</Table.Cell>
                      <Table.Cell>
                        {share.createdBy}, {formatLocalTime(share.createdAt)}
                      </Table.Cell>
                      <Table.Cell>{formatLocalTime(share.expiresAt)}</Table.Cell>
                      <Table.Cell>
                        <Badge colorPalette={STATUS_PALETTE[status]} variant="surface">
                          {status}
                          {share.revokedBy ? ` by ${share.revokedBy}` : ''}
                        </Badge>
                      </Table.Cell>
                      {canShare && (
                        <Table.Cell textAlign="end">
                          {status === 'active' && (
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="red"
                              loading={busy === share.id}
                              onClick={() => void revoke(share.id)}
                              aria-label={`Revoke the link for ${share.note || 'no one named'}`}
                            >
                              Revoke
                            </Button>
                          )}
                        </Table.Cell>
                      )}
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        {created && (
          <Stack gap="1" borderWidth="1px" borderColor="green.300" borderRadius="md" p="3" role="status">
            <Text fontWeight="semibold">Copy the link now: it is shown only this once.</Text>
            <HStack>
              <Input readOnly value={created} aria-label="The new share link" onFocus={(e) => e.target.select()} />
              <Button size="sm" onClick={() => void copy(created)}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </HStack>
          </Stack>
        )}
        {canShare && (
          <HStack as="form" onSubmit={submit} gap="3" align="end" wrap="wrap">
            <Field.Root maxW="2xs">
              <Field.Label>Lasts</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
                  {SHARE_DURATIONS.map((d) => (
                    <option key={d.minutes} value={d.minutes}>
                      {d.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root maxW="md">
              <Field.Label>For whom (optional)</Field.Label>
              <Input
                size="sm"
                value={note}
                maxLength={200}
                onChange={(e) => setNote(e.target.value)}
                placeholder="Compliance, partner bank…"
              />
            </Field.Root>
            <Button type="submit" size="sm" colorPalette="blue" loading={busy === 'create'}>
              Create link
            </Button>
          </HStack>
        )}
        {error && (
          <Text role="alert" color="red.700">
            {error}
          </Text>
        )}
      </Stack>
    </Box>
  );
}
