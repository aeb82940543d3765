import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { DiffPanelProps } from './DiffPanel';

const DiffPanel = lazy(() => import('./DiffPanel').then((m) => ({ default: m.DiffPanel })));

/**
 * DiffPanel, loaded when a diff is first shown: the history lists versions without it
 * (docs/editor-bundle.md#what-waits-until-it-is-used).
 */
export function LazyDiffPanel(props: DiffPanelProps) {
  return (
    <Suspense
      fallback={
        <Center p="4">
          <Spinner aria-label="Loading the diff" />
        </Center>
      }
    >
      <DiffPanel {...props} />
    </Suspense>
  );
}
