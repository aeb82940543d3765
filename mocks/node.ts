import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { handlers } from './handlers';
import { clearRequestLog } from './request-log';
import { resetMockScenario } from './scenario';

/** The shared handlers in Node (Vitest); relative URLs work under jsdom. */
export const server = setupServer(...handlers);

/**
 * For a Vitest file: listen before all tests (an unhandled request fails the test), and after each test
 * drop per-test handler overrides (server.use), reset the scenario to DEFAULT_MOCK_SCENARIO and clear the
 * request log; close after all.
 */
export function useMockServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    resetMockScenario();
    clearRequestLog();
  });
  afterAll(() => server.close());
}
