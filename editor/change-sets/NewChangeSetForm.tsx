import { Box, Button, Checkbox, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeApiError } from '../api/api-error';
import { createChangeSet } from '../api/change-sets-api';
import { listDocuments } from '../api/documents-api';
import type { ChangeSet, DocumentId, DocumentSummary } from '../../schemas/contracts';
import { memberCandidates } from './member-candidates';

export interface NewChangeSetFormProps {
  /** The sets there are, so documents another open set holds are shown as unavailable. */
  changeSets: readonly ChangeSet[];
}

/** Title + the documents whose drafts differ from what is published; creates the set and opens it. */
export function NewChangeSetForm({ changeSets }: NewChangeSetFormProps) {
  const [documents, setDocuments] = useState<DocumentSummary[] | null>(null);
  const [title, setTitle] = useState('');
  const [picked, setPicked] = useState<DocumentId[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    listDocuments().then(setDocuments, (e: unknown) =>
      setError(`Could not list the documents: ${describeApiError(e)}`),
    );
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) return setError('Give the change set a title.');
    setBusy(true);
    setError(null);
    try {
      const created = await createChangeSet({ title: title.trim(), documents: picked });
      navigate(`/change-sets/${created.id}`);
    } catch (e) {
      setError(describeApiError(e));
      setBusy(false);
    }
  }

  const candidates = documents ? memberCandidates(documents, changeSets) : [];
  return (
    <Box as="form" onSubmit={submit} borderWidth="1px" borderRadius="md" p="4" aria-labelledby="new-change-set-heading">
      <Stack gap="3">
        <Heading as="h2" size="md" id="new-change-set-heading">
          New change set
        </Heading>
        <Field.Root required maxW="xl">
          <Field.Label>Title</Field.Label>
          <Input
            value={title}
            maxLength={120}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="Rename payment methods in every locale"
          />
        </Field.Root>
        <Box as="fieldset">
          <Box as="legend" fontSize="sm" fontWeight="medium" mb="1">
            Documents with unpublished drafts
          </Box>
          {documents && candidates.length === 0 && (
            <Text fontSize="sm">No document has a draft that differs from what is published.</Text>
          )}
          <HStack gap="4" wrap="wrap">
            {candidates.map((c) => (
              <Checkbox.Root
                key={c.id}
                size="sm"
                disabled={!!c.unavailable}
                checked={picked.includes(c.id)}
                onCheckedChange={(e) =>
                  setPicked((old) => (e.checked === true ? [...old, c.id] : old.filter((id) => id !== c.id)))
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{c.unavailable ? `${c.id} (${c.unavailable})` : c.id}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </Box>
        {error && (
          <Text role="alert" color="red.700">
            {error}
          </Text>
        )}
        <HStack>
          <Button type="submit" colorPalette="blue" loading={busy}>
            Create change set
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
