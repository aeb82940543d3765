/**
 * Answers a Playwright context's /api/ calls with the mocks' handlers (mocks/handlers) in the Node process that
 * drives the browser, through Playwright's routing: for a page with no mock worker, the customer build
 * (VITE_MOCKS=off), whose same-origin calls (runtime/api/environment.ts, the local environment) would otherwise
 * reach the network. Used by the browser tests (tests/support/portal-session.ts) and the benchmarks
 * (bench/ssr-first-visit.bench.ts); here rather than in tests/ or bench/, which may not import each other.
 */
import { getResponse } from 'msw';
import type { BrowserContext, Route } from '@playwright/test';
import { DEFAULT_API_HOSTS } from '../runtime/api/environment';
import { MOCK_ANSWER_HEADER } from './faults';
import { handlers } from './handlers';
import { clearRequestLog } from './request-log';
import { DEFAULT_MOCK_SCENARIO, setMockScenario, type MockScenario } from './scenario';

/** What the routed calls came to: every call's path, and those the mocks refused or did not know. */
export interface ApiLog {
  calls: string[];
  refused: string[];
}

/** Every service root the local environment calls, as one URL pattern per root (all under /api/ today). */
const apiPatterns = () => [...new Set(Object.values(DEFAULT_API_HOSTS.local).map((root) => `**${root}/**`))];

/**
 * Answers the context's /api/ calls with the mocks' handlers for `scenario` (its latency is the handlers' own
 * delay before they answer: mocks/faults.ts). Static files and the portal pages are not routed: they come from
 * the server with no added latency. One scenario at a time: the handlers read a module-wide one (mocks/scenario.ts).
 */
export async function answerApiWithMocks(context: BrowserContext, scenario: Partial<MockScenario>): Promise<ApiLog> {
  setMockScenario({ ...DEFAULT_MOCK_SCENARIO, ...scenario });
  clearRequestLog();
  const log: ApiLog = { calls: [], refused: [] };
  const answer = async (route: Route) => {
    const sent = route.request();
    const path = new URL(sent.url()).pathname;
    log.calls.push(`${sent.method()} ${path}`);
    const body = sent.postDataBuffer();
    const request = new Request(sent.url(), { method: sent.method(), headers: await sent.allHeaders(), ...(body && sent.method() !== 'GET' ? { body: new Uint8Array(body) } : {}) });
    const response = await getResponse(handlers, request);
    if (!response || response.headers.get(MOCK_ANSWER_HEADER) === 'refused') log.refused.push(`${sent.method()} ${path} → ${response?.status ?? 'no handler'}`);
    if (!response) return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: `No mock handler for ${sent.method()} ${path}.` }) });
    await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) });
  };
  for (const pattern of apiPatterns()) await context.route(pattern, answer);
  return log;
}
