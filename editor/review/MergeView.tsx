import {
  Alert,
  Box,
  Button,
  Code,
  Field,
  Heading,
  HStack,
  List,
  RadioGroup,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { ApiError, describeApiError as describe } from '../api/api-error';
import { saveDocument } from '../api/documents-api';
import type { DocumentVersion, Problem, VersionMeta } from '../../schemas/contracts';
import { DiffPanel } from './DiffPanel';
import { normaliseJsonText } from './json-value';
import { mergeTexts, type MergeConflict, type MergeSide } from './three-way-merge';

export interface MergeViewProps {
  /** The text my draft was loaded from: the version my refused save named in If-Match. */
  base: string;
  /** My text, as I tried to save it. */
  mine: string;
  /** The draft that is current on the server (the 412's `current`): its text, version and ETag. */
  theirs: DocumentVersion;
  /**
   * The merged document is saved as the new draft. The page loads it into the editor and drops the conflict
   * and the autosaved copy of my text (until then that copy stays, so nothing is lost if this tab closes).
   */
  onSaved: (saved: VersionMeta) => void | Promise<void>;
}

/** One round of merging; a 412 on "Save merged" starts the next one on top of the newer draft. */
interface MergeRound {
  base: string;
  mine: string;
  theirs: DocumentVersion;
}

/**
 * The three-way merge of a refused save: my changes and theirs are combined field by field, each real conflict
 * is settled with "keep mine" / "keep theirs", the result is reviewed as a diff against theirs and saved with
 * their ETag. If someone saves again meanwhile, the merged text becomes "mine" and is merged with the newer draft.
 */
export function MergeView({ base, mine, theirs, onSaved }: MergeViewProps) {
  const headingId = useId();
  const [round, setRound] = useState<MergeRound>({ base, mine, theirs });
  const [choices, setChoices] = useState<Record<string, MergeSide>>({});
  const [message, setMessage] = useState(() => defaultMessage(theirs));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [note, setNote] = useState<string | null>(null);

  const merge = useMemo(
    () => mergeTexts({ base: round.base, mine: round.mine, theirs: round.theirs.text }, choices),
    [round, choices],
  );
  const theirsText = useMemo(() => normaliseJsonText(round.theirs.text), [round.theirs.text]);
  const baseText = useMemo(() => normaliseJsonText(round.base), [round.base]);
  const mineText = useMemo(() => normaliseJsonText(round.mine), [round.mine]);
  const who = `version ${round.theirs.version} by ${round.theirs.author}`;

  if (!merge.ok) {
    return (
      <Text role="alert" color="red.700">
        No field-by-field merge is possible:{' '}
        {merge.side === 'mine' ? 'your text' : merge.side === 'theirs' ? 'their text' : 'the version you started from'}{' '}
        is not valid JSON ({merge.message}).
      </Text>
    );
  }
  const { conflicts, unresolved } = merge.result;

  function chooseAll(side: MergeSide) {
    setChoices(Object.fromEntries(conflicts.map((c) => [c.key, side])));
  }

  async function save() {
    if (!merge.ok || merge.result.unresolved.length > 0) return;
    setSaving(true);
    setError(null);
    setProblems([]);
    let saved: VersionMeta;
    try {
      saved = await saveDocument(round.theirs.id, round.theirs.etag, merge.result.merged, message.trim());
    } catch (caught) {
      if (caught instanceof ApiError && caught.kind === 'conflict' && caught.current) {
        // Saved again meanwhile: what I merged becomes "mine", the draft I merged with the base, and round two begins.
        const next = caught.current;
        setRound({ base: round.theirs.text, mine: merge.text, theirs: next });
        setChoices({});
        setMessage(defaultMessage(next));
        setNote(
          `Version ${next.version} was saved by ${next.author} while you merged. Your merged result was merged again with it; review it and save.`,
        );
      } else {
        if (caught instanceof ApiError && caught.kind === 'invalid-document') setProblems(caught.problems);
        setError(`Not saved: ${describe(caught)}`);
      }
      setSaving(false);
      return;
    }
    try {
      await onSaved(saved);
    } catch (caught) {
      // The merge is saved; only bringing it into the editor failed. Saving again would only meet a 412.
      setError(
        `Saved as version ${saved.version}, but the editor could not load it (${describe(caught).replace(/\.$/, '')}). Reload the page to see it.`,
      );
    }
    setSaving(false);
  }

  const blockedReason =
    unresolved.length > 0
      ? `Pick mine or theirs for ${unresolved.length === 1 ? 'the open conflict' : `all ${unresolved.length} open conflicts`} first.`
      : undefined;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="md" id={headingId}>
        Merge your changes with {who}
      </Heading>
      {note && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{note}</Alert.Title>
        </Alert.Root>
      )}
      <Text>
        Changes only you made and changes only they made are combined automatically.{' '}
        {conflicts.length === 0
          ? 'Nothing conflicts: review the merged result below and save it.'
          : `${conflicts.length === 1 ? '1 field was' : `${conflicts.length} fields were`} changed on both sides: pick which version to keep.`}
      </Text>
      {conflicts.length > 0 && (
        <Stack gap="3">
          <HStack gap="2" wrap="wrap">
            <Button size="xs" variant="outline" onClick={() => chooseAll('mine')}>
              Keep mine for all
            </Button>
            <Button size="xs" variant="outline" onClick={() => chooseAll('theirs')}>
              Keep theirs for all
            </Button>
          </HStack>
          <List.Root as="ol" listStyleType="none" ms="0" gap="3">
            {conflicts.map((conflict) => (
              <List.Item key={conflict.key}>
                <ConflictChoice
                  conflict={conflict}
                  choice={choices[conflict.key]}
                  onChoose={(side) => setChoices((current) => ({ ...current, [conflict.key]: side }))}
                />
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
      <Tabs.Root defaultValue="merged" lazyMount unmountOnExit variant="line">
        <Tabs.List>
          <Tabs.Trigger value="merged">Theirs → merged</Tabs.Trigger>
          <Tabs.Trigger value="mine">My changes</Tabs.Trigger>
          <Tabs.Trigger value="theirs">Their changes</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="merged">
          <DiffPanel
            title="Their version and the merged result"
            documentId={round.theirs.id}
            original={theirsText}
            modified={merge.text}
            originalLabel={`${who} (theirs)`}
            modifiedLabel={
              unresolved.length > 0
                ? 'the merged result (open conflicts show theirs until you pick)'
                : 'the merged result, to be saved'
            }
          />
        </Tabs.Content>
        <Tabs.Content value="mine">
          <DiffPanel
            title="My changes"
            documentId={round.theirs.id}
            original={baseText}
            modified={mineText}
            originalLabel="the version you started from (base)"
            modifiedLabel="your text (mine)"
          />
        </Tabs.Content>
        <Tabs.Content value="theirs">
          <DiffPanel
            title="Their changes"
            documentId={round.theirs.id}
            original={baseText}
            modified={theirsText}
            originalLabel="the version you started from (base)"
            modifiedLabel={`${who} (theirs)`}
          />
        </Tabs.Content>
      </Tabs.Root>
      <Field.Root>
        <Field.Label>Change message for the merged save</Field.Label>
        <Textarea value={message} maxLength={1000} onChange={(e) => setMessage(e.target.value)} />
      </Field.Root>
      {error && (
        <Box role="alert" color="red.700">
          <Text>{error}</Text>
          {problems.length > 0 && (
            <List.Root fontSize="sm" ps="5">
              {problems.map((p, i) => (
                <List.Item key={`${p.pointer}:${i}`}>
                  <Code fontSize="xs">{p.pointer || '/'}</Code> {p.message}
                  {p.hint ? ` (hint: ${p.hint})` : ''}
                </List.Item>
              ))}
            </List.Root>
          )}
        </Box>
      )}
      <HStack gap="3" wrap="wrap">
        <Button colorPalette="blue" onClick={save} disabled={!!blockedReason} loading={saving}>
          Save merged
        </Button>
        <Text fontSize="sm" color="gray.700" aria-live="polite">
          {blockedReason ??
            `Saves as the draft after ${who}. Your own text stays in this browser until the save succeeds.`}
        </Text>
      </HStack>
    </Stack>
  );
}

function defaultMessage(theirs: DocumentVersion): string {
  return `Merged my changes with version ${theirs.version} by ${theirs.author}`;
}

export interface ConflictChoiceProps {
  conflict: MergeConflict;
  choice: MergeSide | undefined;
  onChoose: (side: MergeSide) => void;
}

/** One field changed on both sides: where, what it was, and a radio pick between mine and theirs. */
export function ConflictChoice({ conflict, choice, onChoose }: ConflictChoiceProps) {
  return (
    <RadioGroup.Root
      value={choice ?? null}
      onValueChange={(e) => e.value && onChoose(e.value as MergeSide)}
      size="sm"
      borderLeftWidth="4px"
      borderColor={choice ? 'green.600' : 'orange.500'}
      ps="3"
    >
      <RadioGroup.Label fontWeight="medium">
        {conflict.label} <Code fontSize="xs">{conflict.pointer || '/'}</Code>
      </RadioGroup.Label>
      <Text fontSize="sm" color="gray.700">
        Was: {preview(conflict.base)}
      </Text>
      <Stack gap="1" mt="1">
        {(['mine', 'theirs'] as const).map((side) => (
          <RadioGroup.Item key={side} value={side} alignItems="start">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText wordBreak="break-word">
              {side === 'mine' ? 'Keep mine' : 'Keep theirs'}: {preview(conflict[side])}
            </RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}

/** A value in a line: JSON, shortened; absent values say so. */
export function preview(value: unknown, max = 140): string {
  if (value === undefined) return '(not there)';
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
