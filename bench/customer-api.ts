/**
 * The customer build (VITE_MOCKS=off) has no mock worker: its same-origin /api/ calls (runtime/api/environment.ts,
 * the local environment) are answered from outside the page, by Playwright's routing with the shared MSW handlers
 * (mocks/handlers) in this process, for a scenario chosen here. Also a logged-in customer as a browser holds one:
 * tokens in local storage and the session hint cookie (docs/rendering.md#who-gets-what).
 */
import { getResponse } from 'msw';
import type { BrowserContext, Route } from '@playwright/test';
import { DEFAULT_API_HOSTS } from '../runtime/api/environment';
import { createLocalDevToken, TOKEN_STORAGE_KEYS } from '../runtime/session';
import { SESSION_HINT_COOKIE } from '../schemas/contracts/portal-state';
import { customerNumberFor, USER_ID } from '../mocks/fixtures/customers';
import { REFRESH_TOKEN_LIFETIME_S } from '../mocks/fixtures/tokens';
import { MOCK_ANSWER_HEADER } from '../mocks/faults';
import { handlers } from '../mocks/handlers';
import { clearRequestLog } from '../mocks/request-log';
import { DEFAULT_MOCK_SCENARIO, setMockScenario, type MockScenario } from '../mocks/scenario';

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

/**
 * A logged-in private customer, as the mocks know them (their customer number and user id): fresh tokens from
 * runtime/session's local-dev maker in local storage before the first page's scripts run, and the `ps_session=1`
 * cookie the server reads to render the private frame.
 */
export async function logInCustomer(context: BrowserContext, baseURL: string): Promise<void> {
  const customerNumber = customerNumberFor({ persona: 'customer' });
  const issuedAt = Date.now();
  const tokens = {
    [TOKEN_STORAGE_KEYS.accessToken]: createLocalDevToken({ issuedAt, customerNumber, sub: USER_ID }),
    [TOKEN_STORAGE_KEYS.refreshToken]: createLocalDevToken({ issuedAt, customerNumber, sub: USER_ID, lifetimeSeconds: REFRESH_TOKEN_LIFETIME_S }),
  };
  await context.addInitScript((entries) => {
    // Only before the first page: the app's own changes (a refresh, a logout) must stand on later loads.
    if (!localStorage.getItem(Object.keys(entries)[0]!)) for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, tokens);
  await context.addCookies([{ name: SESSION_HINT_COOKIE, value: '1', url: baseURL }]);
}
