import { Box, Center, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { ChangeSummary } from './ChangeSummary';
import type { DiffViewProps } from './DiffView';

// Monaco's diff editor comes with the Monaco chunk, fetched only when a diff is shown (never in the first load).
const DiffView = lazy(() => import('./DiffView'));

export interface DiffPanelProps extends DiffViewProps {
  /** Names the region, e.g. "Changes to save". */
  title: string;
}

/** A titled diff: which side is which, the change in words, and the lazily loaded Monaco diff (read-only). */
export function DiffPanel({ title, height = '45vh', ...diff }: DiffPanelProps) {
  return (
    <Stack as="section" aria-label={title} gap="2">
      <Text fontSize="sm" color="gray.700">
        {/* Not "left" and "right": Monaco shows one column, red then green, when the diff is narrow. */}
        Before: {diff.originalLabel}. After: {diff.modifiedLabel}.
      </Text>
      <ChangeSummary before={diff.original} after={diff.modified} />
      <Box borderWidth="1px" borderRadius="md" overflow="hidden" h={height}>
        <Suspense
          fallback={
            <Center h="full">
              <Spinner aria-label="Loading the diff" />
            </Center>
          }
        >
          {/* A new diff editor per pair of texts (and labels): Monaco folds unchanged regions only for the texts it opened with. */}
          <DiffView
            key={fingerprint(diff.original, diff.modified, diff.originalLabel, diff.modifiedLabel)}
            {...diff}
            height={height}
          />
        </Suspense>
      </Box>
    </Stack>
  );
}

/** A cheap FNV-1a fingerprint of both texts, to tell pairs apart. */
function fingerprint(...texts: string[]): string {
  let hash = 0x811c9dc5;
  for (const text of texts) {
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
    hash = Math.imul(hash ^ 0xff, 0x01000193);
  }
  return `${texts.map((t) => t.length).join(':')}:${(hash >>> 0).toString(36)}`;
}
