/**
 * Messages between the page and the audience worker. Requests ask for work (ANALYZE_DRAFT, REVIEW_CHANGES);
 * facts report it (DRAFT_ANALYZED, CHANGES_REVIEWED, ANALYSIS_FAILED). Every fact answers one requestId.
 */
import { analyzeDraft, type MatrixResult } from './analysis';
import type { DocumentText } from './prepare-documents';
import { reviewChangeSet, type ChangeSetReview, type ReviewInput } from './review-engine';

export type AnalysisRequest =
  | { type: 'ANALYZE_DRAFT'; requestId: number; documentId: string; draftText: string; others: DocumentText[] }
  | { type: 'REVIEW_CHANGES'; requestId: number; input: ReviewInput };

export type AnalysisFact =
  | { type: 'DRAFT_ANALYZED'; requestId: number; result: MatrixResult }
  | { type: 'CHANGES_REVIEWED'; requestId: number; result: ChangeSetReview }
  | { type: 'ANALYSIS_FAILED'; requestId: number; message: string };

/** Runs one request; an exception in the engine becomes a fact, never a silent stop. */
export function handleAnalysisRequest(request: AnalysisRequest): AnalysisFact {
  try {
    switch (request.type) {
      case 'ANALYZE_DRAFT':
        return {
          type: 'DRAFT_ANALYZED',
          requestId: request.requestId,
          result: analyzeDraft(request.documentId, request.draftText, request.others),
        };
      case 'REVIEW_CHANGES':
        return { type: 'CHANGES_REVIEWED', requestId: request.requestId, result: reviewChangeSet(request.input) };
    }
  } catch (error) {
    return {
      type: 'ANALYSIS_FAILED',
      requestId: request.requestId,
      message: `The audience engine failed: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}
