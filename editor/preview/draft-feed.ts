/**
 * What the preview gets for a draft text: the shared validator's default-filled document when it passes
 * (the same check a save runs), nothing while it does not. The preview then keeps the last valid state
 * and the pane says why.
 */
import type { CrossFileContext, DocumentId, Problem } from '../../schemas/validator';
import type { LiveValidator } from '../validation/live-validator';
import { epochNow, previewRequest, type PreviewRequest } from '../../schemas/contracts/preview-protocol';

export type DraftFeedStatus =
  | { kind: 'valid'; revision: number }
  | {
      kind: 'invalid';
      revision: number;
      problemCount: number;
      first: Pick<Problem, 'line' | 'column' | 'message' | 'pointer'>;
    };

export interface DraftFeedResult {
  status: DraftFeedStatus;
  request?: PreviewRequest;
}

export function draftFeed(
  validator: Pick<LiveValidator, 'validateDraft'>,
  documentId: DocumentId,
  text: string,
  revision: number,
  crossFile: CrossFileContext,
): DraftFeedResult {
  const { value, problems } = validator.validateDraft(documentId, text, crossFile);
  if (problems.length > 0 || typeof value !== 'object' || value === null) {
    const { line, column, message, pointer } = problems[0] ?? {
      line: 1,
      column: 1,
      message: 'the document is not a JSON object',
      pointer: '',
    };
    return {
      status: {
        kind: 'invalid',
        revision,
        problemCount: Math.max(problems.length, 1),
        first: { line, column, message, pointer },
      },
    };
  }
  return {
    status: { kind: 'valid', revision },
    request: previewRequest('UPDATE_DRAFT', {
      documentId,
      revision,
      config: value as Record<string, unknown>,
      sentAt: epochNow(),
    }),
  };
}
