import { Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { SCENARIO_DEFAULTS, serializePreviewParams, type Persona } from '../../schemas/contracts/preview-params';
import {
  epochNow,
  postPreviewMessage,
  previewRequest,
  readPreviewMessage,
} from '../../schemas/contracts/preview-protocol';
import { fitScale, useContentWidth } from '../preview/use-fit-scale';
import type { ReviewScenario } from './review-engine';

/** The width the portal is laid out at in each frame, and the frames' height at that width. */
const VIEWPORT = 1280;
const FRAME_HEIGHT = 640;

export interface ReviewPreviewProps {
  scenario: ReviewScenario;
  /** The member's draft, validated and default-filled (the engine's `drafts`). */
  draft: unknown;
  /** Whether customers have a published version to show on the left. */
  published: boolean;
}

/** The /preview query of a review scenario (docs/preview-url.md): the flags and access values set exactly. */
export function reviewPreviewQuery(scenario: ReviewScenario): string {
  return serializePreviewParams({
    ...SCENARIO_DEFAULTS,
    locale: scenario.locale,
    persona: scenario.persona as Persona,
    page: scenario.page,
    flags: scenario.flags,
    ...(scenario.access ? { access: scenario.access } : {}),
    data: [],
    faults: [],
  });
}

function Frame({
  title,
  src,
  scale,
  draft,
}: {
  title: string;
  src: string;
  scale: number;
  draft?: { documentId: ReviewScenario['document']; config: unknown };
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The "after" frame is the editor's preview (source=editor): it takes the draft once it says it is ready.
  useEffect(() => {
    if (!draft) return;
    const listener = (event: MessageEvent) => {
      const source = frame.current?.contentWindow ?? null;
      if (event.source !== source) return;
      const fact = readPreviewMessage(event, { source, direction: 'fact' });
      if (fact?.type === 'PREVIEW_READY' && source)
        postPreviewMessage(
          source as Window,
          previewRequest('UPDATE_DRAFT', {
            documentId: draft.documentId,
            revision: 1,
            config: draft.config as Record<string, unknown>,
            sentAt: epochNow(),
          }),
        );
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [draft]);
  return (
    <Box
      w={`${VIEWPORT * scale}px`}
      h={`${FRAME_HEIGHT * scale}px`}
      overflow="hidden"
      borderWidth="1px"
      borderRadius="sm"
      bg="white"
      flexShrink={0}
    >
      <chakra.iframe
        ref={frame}
        src={src}
        title={title}
        w={`${VIEWPORT}px`}
        h={`${FRAME_HEIGHT}px`}
        border="0"
        display="block"
        transform={`scale(${scale})`}
        transformOrigin="top left"
      />
    </Box>
  );
}

/**
 * A change's scenario rendered old and new side by side: the published configs on the left (what customers
 * load now), the editor's preview fed the member's draft on the right.
 */
export function ReviewPreview({ scenario, draft, published }: ReviewPreviewProps) {
  const box = useRef<HTMLDivElement>(null);
  // Two frames and the gap between them share the width.
  const scale = Math.min(0.5, fitScale((useContentWidth(box) - 16) / 2, VIEWPORT));
  const query = reviewPreviewQuery(scenario);
  const where = `${scenario.locale}, ${scenario.persona}, ${scenario.page}`;
  return (
    <Stack gap="2" ref={box} data-testid="review-preview">
      <Text fontSize="sm" color="gray.700">
        {where}, with {scenario.flags.length > 0 ? scenario.flags.join(', ') : 'no flag'} on.
      </Text>
      <HStack gap="4" align="start" wrap="wrap">
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="semibold">
            Before (published)
          </Text>
          {published ? (
            <Frame title={`Before: ${where}`} src={`/preview?${query}`} scale={scale} />
          ) : (
            <Text fontSize="sm">Not published yet: customers get nothing from {scenario.document}.</Text>
          )}
        </Stack>
        <Stack gap="1">
          <Text fontSize="sm" fontWeight="semibold">
            After (this draft)
          </Text>
          <Frame
            title={`After: ${where}`}
            src={`/preview?${query}&source=editor`}
            scale={scale}
            draft={{ documentId: scenario.document, config: draft }}
          />
        </Stack>
      </HStack>
    </Stack>
  );
}
