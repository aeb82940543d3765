import { Badge } from '@chakra-ui/react';
import type { DocumentId } from '../../schemas/contracts';
import { presenceText } from './presence-text';

export interface PresenceBadgeProps {
  document: DocumentId;
  /** Everyone else who has it open; nothing is shown for none. */
  usernames: readonly string[];
}

/** "anna is editing de-DE": a hint that someone else is at it, never a lock (docs/workflow.md#presence). */
export function PresenceBadge({ document, usernames }: PresenceBadgeProps) {
  const text = presenceText(usernames, document);
  if (!text) return null;
  return (
    <Badge
      colorPalette="purple"
      variant="subtle"
      data-testid={`presence-${document}`}
      title={`Also open elsewhere: ${usernames.join(', ')}. Saves still check for conflicts.`}
    >
      {text}
    </Badge>
  );
}
