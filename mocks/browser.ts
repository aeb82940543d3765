import { setupWorker } from 'msw/browser';
import { handlers } from './handlers';
import './request-log';

export interface StartMockWorkerOptions {
  /** Print every intercepted call to the console. Default false. */
  verbose?: boolean;
}

/** Starts the service worker (public/mockServiceWorker.js). Config files, assets and the editor API pass through. */
export async function startMockWorker(options: StartMockWorkerOptions = {}): Promise<void> {
  const worker = setupWorker(...handlers);
  await worker.start({
    quiet: !options.verbose,
    onUnhandledRequest(request, print) {
      if (new URL(request.url).pathname.startsWith('/api/')) print.error();
    },
  });
}
