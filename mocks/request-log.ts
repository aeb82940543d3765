import type { EndpointId } from '../runtime/api/api-paths';

export interface LoggedRequest {
  endpoint: EndpointId;
  method: string;
  url: string;
  /**
   * 'pending' from arrival until the answer is sent (so calls still waiting out the latency count too),
   * then the status sent; 'timeout' when a fault keeps the request unanswered for good.
   */
  status: number | 'pending' | 'timeout';
  /** Arrival time (Date.now()). */
  at: number;
}

const requests: LoggedRequest[] = [];

declare global {
  interface Window {
    /** Playwright reads this to count calls (bench/header.bench.ts, tests/*.spec.ts). */
    __portalShellMocks?: { requests: LoggedRequest[] };
  }
}

// The same array object for the whole page life, so a reference taken early stays current.
if (typeof window !== 'undefined') window.__portalShellMocks = { requests };

const arrivalListeners = new Set<() => void>();

/**
 * Where the mock service worker sends the log instead of keeping it: to the page each request came from
 * (mocks/service-worker/), whose own log is what tests and the preview read.
 */
export interface RequestLogSink {
  arrived(entry: LoggedRequest, request: Request): void;
  settled(entry: LoggedRequest): void;
}

let sink: RequestLogSink | undefined;

export function forwardRequestLog(to: RequestLogSink | undefined): void {
  sink = to;
}

/** Records a request on arrival; settleRequest records its answer in the same entry. */
export function logRequest(
  entry: Omit<LoggedRequest, 'status'> & { status?: LoggedRequest['status'] },
  request?: Request,
): LoggedRequest {
  const logged: LoggedRequest = { status: 'pending', ...entry };
  if (sink && request) {
    sink.arrived(logged, request);
    return logged;
  }
  requests.push(logged);
  for (const listener of arrivalListeners) listener();
  return logged;
}

export function settleRequest(entry: LoggedRequest, status: LoggedRequest['status']): void {
  entry.status = status;
  sink?.settled(entry);
}

export interface ArrivalCounter {
  /**
   * Resolves once `count` requests have reached the handlers since the counter was made (those already
   * there count too), or after `timeoutMs`: a call that never arrives must not hold anyone up.
   */
  arrived(count: number, timeoutMs: number): Promise<void>;
}

/**
 * Counts arrivals from now on. The preview waits for each round of its calls to be in the handlers' hands
 * before it runs a long render: the render then overlaps the simulated latency, and the page's main thread
 * is free again when the answers come in (runtime/host/prepare-scenario.ts).
 */
export function countArrivals(): ArrivalCounter {
  const since = requests.length;
  return {
    arrived: (count, timeoutMs) =>
      new Promise((resolve) => {
        const done = () => {
          arrivalListeners.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const check = () => {
          if (requests.length - since >= count) done();
        };
        const timer = setTimeout(done, timeoutMs);
        arrivalListeners.add(check);
        check();
      }),
  };
}

export function getRequestLog(): readonly LoggedRequest[] {
  return requests;
}

export function clearRequestLog(): void {
  requests.length = 0;
}
