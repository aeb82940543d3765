import { Alert, Button, Field, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useMemo, useState, type MouseEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { saveDocument } from '../api/documents-api';
import { useCanEdit } from '../auth/session-store';
import { buildContext, validateText } from '../validation/validate-text';
import type { VersionMeta } from '../../schemas/contracts';
import {
  changedDrafts,
  collectRows,
  englishReferenceLocale,
  itemOptions,
  itemsPath,
  parseItemIds,
  withEdit,
  withoutLocale,
  type Edits,
} from './cross-locale-model';
import { ItemPicker } from './ItemPicker';
import { ItemTable } from './ItemTable';
import { defaultMessage, saveLocaleEdits } from './save-locale-edits';
import { SaveResults, type ShownResult } from './SaveResults';
import { useLocaleDrafts, type LocaleDrafts } from './use-locale-drafts';

/**
 * `/items` and `/items/<id>[,<id>…]`: one item (or several) in every locale draft side by side, edited in place
 * and saved as one draft per changed locale (docs/editor-cross-locale.md).
 */
export default function CrossLocalePage() {
  const { state, reload } = useLocaleDrafts();
  const headingId = useId();
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl" id={headingId}>
        Items across locales
      </Heading>
      <Text maxW="60rem">
        Pick an item id to see its label, link and visibility rule in every locale draft side by side. Labels that are
        missing, untranslated or too long for a 375 px phone are flagged. Edit labels and links in place; Save writes
        one draft per changed locale.
      </Text>
      {state.status === 'loading' && <Spinner aria-label="Loading the locale drafts" />}
      {state.status === 'failed' && (
        <Text role="alert" color="red.700">
          Could not load the locale drafts: {state.message}
        </Text>
      )}
      {state.status === 'ready' && <CrossLocaleEditor drafts={state} reload={reload} headingId={headingId} />}
    </Stack>
  );
}

interface CrossLocaleEditorProps {
  drafts: LocaleDrafts;
  reload: (id: string) => Promise<void>;
  headingId: string;
}

function CrossLocaleEditor({ drafts, reload, headingId }: CrossLocaleEditorProps) {
  const { sources } = drafts;
  const params = useParams();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const [edits, setEdits] = useState<Edits>({});
  const [results, setResults] = useState<ShownResult[]>([]);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const options = useMemo(() => itemOptions(sources), [sources]);
  const known = useMemo(() => new Set(options.map((o) => o.id)), [options]);
  const requested = useMemo(() => parseItemIds(params.ids), [params.ids]);
  const selected = useMemo(() => requested.filter((id) => known.has(id)), [requested, known]);
  const unknown = requested.filter((id) => !known.has(id));
  const rows = useMemo(() => collectRows(sources, selected, edits), [sources, selected, edits]);
  // Locales whose save met a conflict keep their edits for the merge; they are not sent again until it is saved.
  const locked = useMemo(() => new Set(results.filter((r) => r.status === 'conflict').map((r) => r.locale)), [results]);
  const changes = useMemo(
    () => changedDrafts(sources, edits).filter((c) => !locked.has(c.id)),
    [sources, edits, locked],
  );
  const changeMessage = message ?? defaultMessage(selected);

  useUnsavedEditsGuard(Object.keys(edits).length > 0);

  const pick = useCallback((ids: string[]) => navigate(itemsPath(ids)), [navigate]);
  const onEdit = useCallback(
    (locale: string, pointer: string, value: string, saved: string) =>
      setEdits((current) => withEdit(current, locale, pointer, value, saved)),
    [],
  );

  async function save() {
    if (changes.length === 0) return;
    setSaving(true);
    const context = buildContext(drafts.flagsContent, drafts.configIds);
    const outcome = await saveLocaleEdits(changes, changeMessage.trim(), {
      save: saveDocument,
      validate: (id, text) => validateText(id, text, context),
    });
    const saved = outcome.filter((r) => r.status === 'saved').map((r) => r.locale);
    // Saved locales start again from their new draft (its ETag is the next save's If-Match); the others keep their edits.
    await Promise.all(saved.map((id) => reload(id)));
    setEdits((current) => saved.reduce(withoutLocale, current));
    setResults((previous) => [
      ...outcome,
      ...previous.filter((p) => p.status === 'conflict' && !outcome.some((o) => o.locale === p.locale)),
    ]);
    setSaving(false);
  }

  async function onMerged(locale: string, saved: VersionMeta) {
    await reload(locale);
    setEdits((current) => withoutLocale(current, locale));
    setResults((previous) =>
      previous.map((r) => (r.locale === locale ? { locale, status: 'merged', version: saved.version } : r)),
    );
  }

  const english = englishReferenceLocale(sources);
  const unsaved = Object.keys(edits);
  /** A link out of the table (to a field, to a document) would drop unsaved edits: ask first. */
  function confirmLeaving(event: MouseEvent<HTMLDivElement>) {
    if (unsaved.length === 0 || !(event.target instanceof Element) || !event.target.closest('a[href]')) return;
    if (!window.confirm(`You have unsaved edits in ${unsaved.join(', ')}. Leave the table and lose them?`))
      event.preventDefault();
  }
  return (
    <Stack gap="4" onClickCapture={confirmLeaving}>
      <ItemPicker options={options} selected={selected} onChange={pick} localeCount={sources.length} />
      {unknown.length > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            No locale draft has an item with the id {unknown.map((id) => `"${id}"`).join(', ')}. Pick one from the list;
            ids are kebab-case, as in the document.
          </Alert.Title>
        </Alert.Root>
      )}
      {selected.length > 0 && (
        <>
          <Text fontSize="sm" color="fg.muted">
            {english
              ? `Untranslated means: the same label as in ${english}, in a locale whose language is not English.`
              : 'No English draft could be read, so labels are not checked for translation.'}{' '}
            The 375 px budgets are the audience lint&apos;s.
          </Text>
          {canEdit && (
            <Stack
              as="section"
              aria-label="Save the edits"
              gap="2"
              borderWidth="1px"
              borderRadius="md"
              p="3"
              bg="bg.subtle"
            >
              <HStack gap="3" align="end" wrap="wrap">
                <Field.Root flex="1" minW="16rem">
                  <Field.Label>Change message</Field.Label>
                  <Input
                    size="sm"
                    value={changeMessage}
                    maxLength={1000}
                    onChange={(e) => setMessage(e.target.value)}
                  />
                </Field.Root>
                <Button
                  colorPalette="blue"
                  size="sm"
                  onClick={save}
                  disabled={changes.length === 0}
                  loading={saving}
                  loadingText="Saving…"
                >
                  {changes.length === 0
                    ? 'Save'
                    : `Save ${changes.length} ${changes.length === 1 ? 'locale' : 'locales'}`}
                </Button>
              </HStack>
              <Text fontSize="sm" aria-live="polite">
                {changes.length === 0
                  ? 'No unsaved edits.'
                  : `Unsaved edits in ${changes.map((c) => c.id).join(', ')}: each is checked by the validator, then saved as its own draft with the version it was loaded from.`}
                {locked.size > 0 && ` Edits in ${[...locked].join(', ')} wait in their merge below.`}
              </Text>
            </Stack>
          )}
          {!canEdit && <Text>You are signed in as a viewer: the table is read-only.</Text>}
          <SaveResults results={results} onMerged={onMerged} />
          <ItemTable rows={rows} canEdit={canEdit} locked={locked} onEdit={onEdit} labelledBy={headingId} />
        </>
      )}
    </Stack>
  );
}

/** Closing or reloading the tab with unsaved edits asks first, so no edit is lost by a stray click. */
function useUnsavedEditsGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
