import type { EndpointId } from '../runtime/api/api-paths';

export interface LoggedRequest {
  endpoint: EndpointId;
  method: string;
  url: string;
  status: number | 'timeout';
  at: number;
}

const requests: LoggedRequest[] = [];

declare global {
  interface Window {
    __portalShellMocks?: { requests: LoggedRequest[] };
  }
}

// Playwright counts repeated calls through this (bench/header.bench.ts, tests/fault-matrix.spec.ts).
if (typeof window !== 'undefined') window.__portalShellMocks = { requests };

export function logRequest(entry: LoggedRequest): void {
  requests.push(entry);
}

export function getRequestLog(): readonly LoggedRequest[] {
  return requests;
}

export function clearRequestLog(): void {
  requests.length = 0;
}
