/**
 * The document page's parts that nobody needs to start editing, loaded when first shown
 * (docs/editor-bundle.md#what-waits-until-it-is-used): the publish review (the change review and its engine
 * client), the save review (the diff), the request for review and the conflict's three-way merge. Each wrapper renders nothing until
 * its part is first opened, then keeps it mounted, so it behaves as the part itself from then on.
 */
import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import type { RequestReviewDialogProps } from '../change-sets/RequestReviewDialog';
import type { ConflictNoticeProps } from './ConflictNotice';
import type { PublishDialogProps } from './PublishDialog';
import type { SaveDialogProps } from './SaveDialog';

const LazyPublishDialog = lazy(() => import('./PublishDialog').then((m) => ({ default: m.PublishDialog })));
const LazySaveDialog = lazy(() => import('./SaveDialog').then((m) => ({ default: m.SaveDialog })));
const LazyRequestReviewDialog = lazy(() => import('../change-sets/RequestReviewDialog').then((m) => ({ default: m.RequestReviewDialog })));
const LazyConflictNotice = lazy(() => import('./ConflictNotice').then((m) => ({ default: m.ConflictNotice })));

/** True from the first render where `open` is true on. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function PublishDialog(props: PublishDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyPublishDialog {...props} />
    </Suspense>
  );
}

export function SaveDialog(props: SaveDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazySaveDialog {...props} />
    </Suspense>
  );
}

export function RequestReviewDialog(props: RequestReviewDialogProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyRequestReviewDialog {...props} />
    </Suspense>
  );
}

/** Rendered by the page only while there is a conflict. */
export function ConflictNotice(props: ConflictNoticeProps) {
  return (
    <Suspense fallback={<Center p="4"><Spinner aria-label="Loading the conflict" /></Center>}>
      <LazyConflictNotice {...props} />
    </Suspense>
  );
}
