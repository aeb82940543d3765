import { Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { PreviewFacts } from '../../schemas/contracts/preview-protocol';
import { usePreviewFacts } from '../preview/preview-channel-context';
import { useFocusStore } from './focus-store';

/** What the editor says about the focused field's item in the preview, or null when it is simply outlined. */
export function itemNoteText(fact: PreviewFacts['ITEM_HIGHLIGHTED']): string | null {
  switch (fact.place) {
    case 'hidden':
      return `Not in the preview: hidden: ${fact.reason}`;
    case 'inside':
      return `In the preview ${fact.reason}`;
    case 'not-shown':
      return `Not in the preview: ${fact.reason}`;
    case 'shown':
    case 'no-item':
      return null;
  }
}

/** The preview's answer for the field in focus (docs/editor-workspace.md#visual-editing), read out politely. */
export function ItemNote() {
  const { onItemHighlighted } = usePreviewFacts();
  const [highlighted, setHighlighted] = useState<PreviewFacts['ITEM_HIGHLIGHTED'] | null>(null);
  useEffect(() => onItemHighlighted(setHighlighted), [onItemHighlighted]);
  const pointer = useFocusStore((s) => s.pointer);
  const text = highlighted && highlighted.pointer === pointer ? itemNoteText(highlighted) : null;
  return (
    // A polite live region, not role=status: the page's save and publish notices are its status messages.
    <Text
      aria-live="polite"
      aria-atomic="true"
      fontSize="sm"
      color="orange.800"
      data-testid="preview-item-note"
      minH="0"
    >
      {text}
    </Text>
  );
}
