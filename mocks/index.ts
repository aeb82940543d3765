/**
 * The mocks' public API for tests and tools (docs/mocks.md). The browser worker (mocks/browser.ts) and the
 * Node server (mocks/node.ts) are imported from their own modules, so neither pulls in the other.
 */
export { handlers } from './handlers';
export {
  DEFAULT_MOCK_SCENARIO,
  getMockScenario,
  resetMockScenario,
  setMockScenario,
  updateMockScenario,
  type MockScenario,
} from './scenario';
export { clearRequestLog, getRequestLog, type LoggedRequest } from './request-log';
export { mintTokenPair, mintTokens, tokenCustomerNumber } from './fixtures/tokens';
export { COMPANY_BAC, PARTNER_DISTRIBUTOR, PRIVATE_BAC, USER_ID } from './fixtures/customers';
export { endpointPattern, MALFORMED_BODY } from './faults';
