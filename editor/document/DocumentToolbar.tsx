import { Button, HStack, Text } from '@chakra-ui/react';

export interface DocumentToolbarProps {
  canEdit: boolean;
  dirty: boolean;
  saveBlockedReason?: string;
  publishBlockedReason?: string;
  publishing: boolean;
  onSave: () => void;
  onPublish: () => void;
}

/** Save and publish. Viewers get no controls at all, only a read-only notice (the server refuses them anyway). */
export function DocumentToolbar({ canEdit, dirty, saveBlockedReason, publishBlockedReason, publishing, onSave, onPublish }: DocumentToolbarProps) {
  if (!canEdit) return <Text fontWeight="medium">Read-only: viewers can preview and read the history, not edit.</Text>;
  return (
    <HStack gap="3" wrap="wrap">
      <Button colorPalette="blue" onClick={onSave} disabled={!dirty}>
        Save…
      </Button>
      <Button colorPalette="green" variant="outline" onClick={onPublish} disabled={!!publishBlockedReason} loading={publishing}>
        Publish
      </Button>
      <Text fontSize="sm" color="gray.700" aria-live="polite">
        {dirty ? (saveBlockedReason ?? 'Unsaved changes (kept in this browser until you save).') : (publishBlockedReason ?? 'The saved draft can be published.')}
      </Text>
    </HStack>
  );
}
