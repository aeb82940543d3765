/**
 * Messages between the page and the audience worker. Requests ask for work (ANALYZE_DRAFT, DIFF_PUBLISH);
 * facts report it (DRAFT_ANALYZED, PUBLISH_DIFFED, ANALYSIS_FAILED). Every fact answers one requestId.
 */
import { analyzeDraft, diffPublish, type MatrixResult, type PublishComparison } from './analysis';
import type { DocumentText } from './prepare-documents';

export type AnalysisRequest =
  | { type: 'ANALYZE_DRAFT'; requestId: number; documentId: string; draftText: string; others: DocumentText[] }
  | { type: 'DIFF_PUBLISH'; requestId: number; documentId: string; draftText: string; published: DocumentText[] };

export type AnalysisFact =
  | { type: 'DRAFT_ANALYZED'; requestId: number; result: MatrixResult }
  | { type: 'PUBLISH_DIFFED'; requestId: number; result: PublishComparison }
  | { type: 'ANALYSIS_FAILED'; requestId: number; message: string };

/** Runs one request; an exception in the engine becomes a fact, never a silent stop. */
export function handleAnalysisRequest(request: AnalysisRequest): AnalysisFact {
  try {
    switch (request.type) {
      case 'ANALYZE_DRAFT':
        return { type: 'DRAFT_ANALYZED', requestId: request.requestId, result: analyzeDraft(request.documentId, request.draftText, request.others) };
      case 'DIFF_PUBLISH':
        return { type: 'PUBLISH_DIFFED', requestId: request.requestId, result: diffPublish(request.documentId, request.draftText, request.published) };
    }
  } catch (error) {
    return { type: 'ANALYSIS_FAILED', requestId: request.requestId, message: `The audience engine failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
