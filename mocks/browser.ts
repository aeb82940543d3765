// Imported for its side effect too: window.__portalShellMocks = { requests }.
import { logRequest, type LoggedRequest } from './request-log';
import { getMockScenario, setMockScenario, type MockScenario } from './scenario';
import {
  isMocksMessage,
  MOCK_WORKER_URL,
  MOCKS_CHANNEL,
  type PageToWorker,
  type WorkerToPage,
} from './service-worker/protocol';
import { untilControlled } from './until-controlled';

/** How long the worker may take to acknowledge a scenario before the preview says it is gone. */
export const SCENARIO_ACK_MS = 3000;
/** Set for the one reload that puts an uncontrolled page under the worker, so a second miss is an error, not a loop. */
const RELOADED_KEY = 'portal-shell:mock-worker-reload';

/** The page's copies of the worker's log entries, by the worker's id, until their answer is in. */
const pendingEntries = new Map<string, LoggedRequest>();

/** Applies one message of the mock service worker to this page: its request log, the console, or a question. */
export function handleWorkerMessage(data: unknown, ports: readonly MessagePort[] = []): void {
  if (!isMocksMessage(data)) return;
  const message = data as WorkerToPage;
  switch (message.type) {
    case 'arrived':
      pendingEntries.set(message.id, logRequest(message.entry));
      break;
    case 'settled': {
      const entry = pendingEntries.get(message.id);
      if (!entry) break;
      entry.status = message.status;
      pendingEntries.delete(message.id);
      break;
    }
    case 'unhandled':
      console.error(
        `[mocks] ${message.method} ${message.url} has no mock handler: add the call to API_CALLS (schemas/contracts/api-calls.ts) and its resolver to mocks/handlers/ (docs/how-to.md#add-an-api-call).`,
      );
      break;
    case 'handler-error':
      console.error(`[mocks] The mock handler for ${message.method} ${message.url} threw: ${message.message}`);
      break;
    case 'scenario?':
      ports[0]?.postMessage(getMockScenario());
      break;
  }
}

let started: Promise<void> | undefined;
/** Set once the worker's messages reach handleWorkerMessage; a retried start must not listen twice. */
let listening = false;

/**
 * Resolves once the mock service worker controls this page, so every /api/ call from here on reaches the
 * handlers; call it before the first data call (docs/mocks.md: the worker routes only /api/ calls, and only once it
 * controls the page). Starting twice returns the first start.
 */
export function startMockWorker(): Promise<void> {
  started ??= start();
  started.catch(() => (started = undefined));
  return started;
}

async function start(): Promise<void> {
  const container = navigator.serviceWorker;
  if (!container)
    throw new Error(
      'This browser gives the page no service workers (a private window, or a page served neither from localhost nor over https), so the mocks cannot answer.',
    );
  if (!listening) {
    container.addEventListener('message', (event) => handleWorkerMessage(event.data, event.ports));
    container.startMessages();
    listening = true;
  }
  // portal.html's first script registered it (vite.config.ts); registering again reports why that failed.
  const registration = window.__mockWorkerRegistration
    ? window.__mockWorkerRegistration.then((kept) => kept ?? container.register(MOCK_WORKER_URL))
    : container.register(MOCK_WORKER_URL);
  await untilControlled(container, registration);
  if (container.controller) {
    sessionStorage.removeItem(RELOADED_KEY);
    return;
  }
  // A hard reload (Shift+reload) loads the page past its service worker; a normal reload brings it back.
  if (!sessionStorage.getItem(RELOADED_KEY)) {
    sessionStorage.setItem(RELOADED_KEY, '1');
    location.reload();
    return new Promise(() => undefined);
  }
  sessionStorage.removeItem(RELOADED_KEY);
  throw new Error(
    `The mock service worker (${MOCK_WORKER_URL}) is registered but does not control this page. Reload the page.`,
  );
}

/** Sets this page's scenario and tells the worker, resolving once the worker answers for it. */
export async function sendScenario(scenario: Readonly<MockScenario>): Promise<void> {
  setMockScenario(scenario);
  await startMockWorker();
  const controller = navigator.serviceWorker.controller;
  if (!controller) throw new Error('The mock service worker stopped controlling this page. Reload the page.');
  const channel = new MessageChannel();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(`The mock service worker did not take the scenario within ${SCENARIO_ACK_MS} ms. Reload the page.`),
        ),
      SCENARIO_ACK_MS,
    );
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    const message: PageToWorker = { channel: MOCKS_CHANNEL, type: 'scenario', scenario: getMockScenario() };
    controller.postMessage(message, [channel.port2]);
  });
}
