import { Box, Button, Field, Heading, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ChangeSet, ChangeSetAction, DocumentId } from '../../schemas/contracts';
import { formatLocalTime } from './change-set-text';
import { commentTarget, describeTarget, itemChoices } from './comment-targets';
import type { ActResult, CarriedDraft } from './use-change-set';

export interface ChangeSetCommentsProps {
  changeSet: ChangeSet;
  carried: readonly CarriedDraft[];
  canComment: boolean;
  act: (action: ChangeSetAction) => Promise<ActResult>;
}

const MAX_COMMENT = 2000;

/** The conversation about the set: on the set, a member document or one item in it. */
export function ChangeSetComments({ changeSet, carried, canComment, act }: ChangeSetCommentsProps) {
  const [text, setText] = useState('');
  const [document, setDocument] = useState<DocumentId | ''>('');
  const [pointer, setPointer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = itemChoices(carried.find((c) => c.id === document)?.content);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setError('Write the comment first.');
    setBusy(true);
    const target = commentTarget(
      document || null,
      items.find((i) => i.pointer === pointer),
    );
    const result = await act({ action: 'comment', text: text.trim(), ...(target ? { target } : {}) });
    setBusy(false);
    // A refused comment keeps its text, to send again.
    if (result.ok) setText('');
    setError(result.ok ? null : result.message);
  }

  return (
    <Box as="section" aria-labelledby="change-set-comments" borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="3">
        <Heading as="h2" size="md" id="change-set-comments">
          Comments
        </Heading>
        {changeSet.comments.length === 0 && <Text color="fg.muted">No comments yet.</Text>}
        <Stack as="ol" gap="2" listStyleType="none">
          {changeSet.comments.map((c) => (
            <Box as="li" key={c.id} borderLeftWidth="3px" borderColor="blue.200" pl="3">
              <Text fontSize="sm" color="gray.700">
                {c.author} {describeTarget(c)}, <time dateTime={c.time}>{formatLocalTime(c.time)}</time>
              </Text>
              <Text whiteSpace="pre-wrap">{c.text}</Text>
            </Box>
          ))}
        </Stack>
        {canComment && (
          <Stack as="form" onSubmit={submit} gap="2">
            <Field.Root>
              <Field.Label>Comment</Field.Label>
              <Textarea value={text} maxLength={MAX_COMMENT} onChange={(e) => setText(e.target.value)} />
            </Field.Root>
            <Field.Root maxW="md">
              <Field.Label>About</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={document}
                  onChange={(e) => {
                    setDocument(e.target.value as DocumentId | '');
                    setPointer('');
                  }}
                >
                  <option value="">The whole set</option>
                  {changeSet.members.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.id}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {document && items.length > 0 && (
              <Field.Root maxW="xl">
                <Field.Label>Item in {document}</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field value={pointer} onChange={(e) => setPointer(e.target.value)}>
                    <option value="">The whole document</option>
                    {items.map((i) => (
                      <option key={i.pointer} value={i.pointer}>
                        {i.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
            <Box>
              <Button type="submit" size="sm" colorPalette="blue" loading={busy}>
                Add comment
              </Button>
            </Box>
            {error && (
              <Text role="alert" color="red.700">
                {error}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Box>
  );
}
