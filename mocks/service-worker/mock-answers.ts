import { getResponse, type RequestHandler } from 'msw';
import { errorResponse } from '../faults';
import { forwardRequestLog, type LoggedRequest } from '../request-log';
import { DEFAULT_MOCK_SCENARIO, lookUpScenarioWith, type MockScenario } from '../scenario';
import { MOCK_CLIENT_HEADER, MOCKS_CHANNEL, type WorkerToPage } from './protocol';

/** A path under /api/ that no handler matches (every handler is tried on it). */
export const WARM_UP_PATH = '/api/__mock-worker-warm-up__';

/** The pages the worker answers, as the worker sees them (a parameter, so Vitest can stand in for them). */
export interface MockPages {
  post(clientId: string, message: WorkerToPage): void;
  /** The page's scenario, or undefined when the page does not answer (a page that never started the mocks). */
  ask(clientId: string): Promise<MockScenario | undefined>;
  /** The ids of the pages still open, so the scenarios of closed ones can be dropped. */
  openIds(): Promise<ReadonlySet<string>>;
}

export interface MockAnswers {
  setScenario(clientId: string, scenario: MockScenario): void;
  /** The handlers' answer, or undefined when none matches (the worker then lets the request through). */
  answer(request: Request, clientId: string): Promise<Response | undefined>;
  /**
   * Runs the handlers' matching once on a request none of them takes, so the first real call does not pay
   * for compiling MSW's code paths. No handler answers it: nothing is logged, no page is asked.
   */
  warmUp(origin: string): Promise<void>;
  dispose(): void;
}

/**
 * The worker side of the mocks: the shared handlers answer every page, each for its own scenario, and
 * each request's log entry goes back to the page it came from. Running the handlers here rather than on
 * the page keeps their work (~120 ms of a first visit) off the page's main thread.
 */
export function createMockAnswers(handlers: readonly RequestHandler[], pages: MockPages): MockAnswers {
  // getResponse takes a mutable array; one copy serves every request.
  const handlerList = [...handlers];
  const scenarios = new Map<string, MockScenario>();
  // Pages asked for their scenario that gave none (the editor's own page): asked once, not on every call.
  const silent = new Set<string>();
  const sent = new WeakMap<LoggedRequest, { clientId: string; id: string }>();
  let nextId = 0;
  // Ids survive the page but not the worker: a restarted worker must not reuse an id a page still holds.
  const idPrefix = Math.random().toString(36).slice(2);
  const post = (clientId: string, message: DistributiveOmit<WorkerToPage, 'channel'>) =>
    pages.post(clientId, { channel: MOCKS_CHANNEL, ...message } as WorkerToPage);
  const clientOf = (request: Request) => request.headers.get(MOCK_CLIENT_HEADER) ?? '';

  forwardRequestLog({
    arrived(entry, request) {
      const to = { clientId: clientOf(request), id: `${idPrefix}-${nextId++}` };
      sent.set(entry, to);
      post(to.clientId, { type: 'arrived', id: to.id, entry: { ...entry } });
    },
    settled(entry) {
      const to = sent.get(entry);
      if (to) post(to.clientId, { type: 'settled', id: to.id, status: entry.status });
    },
  });

  /** The page's scenario: the one it sent, else asked for (a restarted worker forgot it); undefined if it has none. */
  async function scenarioOf(clientId: string): Promise<MockScenario | undefined> {
    const known = scenarios.get(clientId);
    if (known) return known;
    const asked = await pages.ask(clientId);
    if (asked) scenarios.set(clientId, asked);
    return asked;
  }

  /** Tells a page that started the mocks about a call no handler matches, asking it first if the worker restarted since. */
  async function reportUnhandled(request: Request, clientId: string): Promise<void> {
    if (silent.has(clientId)) return;
    if (await scenarioOf(clientId)) post(clientId, { type: 'unhandled', method: request.method, url: request.url });
    else silent.add(clientId);
  }

  lookUpScenarioWith(async (request) => (await scenarioOf(clientOf(request))) ?? DEFAULT_MOCK_SCENARIO);

  /** A long editor session opens a preview page per reload: forget the scenarios of pages that are gone. */
  async function forgetClosedPages(): Promise<void> {
    // Only ids known before asking: a page that sends its scenario meanwhile may be missing from the answer.
    const known = [...scenarios.keys(), ...silent];
    const open = await pages.openIds();
    for (const id of known) {
      if (open.has(id)) continue;
      scenarios.delete(id);
      silent.delete(id);
    }
  }

  return {
    setScenario(clientId, scenario) {
      scenarios.set(clientId, scenario);
      silent.delete(clientId);
      void forgetClosedPages().catch(() => undefined);
    },
    async answer(request, clientId) {
      const headers = new Headers(request.headers);
      headers.set(MOCK_CLIENT_HEADER, clientId);
      const tagged = new Request(request, { headers });
      try {
        const response = await getResponse(handlerList, tagged);
        // Only a page that started the mocks hears about it: the editor's own /api/ calls pass through quietly.
        // Not awaited: the pass-through must not wait for a page that may never answer.
        if (!response) void reportUnhandled(request, clientId);
        return response;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        post(clientId, { type: 'handler-error', method: request.method, url: request.url, message });
        return errorResponse(500, `The mock handler for ${request.method} ${request.url} failed: ${message}`);
      }
    },
    async warmUp(origin) {
      await getResponse(handlerList, new Request(new URL(WARM_UP_PATH, origin))).catch(() => undefined);
    },
    dispose() {
      forwardRequestLog(undefined);
      lookUpScenarioWith(undefined);
    },
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
