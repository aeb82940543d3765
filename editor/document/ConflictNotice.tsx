import { Alert, Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { VersionMeta } from '../../schemas/contracts';
import { MergeView } from '../review/MergeView';
import { mergeTexts } from '../review/three-way-merge';
import type { Conflict } from './use-document-editor';

export interface ConflictNoticeProps {
  conflict: Conflict;
  /**
   * The text the refused save was based on (the draft the editor had loaded, i.e. `draft.text` while the
   * conflict is new). It is captured when a conflict arrives, so a later change of the page's draft does not
   * move the merge base. With `onMerged`, it turns on the three-way merge.
   */
  baseText?: string;
  /** True once their version is in the editor (fallback flow); your copy stays below until dismissed. */
  theirsLoaded: boolean;
  onLoadTheirs: () => void;
  onUseMine: () => void;
  onDismiss: () => void;
  /**
   * The merged document was saved (with their ETag) as `saved`. The page must load that draft into the editor,
   * clear the conflict and clear the autosaved copy; until this is called the page keeps my text in autosave.
   */
  onMerged?: (saved: VersionMeta) => void | Promise<void>;
}

/**
 * A refused save (412). With a merge base, the three-way merge below the notice combines both sets of changes
 * and saves the result; my text stays in the editor (and autosave) until that save succeeds. Without one (or
 * when a text is not valid JSON), the fallback loads their draft and keeps my text beside it. Nothing is lost.
 */
export function ConflictNotice({
  conflict,
  baseText,
  theirsLoaded,
  onLoadTheirs,
  onUseMine,
  onDismiss,
  onMerged,
}: ConflictNoticeProps) {
  // The base belongs to the conflict: take it when a conflict arrives, before the page's draft can move on.
  const [captured, setCaptured] = useState(() => ({ conflict, base: theirsLoaded ? undefined : baseText, round: 0 }));
  if (captured.conflict !== conflict)
    setCaptured({ conflict, base: theirsLoaded ? undefined : baseText, round: captured.round + 1 });
  const base = captured.conflict === conflict ? captured.base : theirsLoaded ? undefined : baseText;

  const { theirs } = conflict;
  const mergeable = useMemo(
    () => base !== undefined && mergeTexts({ base, mine: conflict.mine, theirs: theirs.text }).ok,
    [base, conflict.mine, theirs.text],
  );
  const merging = mergeable && !!onMerged && !theirsLoaded;

  return (
    <Stack gap="4">
      <Alert.Root status="warning" role="alert" alignItems="start">
        <Alert.Indicator />
        <Stack gap="3" flex="1">
          <Alert.Title>Not saved: someone else saved this document first</Alert.Title>
          <Alert.Description>
            {conflict.message}
            {theirs.message ? ` (“${theirs.message}”)` : ''}.{' '}
            {merging
              ? 'Your edits are still in the editor and kept in this browser. Merge them with theirs below, then save the merged result.'
              : theirsLoaded
                ? 'Their version is now in the editor; your text is kept below.'
                : 'Your edits are still in the editor.'}
          </Alert.Description>
          <HStack gap="2" wrap="wrap">
            {!merging && !theirsLoaded && (
              <Button size="sm" colorPalette="orange" onClick={onLoadTheirs}>
                Load their version (keep a copy of mine)
              </Button>
            )}
            {theirsLoaded && (
              <Button size="sm" variant="outline" onClick={onUseMine}>
                Replace theirs with my copy
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={onDismiss}>
              {merging ? 'Dismiss (my edits stay in the editor)' : 'Dismiss (drops my copy)'}
            </Button>
          </HStack>
          {theirsLoaded && (
            <Field.Root>
              <Field.Label>My copy (read-only)</Field.Label>
              <Textarea readOnly value={conflict.mine} rows={8} fontFamily="mono" fontSize="xs" bg="white" />
            </Field.Root>
          )}
        </Stack>
      </Alert.Root>
      {merging && base !== undefined && onMerged && (
        <MergeView key={captured.round} base={base} mine={conflict.mine} theirs={theirs} onSaved={onMerged} />
      )}
    </Stack>
  );
}
