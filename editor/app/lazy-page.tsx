import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A route's page as its own chunk (docs/editor-bundle.md#what-waits-until-it-is-used), with the one fallback every
 * page shows while its chunk loads: a spinner named `label` ("Loading the documents").
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, label: string) {
  const Page = lazy(load);
  return (
    <Suspense
      fallback={
        <Center p="8">
          <Spinner aria-label={label} />
        </Center>
      }
    >
      <Page />
    </Suspense>
  );
}
