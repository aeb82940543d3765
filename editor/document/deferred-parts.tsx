/**
 * The document page's parts that nobody needs to start editing, loaded when first shown
 * (docs/editor-bundle.md#what-waits-until-it-is-used): the publish review (the change review and its engine
 * client), the save review (the diff), the request for review and the conflict's three-way merge. Each wrapper renders nothing until
 * its part is first opened, then keeps it mounted, so it behaves as the part itself from then on.
 */
import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import type { RequestReviewDialogProps } from '../change-sets/RequestReviewDialog';
import type { ConflictNoticeProps } from './ConflictNotice';
import type { PublishDialogProps } from './PublishDialog';
import type { SaveDialogProps } from './SaveDialog';

const LazyConflictNotice = lazy(() => import('./ConflictNotice').then((m) => ({ default: m.ConflictNotice })));

/** True from the first render where `open` is true on. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** A dialog whose code loads when it first opens and that stays mounted from then on (its closing animation runs). */
function deferredDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(() => load().then((Dialog) => ({ default: Dialog })));
  return function DeferredDialog(props: P) {
    if (!useOpenedOnce(props.open)) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

export const PublishDialog = deferredDialog<PublishDialogProps>(() =>
  import('./PublishDialog').then((m) => m.PublishDialog),
);
export const SaveDialog = deferredDialog<SaveDialogProps>(() => import('./SaveDialog').then((m) => m.SaveDialog));
export const RequestReviewDialog = deferredDialog<RequestReviewDialogProps>(() =>
  import('../change-sets/RequestReviewDialog').then((m) => m.RequestReviewDialog),
);

/** Rendered by the page only while there is a conflict. */
export function ConflictNotice(props: ConflictNoticeProps) {
  return (
    <Suspense
      fallback={
        <Center p="4">
          <Spinner aria-label="Loading the conflict" />
        </Center>
      }
    >
      <LazyConflictNotice {...props} />
    </Suspense>
  );
}
