import { Button, CloseButton, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { ActionResult } from './use-document-editor';

export interface SaveDialogProps {
  open: boolean;
  documentId: string;
  /** Why saving is blocked right now (invalid draft); shown in place of a working Save button. */
  blockedReason?: string;
  onClose: () => void;
  onSave: (message: string) => Promise<ActionResult>;
}

/** Asks for a change message, then saves. A blocked save says why instead of failing on the server. */
export function SaveDialog({ open, documentId, blockedReason, onClose, onSave }: SaveDialogProps) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (blockedReason) return;
    setBusy(true);
    setError(null);
    const result = await onSave(message.trim());
    setBusy(false);
    if (result.ok) {
      setMessage('');
      onClose();
    } else setError(result.message);
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit}>
              <Dialog.Header>
                <Dialog.Title>Save {documentId}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Field.Root>
                  <Field.Label>Change message</Field.Label>
                  <Textarea value={message} maxLength={1000} onChange={(e) => setMessage(e.target.value)} placeholder="What changed, and why" />
                  <Field.HelperText>Shown in the history next to this version.</Field.HelperText>
                </Field.Root>
                {blockedReason && <Text role="alert" mt="3" color="red.700">{blockedReason}</Text>}
                {error && <Text role="alert" mt="3" color="red.700">{error}</Text>}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>Cancel</Button>
                <Button type="submit" colorPalette="blue" disabled={!!blockedReason} loading={busy}>Save draft</Button>
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
