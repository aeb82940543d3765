import { Alert, Button, Field, HStack, Stack, Textarea } from '@chakra-ui/react';
import type { Conflict } from './use-document-editor';

export interface ConflictNoticeProps {
  conflict: Conflict;
  /** True once their version is in the editor; your copy stays below until dismissed. */
  theirsLoaded: boolean;
  onLoadTheirs: () => void;
  onUseMine: () => void;
  onDismiss: () => void;
}

/**
 * A refused save (412). This slice offers no 3-way merge: it loads their draft and keeps your text beside it,
 * so nothing is lost and you can re-apply your change by hand (or put your whole text back deliberately).
 */
export function ConflictNotice({ conflict, theirsLoaded, onLoadTheirs, onUseMine, onDismiss }: ConflictNoticeProps) {
  const { theirs } = conflict;
  return (
    <Alert.Root status="warning" role="alert" alignItems="start">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Title>Not saved: someone else saved this document first</Alert.Title>
        <Alert.Description>
          {conflict.message}
          {theirs.message ? ` (“${theirs.message}”)` : ''}. {theirsLoaded ? 'Their version is now in the editor; your text is kept below.' : 'Your edits are still in the editor.'}
        </Alert.Description>
        <HStack gap="2" wrap="wrap">
          {!theirsLoaded && <Button size="sm" colorPalette="orange" onClick={onLoadTheirs}>Load their version (keep a copy of mine)</Button>}
          {theirsLoaded && <Button size="sm" variant="outline" onClick={onUseMine}>Replace theirs with my copy</Button>}
          <Button size="sm" variant="ghost" onClick={onDismiss}>Dismiss (drops my copy)</Button>
        </HStack>
        {theirsLoaded && (
          <Field.Root>
            <Field.Label>My copy (read-only)</Field.Label>
            <Textarea readOnly value={conflict.mine} rows={8} fontFamily="mono" fontSize="xs" bg="white" />
          </Field.Root>
        )}
      </Stack>
    </Alert.Root>
  );
}
