import { Button, Group, HStack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { isDocumentId } from '../../schemas/validator/documents';
import { useRequireApproval } from '../change-sets/workflow-settings';
import { useDraft } from '../store/draft-store';
import { useValidatorStatus, type ValidatorStatus } from '../validation/live-validator';
import { RequestReviewDialog } from './deferred-parts';

export interface DocumentToolbarProps {
  canEdit: boolean;
  dirty: boolean;
  saveBlockedReason?: string;
  publishBlockedReason?: string;
  publishing: boolean;
  onSave: () => void;
  /** Opens the publish review (what changes for whom); publishing happens from there. */
  onPublish: () => void;
  /** Undo/redo over both views (the draft store's history). */
  canUndo?: boolean;
  canRedo?: boolean;
  onUndo?: () => void;
  onRedo?: () => void;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * Why publishing (or asking for review) waits for the live checks, or undefined once they have run. Whether a
 * draft may go to customers, or to an approver, depends on its problems, and until the validator has loaded
 * nobody has seen them (docs/editor-bundle.md#actions-before-the-checks-have-run).
 */
export function uncheckedReason(status: ValidatorStatus, review: boolean): string | undefined {
  const action = review ? 'sent for review' : 'published';
  if (status === 'ready') return undefined;
  if (status === 'failed')
    return `The checks could not load, so the draft cannot be ${action} yet: retry them (above the form).`;
  return `Checking the draft before it can be ${action}…`;
}

/**
 * Undo/redo, save and publish. Viewers get no controls at all, only a read-only notice (the server refuses them anyway).
 * When the service needs approval, "Publish…" becomes "Request review…" (docs/workflow.md#approval): the draft
 * goes into a change set instead. Until the service has said (or if it cannot be asked), Publish… stays.
 */
export function DocumentToolbar({
  canEdit,
  dirty,
  saveBlockedReason,
  publishBlockedReason,
  publishing,
  onSave,
  onPublish,
  canUndo = false,
  canRedo = false,
  onUndo,
  onRedo,
}: DocumentToolbarProps) {
  const statusId = useId();
  const requireApproval = useRequireApproval(canEdit);
  // The open document is the one the draft store holds.
  const documentId = useDraft((s) => s.documentId);
  const [reviewOpen, setReviewOpen] = useState(false);
  const checks = useValidatorStatus();
  if (!canEdit) return <Text fontWeight="medium">Read-only: viewers can preview and read the history, not edit.</Text>;
  const mod = isMac ? '⌘' : 'Ctrl+';
  const review = requireApproval === true && documentId !== null && isDocumentId(documentId) ? documentId : null;
  const ready = review ? 'The saved draft can be sent for review.' : 'The saved draft can be published.';
  // A reason of the page's own (unsaved edits, already published) comes first; then the checks must have run.
  const unchecked = uncheckedReason(checks, review !== null);
  const publishBlocked = publishBlockedReason ?? unchecked;
  const checking = !publishBlockedReason && (checks === 'idle' || checks === 'loading');
  return (
    <HStack gap="3" wrap="wrap">
      {onUndo && onRedo && (
        <Group attached>
          <Button
            variant="outline"
            size="sm"
            onClick={onUndo}
            disabled={!canUndo}
            aria-keyshortcuts="Control+Z Meta+Z"
            title={`Undo (${mod}Z)`}
          >
            Undo
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onRedo}
            disabled={!canRedo}
            aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
            title={`Redo (${mod}Shift+Z)`}
          >
            Redo
          </Button>
        </Group>
      )}
      {/* Blocked is disabled too, like "no changes": the reason beside it says what to fix first. Saving does not
          wait for the live checks: the service checks every save and refuses an invalid one
          (docs/editor-bundle.md#actions-before-the-checks-have-run). */}
      <Button colorPalette="blue" onClick={onSave} disabled={!dirty || !!saveBlockedReason} aria-describedby={statusId}>
        Save…
      </Button>
      {review ? (
        <Button
          colorPalette="green"
          variant="outline"
          onClick={() => setReviewOpen(true)}
          disabled={!!publishBlocked}
          loading={checking}
          loadingText="Checking…"
          aria-describedby={statusId}
        >
          Request review…
        </Button>
      ) : (
        <Button
          colorPalette="green"
          variant="outline"
          onClick={onPublish}
          disabled={!!publishBlocked}
          loading={publishing || checking}
          loadingText={checking ? 'Checking…' : undefined}
          aria-describedby={statusId}
        >
          Publish…
        </Button>
      )}
      <Text id={statusId} fontSize="sm" color="gray.700" aria-live="polite">
        {dirty
          ? (saveBlockedReason ?? 'Unsaved changes (kept in this browser until you save).')
          : (publishBlocked ?? ready)}
      </Text>
      {review && <RequestReviewDialog open={reviewOpen} documentId={review} onClose={() => setReviewOpen(false)} />}
    </HStack>
  );
}
