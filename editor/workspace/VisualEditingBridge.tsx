import { useEffect, useRef } from 'react';
import { previewRequest } from '../../schemas/contracts/preview-protocol';
import { usePreviewFacts } from '../preview/preview-channel-context';
import { useFocusStore } from './focus-store';

export interface VisualEditingBridgeProps {
  /** Opens and focuses the clicked item's field (form view) or selects it (JSON view). */
  onItemSelected: (pointer: string) => void;
}

/**
 * The editor's half of visual editing (docs/editor-workspace.md#visual-editing), apart from the page so that
 * the preview's facts re-render only this: an item clicked in the preview goes to its field, and a newly
 * focused field asks the preview to outline its item (HIGHLIGHT_ITEM).
 */
export function VisualEditingBridge({ onItemSelected }: VisualEditingBridgeProps) {
  const { onItemSelected: subscribe, send, readyCount } = usePreviewFacts();
  const handler = useRef(onItemSelected);
  useEffect(() => {
    handler.current = onItemSelected;
  });
  useEffect(() => subscribe((item) => handler.current(item.pointer)), [subscribe]);

  const pointer = useFocusStore((s) => s.pointer);
  useEffect(() => {
    if (pointer !== null && readyCount > 0) send(previewRequest('HIGHLIGHT_ITEM', { pointer }));
  }, [pointer, readyCount, send]);
  return null;
}
