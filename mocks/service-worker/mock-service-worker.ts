/**
 * The mock service worker (bundled and served as /mock-service-worker.js by vite.config.ts, in mocks
 * builds only). It answers every mocked /api/ call itself with the shared handlers, so a page's main
 * thread spends nothing on them; see docs/mocks.md.
 */
import './memory-local-storage';
import { handlers } from '../handlers';
import type { MockScenario } from '../scenario';
import { createMockAnswers, type MockPages } from './mock-answers';
import { isMockedApiUrl, isMocksMessage, MOCKS_CHANNEL, type PageToWorker } from './protocol';

// The project's lib is DOM; these are the few service-worker types this file needs.
interface WorkerClient {
  readonly id: string;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}
interface WorkerScope {
  readonly clients: {
    get(id: string): Promise<WorkerClient | undefined>;
    matchAll(options: { includeUncontrolled: boolean }): Promise<readonly WorkerClient[]>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'install',
    listener: (event: {
      waitUntil(promise: Promise<unknown>): void;
      addRoutes?(rules: unknown): Promise<void>;
    }) => void,
  ): void;
  addEventListener(type: 'activate', listener: (event: { waitUntil(promise: Promise<unknown>): void }) => void): void;
  addEventListener(
    type: 'fetch',
    listener: (event: { request: Request; clientId: string; respondWith(response: Promise<Response>): void }) => void,
  ): void;
  addEventListener(
    type: 'message',
    listener: (event: { data: unknown; source: WorkerClient | null; ports: readonly MessagePort[] }) => void,
  ): void;
}
const scope = globalThis as unknown as WorkerScope;

/** How long a page has to say which scenario it shows before its call is answered for the default one. */
const ASK_TIMEOUT_MS = 1000;

const pages: MockPages = {
  post(clientId, message) {
    void scope.clients.get(clientId).then((client) => client?.postMessage(message));
  },
  async ask(clientId) {
    const client = await scope.clients.get(clientId);
    if (!client) return undefined;
    const channel = new MessageChannel();
    return new Promise<MockScenario | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), ASK_TIMEOUT_MS);
      channel.port1.onmessage = (event: MessageEvent<MockScenario>) => {
        clearTimeout(timer);
        resolve(event.data);
      };
      client.postMessage({ channel: MOCKS_CHANNEL, type: 'scenario?' }, [channel.port2]);
    });
  },
  async openIds() {
    return new Set((await scope.clients.matchAll({ includeUncontrolled: true })).map((client) => client.id));
  },
};

const answers = createMockAnswers(handlers, pages);

/**
 * Only /api/ calls come to the worker: the browser sends everything else (scripts, configs, the editor's
 * Monaco chunks) straight to the network without waking the worker (static routing, Chromium 123+).
 * Browsers without it dispatch every request here, and the fetch listener lets non-API ones through.
 */
const ROUTES = [
  { condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'fetch-event' },
  { condition: { urlPattern: new URLPattern({}) }, source: 'network' },
];

// Open pages are claimed at once, so a first visit's calls need not wait for a reload.
scope.addEventListener('install', (event) => {
  const routes = event.addRoutes?.(ROUTES);
  // Warmed before activating: once it controls the page, the page's scenario and first calls come at once, and
  // a warm-up then would hold them up. On a first visit the page is usually still evaluating its bundle here.
  event.waitUntil(
    Promise.all([
      scope.skipWaiting(),
      routes?.catch((error: unknown) => console.warn('[mocks] static routes not set', error)),
      answers.warmUp(location.origin),
    ]),
  );
});
scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()));

scope.addEventListener('message', (event) => {
  if (!isMocksMessage(event.data) || event.data.type !== 'scenario' || !event.source) return;
  answers.setScenario(event.source.id, (event.data as PageToWorker).scenario);
  event.ports[0]?.postMessage('ok');
});

scope.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.mode === 'navigate' || !isMockedApiUrl(request.url)) return;
  // The body can be read once: keep a copy for the pass-through in case no handler matches.
  const passThrough = request.clone();
  event.respondWith(answers.answer(request, event.clientId).then((response) => response ?? fetch(passThrough)));
});
