import { Alert, Button, HStack } from '@chakra-ui/react';
import { formatTime } from '../dashboard/document-rows';
import type { AutosavedCopy } from './autosave-store';

export interface AutosaveBannerProps {
  copy: AutosavedCopy;
  currentEtag: string;
  onRestore: () => void;
  onDiscard: () => void;
}

/** Offered on reopen when unsaved edits were kept locally; says when the server moved on since. */
export function AutosaveBanner({ copy, currentEtag, onRestore, onDiscard }: AutosaveBannerProps) {
  const stale = copy.baseEtag !== currentEtag;
  return (
    <Alert.Root status="info" role="region" aria-label="Unsaved edits">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>You have unsaved edits from {formatTime(copy.savedAt)}</Alert.Title>
        <Alert.Description>
          {stale
            ? `They were made on version ${copy.baseEtag.replace(/\D/g, '')}; the draft is now ${currentEtag.replace(/\D/g, '')}. Restoring puts your text over the newer draft.`
            : 'They were kept in this browser and never saved.'}
        </Alert.Description>
      </Alert.Content>
      <HStack gap="2">
        <Button size="sm" colorPalette="blue" onClick={onRestore}>
          Restore my edits
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          Discard them
        </Button>
      </HStack>
    </Alert.Root>
  );
}
