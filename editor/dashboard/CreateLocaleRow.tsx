import { Badge, Button, Field, HStack, NativeSelect, Table, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { createDocument, getDocument } from '../api/documents-api';
import { copyForLocale } from './create-locale';
import { DocumentNameCell } from './DocumentNameCell';

export interface CreateLocaleRowProps {
  /** A registry locale without a document. */
  id: string;
  /** Locale documents the new one may start from. */
  sources: readonly string[];
  canEdit: boolean;
}

/**
 * A locale listed in config/locales.json that has no document yet (docs/how-to.md#add-a-locale): an editor
 * creates it from a copy of another locale's draft, then opens it to translate.
 */
export function CreateLocaleRow({ id, sources, canEdit }: CreateLocaleRowProps) {
  const [source, setSource] = useState(sources[0] ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const selectId = useId();

  async function create() {
    setBusy(true);
    setError(null);
    try {
      const copied = await getDocument(source, 'draft');
      await createDocument(
        id,
        copyForLocale(copied.content, id),
        `Created from a copy of ${source} (draft v${copied.version})`,
      );
      void navigate(`/documents/${id}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  }

  return (
    <Table.Row data-testid={`document-row-${id}`} data-missing="">
      <DocumentNameCell id={id} />
      <Table.Cell>
        <Badge colorPalette="gray" variant="outline">
          No document
        </Badge>
      </Table.Cell>
      <Table.Cell colSpan={2}>
        {!canEdit ? (
          <Text>In the locale registry, not created yet: an editor can create it from a copy of another locale.</Text>
        ) : (
          <HStack gap="2" flexWrap="wrap">
            <Field.Root width="auto" orientation="horizontal" gap="2" disabled={busy || sources.length === 0}>
              <Field.Label htmlFor={selectId}>Copy from</Field.Label>
              <NativeSelect.Root size="sm" width="28">
                <NativeSelect.Field id={selectId} value={source} onChange={(e) => setSource(e.target.value)}>
                  {sources.map((s) => (
                    <option key={s} value={s}>
                      {s}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Button size="sm" onClick={() => void create()} loading={busy} disabled={sources.length === 0}>
              Create {id}
            </Button>
            {error && (
              <Text role="alert" color="red.700">
                Could not create {id}: {error}
              </Text>
            )}
          </HStack>
        )}
      </Table.Cell>
    </Table.Row>
  );
}
