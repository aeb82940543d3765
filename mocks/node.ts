import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { handlers } from './handlers';
import { clearRequestLog } from './request-log';
import { resetMockScenario } from './scenario';

export const server = setupServer(...handlers);

/** For Vitest files: listen (unhandled calls fail the test), reset scenario, log and overrides after each test. */
export function useMockServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    resetMockScenario();
    clearRequestLog();
  });
  afterAll(() => server.close());
}
