import { Button, CloseButton, Dialog, Field, Input, Link as ChakraLink, Portal, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { describeApiError } from '../api/api-error';
import type { ChangeSet, DocumentId } from '../../schemas/contracts';
import { defaultReviewTitle, requestReview, type ReviewPlan } from './request-review';

export interface RequestReviewDialogProps {
  open: boolean;
  documentId: DocumentId;
  onClose: () => void;
}

const DONE: Record<ReviewPlan['kind'], (set: ChangeSet) => string> = {
  create: (set) => `Created “${set.title}” and submitted it for review.`,
  submit: (set) => `Submitted “${set.title}”, which holds this document, for review.`,
  already: (set) =>
    `This document is already in “${set.title}”, which is ${set.state === 'approved' ? 'approved' : 'in review'}.`,
};

/**
 * With approval on, a document reaches customers through a reviewed change set (docs/workflow.md#approval):
 * this puts the document into its open set, or a new one titled with the message, submits it, and links to it.
 */
export function RequestReviewDialog({ open, documentId, onClose }: RequestReviewDialogProps) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; changeSet: ChangeSet } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const { plan, changeSet } = await requestReview(documentId, message.trim() || defaultReviewTitle(documentId));
      setDone({ text: DONE[plan.kind](changeSet), changeSet });
      setMessage('');
    } catch (e) {
      // The message stays, to try again.
      setError(describeApiError(e));
    }
    setBusy(false);
  }

  function close() {
    setDone(null);
    setError(null);
    onClose();
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && close()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit}>
              <Dialog.Header>
                <Dialog.Title>Request review of {documentId}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {done ? (
                  <Text role="status">
                    {done.text}{' '}
                    <ChakraLink asChild color="blue.700" fontWeight="semibold">
                      <Link to={`/change-sets/${done.changeSet.id}`}>Open the change set</Link>
                    </ChakraLink>
                  </Text>
                ) : (
                  <>
                    <Text mb="3">
                      Publishing needs a second person’s approval. The saved draft goes into its open change set (or a
                      new one) and is submitted for review.
                    </Text>
                    <Field.Root>
                      <Field.Label>What changed (the title of a new change set)</Field.Label>
                      <Input
                        value={message}
                        maxLength={120}
                        onChange={(e) => setMessage(e.target.value)}
                        placeholder={defaultReviewTitle(documentId)}
                      />
                    </Field.Root>
                  </>
                )}
                {error && (
                  <Text role="alert" mt="3" color="red.700">
                    {error}
                  </Text>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={close}>
                  {done ? 'Close' : 'Cancel'}
                </Button>
                {!done && (
                  <Button type="submit" colorPalette="green" loading={busy}>
                    Request review
                  </Button>
                )}
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
