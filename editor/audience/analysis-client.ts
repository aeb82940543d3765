/**
 * The page's side of the audience worker. Only types are imported statically: the engine (resolver,
 * validator, audience) reaches the browser inside the worker's own bundle, never the page's chunks.
 * Where there is no Worker (jsdom in Vitest), the same handler runs in this thread after a macrotask.
 */
import type { MatrixResult } from './analysis';
import type { AnalysisFact, AnalysisRequest } from './analysis-protocol';
import type { DocumentText } from './prepare-documents';
import type { ChangeSetReview, ReviewInput } from './review-engine';

export interface AnalysisClient {
  analyzeDraft(documentId: string, draftText: string, others: DocumentText[]): Promise<MatrixResult>;
  /** The publish review of a change set (review-engine.ts). */
  reviewChanges(input: ReviewInput): Promise<ChangeSetReview>;
  /** Whether the engine runs in a worker (false where there is none, e.g. jsdom). */
  readonly inWorker: boolean;
  /** Stops the worker; pending requests are rejected. */
  dispose(): void;
}

type Pending = { resolve: (fact: AnalysisFact) => void; reject: (error: Error) => void };
type RequestBody = AnalysisRequest extends infer R ? (R extends AnalysisRequest ? Omit<R, 'requestId'> : never) : never;

export function createAnalysisClient(options: { useWorker?: boolean } = {}): AnalysisClient {
  const useWorker = (options.useWorker ?? true) && typeof Worker !== 'undefined';
  let worker: Worker | null = null;
  let nextId = 1;
  let disposed = false;
  const pending = new Map<number, Pending>();

  const failAll = (message: string) => {
    for (const p of pending.values()) p.reject(new Error(message));
    pending.clear();
  };

  function startWorker(): Worker {
    const started = new Worker(new URL('./audience.worker.ts', import.meta.url), { type: 'module', name: 'audience' });
    started.onmessage = (event: MessageEvent<AnalysisFact>) => {
      const fact = event.data;
      const waiting = pending.get(fact.requestId);
      pending.delete(fact.requestId);
      waiting?.resolve(fact);
    };
    // A worker that cannot load or crashes says so on every waiting request, and the next request starts a new one.
    started.onerror = (event) => {
      event.preventDefault();
      failAll(`The audience worker stopped: ${event.message || 'it could not be loaded'}`);
      started.terminate();
      if (worker === started) worker = null;
    };
    return started;
  }

  async function send(body: RequestBody): Promise<AnalysisFact> {
    if (disposed) throw new Error('The audience analysis was closed.');
    const request = { ...body, requestId: nextId++ } as AnalysisRequest;
    if (!useWorker) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      const { handleAnalysisRequest } = await import('./analysis-protocol');
      return handleAnalysisRequest(request);
    }
    worker ??= startWorker();
    const target = worker;
    return new Promise<AnalysisFact>((resolve, reject) => {
      pending.set(request.requestId, { resolve, reject });
      target.postMessage(request);
    });
  }

  const unwrap = <T extends AnalysisFact['type']>(fact: AnalysisFact, type: T): Extract<AnalysisFact, { type: T }> => {
    if (fact.type === 'ANALYSIS_FAILED') throw new Error(fact.message);
    if (fact.type !== type) throw new Error(`The audience worker answered ${fact.type} to a request for ${type}.`);
    return fact as Extract<AnalysisFact, { type: T }>;
  };

  return {
    inWorker: useWorker,
    analyzeDraft: async (documentId, draftText, others) =>
      unwrap(await send({ type: 'ANALYZE_DRAFT', documentId, draftText, others }), 'DRAFT_ANALYZED').result,
    reviewChanges: async (input) => unwrap(await send({ type: 'REVIEW_CHANGES', input }), 'CHANGES_REVIEWED').result,
    dispose: () => {
      disposed = true;
      worker?.terminate();
      worker = null;
      failAll('The audience analysis was closed.');
    },
  };
}
