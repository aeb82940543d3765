import { Alert, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import type { DocumentId } from '../../schemas/validator/documents';
import type { AnalysisClient } from '../audience/analysis-client';
import { ChangeReview, type ChangeReviewProps } from '../audience/ChangeReview';
import type { ActionResult } from './use-document-editor';

export interface PublishDialogProps {
  open: boolean;
  documentId: DocumentId;
  /** The saved draft about to be published (publishing needs a saved draft). */
  draftText: string;
  draftVersion: number;
  onClose: () => void;
  onPublish: () => Promise<ActionResult>;
  /** Tests run the engine in-thread and stub the published documents. */
  clientFactory?: () => AnalysisClient;
  loader?: ChangeReviewProps['loader'];
}

type ReviewState = 'loading' | 'ready' | 'failed';

/**
 * Publish one document after review, when approval is off (docs/workflow.md#approval): the change review
 * (every changed item, with exactly who sees it) against what customers load now. Publishing waits for the
 * review, unless the review itself fails (it never blocks a publish).
 */
export function PublishDialog({
  open,
  documentId,
  draftText,
  draftVersion,
  onClose,
  onPublish,
  clientFactory,
  loader,
}: PublishDialogProps) {
  const [review, setReview] = useState<ReviewState>('loading');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setReview('loading');
    setError(null);
  }, [open, documentId, draftText]);
  const onSettled = useCallback((state: 'ready' | 'failed') => setReview(state), []);

  async function confirm() {
    setBusy(true);
    setError(null);
    const result = await onPublish();
    setBusy(false);
    if (result.ok) onClose();
    else setError(result.message);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && !busy && onClose()}
      placement="center"
      size="xl"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Publish {documentId}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>
                  Customers get draft v{draftVersion} of {documentId} on their next load.
                </Text>
                {open && (
                  <ChangeReview
                    members={[{ id: documentId, draftText }]}
                    onSettled={onSettled}
                    {...(clientFactory ? { clientFactory } : {})}
                    {...(loader ? { loader } : {})}
                  />
                )}
                {review === 'failed' && <Text fontSize="sm">You can still publish.</Text>}
                {error && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>Not published: {error}</Alert.Title>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="blue" onClick={confirm} loading={busy} disabled={review === 'loading'}>
                Publish v{draftVersion}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={busy} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
