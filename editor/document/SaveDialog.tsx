import { Button, CloseButton, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useMemo, useState, type FormEvent } from 'react';
import { DiffPanel } from '../review/DiffPanel';
import { normaliseJsonText } from '../review/json-value';
import { useValidatorStatus } from '../validation/live-validator';
import type { ActionResult } from './use-document-editor';

export interface SaveDialogProps {
  open: boolean;
  documentId: string;
  /** Why saving is blocked right now (invalid draft); shown in place of a working Save button. */
  blockedReason?: string;
  onClose: () => void;
  onSave: (message: string) => Promise<ActionResult>;
  /** The server draft the edits started from (`draft.text`); with `draftText`, the dialog shows the diff to review. */
  serverText?: string;
  /** Its version number, for the diff's labels (`draft.version`). */
  serverVersion?: number;
  /** The text about to be saved (the editor's text). */
  draftText?: string;
}

/**
 * Review before save: the diff of the draft against the server version (as the service will store it), then a
 * change message, then save. A blocked save says why instead of failing on the server.
 */
export function SaveDialog({
  open,
  documentId,
  blockedReason,
  onClose,
  onSave,
  serverText,
  serverVersion,
  draftText,
}: SaveDialogProps) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const review = serverText !== undefined && draftText !== undefined;
  // Saving does not wait for the live checks (docs/editor-bundle.md#actions-before-the-checks-have-run): the service checks the draft.
  const unchecked = useValidatorStatus() !== 'ready';
  // Both sides in the service's formatting: the diff shows what the save changes, not the editor's whitespace.
  const sides = useMemo(
    () => (open && review ? { before: normaliseJsonText(serverText), after: normaliseJsonText(draftText) } : null),
    [open, review, serverText, draftText],
  );

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
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      size={review ? 'xl' : 'md'}
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit}>
              <Dialog.Header>
                <Dialog.Title>Save {documentId}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {sides && (
                  <DiffPanel
                    title="Changes to save"
                    documentId={documentId}
                    original={sides.before}
                    modified={sides.after}
                    originalLabel={
                      serverVersion === undefined ? 'the server version' : `the server version (v${serverVersion})`
                    }
                    modifiedLabel="your draft, as it will be saved"
                    height="40vh"
                  />
                )}
                <Field.Root mt={sides ? '4' : undefined}>
                  <Field.Label>Change message</Field.Label>
                  <Textarea
                    value={message}
                    maxLength={1000}
                    onChange={(e) => setMessage(e.target.value)}
                    placeholder="What changed, and why"
                  />
                  <Field.HelperText>Shown in the history next to this version.</Field.HelperText>
                </Field.Root>
                {unchecked && !blockedReason && (
                  <Text mt="3" fontSize="sm" color="gray.700">
                    The live checks have not run yet: the service checks the draft as it saves it and refuses it if it
                    has problems.
                  </Text>
                )}
                {blockedReason && (
                  <Text role="alert" mt="3" color="red.700">
                    {blockedReason}
                  </Text>
                )}
                {error && (
                  <Text role="alert" mt="3" color="red.700">
                    {error}
                  </Text>
                )}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue" disabled={!!blockedReason} loading={busy}>
                  Save draft
                </Button>
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
