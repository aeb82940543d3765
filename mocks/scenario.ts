import { SCENARIO_DEFAULTS, type PreviewScenario } from '../runtime/preview/preview-params';

/** What the handlers answer for: the preview scenario minus the page. Read at request time. */
export type MockScenario = Omit<PreviewScenario, 'page'> & { page?: PreviewScenario['page'] };

export const DEFAULT_MOCK_SCENARIO: MockScenario = { ...SCENARIO_DEFAULTS, persona: 'customer', data: [], faults: [] };

let current: MockScenario = DEFAULT_MOCK_SCENARIO;

export function setMockScenario(scenario: MockScenario): void {
  current = { ...scenario, data: [...scenario.data], faults: [...scenario.faults] };
}

export function getMockScenario(): MockScenario {
  return current;
}

export function resetMockScenario(): void {
  current = DEFAULT_MOCK_SCENARIO;
}
