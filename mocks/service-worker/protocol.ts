import type { LoggedRequest } from '../request-log';
import type { MockScenario } from '../scenario';

/**
 * What the mock service worker (mock-service-worker.ts) and the pages it answers (mocks/browser.ts) say to
 * each other. The worker runs the handlers; each page keeps its own scenario and its own request log.
 */
export const MOCK_WORKER_URL = '/mock-service-worker.js';

/** Tags every message, so neither side mistakes another script's message for one of these. */
export const MOCKS_CHANNEL = 'portal-shell-mocks';

/** Which page a request came from, added by the worker so handlers can look up that page's scenario. */
export const MOCK_CLIENT_HEADER = 'x-portal-shell-mock-client';

/** Only calls under /api/ are ours; config files, assets and Vite's own requests never reach the handlers. */
export function isMockedApiUrl(url: string): boolean {
  return new URL(url, 'http://localhost').pathname.startsWith('/api/');
}

export type WorkerToPage =
  /** A request reached the handlers (`id` names it for the settled message). */
  | { channel: typeof MOCKS_CHANNEL; type: 'arrived'; id: string; entry: LoggedRequest }
  /** Its answer went out, or a timeout fault keeps it unanswered for good. */
  | { channel: typeof MOCKS_CHANNEL; type: 'settled'; id: string; status: LoggedRequest['status'] }
  /** An /api/ call no handler matches: a call missing from API_CALLS (schemas/contracts/api-calls.ts). */
  | { channel: typeof MOCKS_CHANNEL; type: 'unhandled'; method: string; url: string }
  /** A handler threw; the page got a 500 saying so. */
  | { channel: typeof MOCKS_CHANNEL; type: 'handler-error'; method: string; url: string; message: string }
  /** The worker lost its copy of the page's scenario (browsers stop idle workers): answer on the port. */
  | { channel: typeof MOCKS_CHANNEL; type: 'scenario?' };

/** The page's scenario; the worker acknowledges on the port once it answers with it. */
export type PageToWorker = { channel: typeof MOCKS_CHANNEL; type: 'scenario'; scenario: MockScenario };

export function isMocksMessage(data: unknown): data is { channel: typeof MOCKS_CHANNEL; type: string } {
  return typeof data === 'object' && data !== null && (data as { channel?: unknown }).channel === MOCKS_CHANNEL;
}
