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

/** Records a request on arrival; the returned entry is updated in place when the answer goes out. */
export function logRequest(entry: Omit<LoggedRequest, 'status'> & { status?: LoggedRequest['status'] }): LoggedRequest {
  const logged: LoggedRequest = { status: 'pending', ...entry };
  requests.push(logged);
  return logged;
}

export function getRequestLog(): readonly LoggedRequest[] {
  return requests;
}

export function clearRequestLog(): void {
  requests.length = 0;
}
