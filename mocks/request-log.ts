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

/** Records a request on arrival; the returned entry is updated in place when the answer goes out. */
export function logRequest(entry: Omit<LoggedRequest, 'status'> & { status?: LoggedRequest['status'] }): LoggedRequest {
  const logged: LoggedRequest = { status: 'pending', ...entry };
  requests.push(logged);
  for (const listener of arrivalListeners) listener();
  return logged;
}

/**
 * Resolves once `count` more requests have reached the handlers, or after `timeoutMs` (a call that
 * never arrives must not hold anyone up). The preview waits for its first calls to be in the handlers'
 * hands before its first render, so that render runs during the simulated latency, not ahead of it.
 */
export function whenRequestsArrive(count: number, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      arrivalListeners.delete(onArrival);
      clearTimeout(timer);
      resolve();
    };
    const onArrival = () => {
      if (++seen >= count) done();
    };
    const timer = setTimeout(done, timeoutMs);
    if (count <= 0) done();
    else arrivalListeners.add(onArrival);
  });
}

export function getRequestLog(): readonly LoggedRequest[] {
  return requests;
}

export function clearRequestLog(): void {
  requests.length = 0;
}
