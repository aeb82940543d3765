/**
 * The audience engine off the main thread: resolving one locale's matrix takes 10–150 ms on this machine
 * (far more for markets or flags, which touch every locale), which would stall typing and the preview.
 */
import { handleAnalysisRequest, type AnalysisFact, type AnalysisRequest } from './analysis-protocol';

// The editor's tsconfig has the DOM library, not WebWorker: name the two members this file uses.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<AnalysisRequest>) => void) | null;
  postMessage: (fact: AnalysisFact) => void;
};

scope.onmessage = (event) => scope.postMessage(handleAnalysisRequest(event.data));
