import { setupWorker, type SetupWorker } from 'msw/browser';
import { handlers } from './handlers';
// Imported for its side effect too: window.__portalShellMocks = { requests }.
import './request-log';
import { untilControlled } from './until-controlled';

export interface StartMockWorkerOptions {
  /** Leave out MSW's console lines for every intercepted call. Default true. */
  quiet?: boolean;
  /** Where public/mockServiceWorker.js is served. Default '/mockServiceWorker.js'. */
  serviceWorkerUrl?: string;
}

/** Only calls under /api/ are ours; config files, assets, the editor's API and Vite's own requests pass through. */
export function isMockedApiUrl(url: string): boolean {
  return new URL(url, 'http://localhost').pathname.startsWith('/api/');
}

/** An /api/ call without a handler is a bug (a call missing from ENDPOINTS or from mocks/handlers): print an error. */
export function onUnhandledRequest(request: Request, print: { error(): void }): void {
  if (isMockedApiUrl(request.url)) print.error();
}

let worker: SetupWorker | undefined;
let started: Promise<void> | undefined;

/**
 * Starts the service worker with the shared handlers; call it before the first render (STACK.md).
 * Starting twice returns the first start. The scenario is set separately (setMockScenario) and may change
 * at any time.
 */
export function startMockWorker(options: StartMockWorkerOptions = {}): Promise<void> {
  started ??= (async () => {
    worker = setupWorker(...handlers);
    await untilControlled(navigator.serviceWorker, window.__mockWorkerRegistration);
    await worker.start({
      quiet: options.quiet ?? true,
      serviceWorker: { url: options.serviceWorkerUrl ?? '/mockServiceWorker.js' },
      onUnhandledRequest,
    });
  })();
  return started;
}

export function stopMockWorker(): void {
  worker?.stop();
  worker = undefined;
  started = undefined;
}
