/**
 * Answers /api/ calls with the mocks' handlers (mocks/handlers) outside the page, in a Node process: for a page with
 * no mock worker, the customer build (VITE_MOCKS=off), whose same-origin calls (runtime/api/environment.ts, the
 * local environment) would otherwise reach the network. Through Playwright's routing for the browser tests
 * (tests/support/portal-session.ts) and the visitor rows of the benchmarks (bench/ssr-first-visit.bench.ts), or
 * over HTTP by the benchmark's customer origin (bench/customer-origin-process.ts). Here rather than in tests/ or
 * bench/, which may not import each other.
 */
import { getResponse } from 'msw';
import type { BrowserContext, Route } from '@playwright/test';
import { DEFAULT_API_HOSTS } from '../runtime/api/environment';
import { MOCK_ANSWER_HEADER } from './faults';
import { handlers } from './handlers';
import { clearRequestLog } from './request-log';
import { DEFAULT_MOCK_SCENARIO, setMockScenario, type MockScenario } from './scenario';

/** What the answered calls came to: every call's path, and those the mocks refused or did not know. */
export interface ApiLog {
  calls: string[];
  refused: string[];
}

/** The local environment's service roots (all under /api/ today): the paths answered here. */
export const API_ROOTS: readonly string[] = [...new Set(Object.values(DEFAULT_API_HOSTS.local))];

/**
 * Makes the handlers answer for `scenario` from now on (its latency is their own delay before they answer:
 * mocks/faults.ts) and returns a fresh log. One scenario at a time: the handlers read a module-wide one
 * (mocks/scenario.ts).
 */
export function answerFor(scenario: Partial<MockScenario>): ApiLog {
  setMockScenario({ ...DEFAULT_MOCK_SCENARIO, ...scenario });
  clearRequestLog();
  return { calls: [], refused: [] };
}

/** The handlers' answer to `request`, logged in `log`; a JSON 404 naming the call when no handler knows it. */
export async function answerWithMocks(request: Request, log: ApiLog): Promise<Response> {
  const call = `${request.method} ${new URL(request.url).pathname}`;
  log.calls.push(call);
  const response = await getResponse(handlers, request);
  if (!response || response.headers.get(MOCK_ANSWER_HEADER) === 'refused')
    log.refused.push(`${call} → ${response?.status ?? 'no handler'}`);
  return response ?? Response.json({ error: `No mock handler for ${call}.` }, { status: 404 });
}

/**
 * Answers the context's /api/ calls with the mocks' handlers for `scenario`, through Playwright's routing. Static
 * files and the portal pages are not routed: they come from the server with no added latency.
 */
export async function answerApiWithMocks(context: BrowserContext, scenario: Partial<MockScenario>): Promise<ApiLog> {
  const log = answerFor(scenario);
  const answer = async (route: Route) => {
    const sent = route.request();
    const body = sent.postDataBuffer();
    const request = new Request(sent.url(), {
      method: sent.method(),
      headers: await sent.allHeaders(),
      ...(body && sent.method() !== 'GET' ? { body: new Uint8Array(body) } : {}),
    });
    const response = await answerWithMocks(request, log);
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  };
  for (const root of API_ROOTS) await context.route(`**${root}/**`, answer);
  return log;
}
