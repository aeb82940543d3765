import { Box, SegmentGroup, Splitter, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { MIN_EDITOR_PERCENT, MIN_PREVIEW_PERCENT, readSplit, writeSplit } from './split-size';
import { useWideLayout } from './use-wide-layout';

export interface WorkspaceProps {
  /** The form or JSON view. */
  editor: ReactNode;
  /** The live preview. */
  preview: ReactNode;
  /** Below 1200 px, which of the two is shown (the page switches to the editor when an item is clicked in the preview). */
  shown: WorkspaceSide;
  onShownChange: (side: WorkspaceSide) => void;
}

export type WorkspaceSide = 'editor' | 'preview';

/**
 * The editor beside its live preview (docs/editor-workspace.md#layout). From 1200 px wide: a split that a
 * pointer or the arrow keys resize (the separator reports its value) and that is remembered; the page scrolls
 * with the form while the preview stays in view beside it. Narrower: one at a time, with a Form / Preview toggle.
 * A layout component: it places its slots and decides nothing else.
 */
export function Workspace({ editor, preview, shown, onShownChange }: WorkspaceProps) {
  const wide = useWideLayout();
  const [initialSize] = useState(readSplit);
  if (wide) {
    return (
      <Splitter.Root
        panels={[
          { id: 'editor', minSize: MIN_EDITOR_PERCENT },
          { id: 'preview', minSize: MIN_PREVIEW_PERCENT },
        ]}
        defaultSize={initialSize}
        onResize={(details) => writeSplit(details.size)}
        data-testid="workspace"
        alignItems="stretch"
        // The machine's inline overflow:hidden and full height would trap the sticky preview inside the split.
        style={{ overflow: 'visible', height: 'auto' }}
      >
        <Splitter.Panel id="editor" style={{ overflow: 'visible' }} minW="0">
          {editor}
        </Splitter.Panel>
        <Splitter.ResizeTrigger
          id="editor:preview"
          aria-label="Width of the editor beside the preview"
          alignItems="start"
          mx="1"
        >
          <Splitter.ResizeTriggerSeparator />
          <Splitter.ResizeTriggerIndicator position="sticky" top="45vh" h="10" />
        </Splitter.ResizeTrigger>
        <Splitter.Panel id="preview" style={{ overflow: 'visible' }} minW="0">
          <Box
            position="sticky"
            top="2"
            maxH="calc(100dvh - var(--chakra-spacing-4))"
            overflowY="auto"
            data-testid="workspace-preview"
            ps="2"
          >
            {preview}
          </Box>
        </Splitter.Panel>
      </Splitter.Root>
    );
  }
  return (
    <Stack gap="3" data-testid="workspace">
      <SegmentGroup.Root
        size="sm"
        alignSelf="start"
        value={shown}
        aria-label="Show the form or the preview"
        onValueChange={(e) => (e.value === 'editor' || e.value === 'preview') && onShownChange(e.value)}
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items
          items={[
            { value: 'editor', label: 'Form' },
            { value: 'preview', label: 'Preview' },
          ]}
        />
      </SegmentGroup.Root>
      {/* Both stay mounted: the preview frame keeps its page and the form its open groups across toggles. */}
      <Box hidden={shown !== 'editor'}>{editor}</Box>
      <Box hidden={shown !== 'preview'} data-testid="workspace-preview">
        {preview}
      </Box>
    </Stack>
  );
}
