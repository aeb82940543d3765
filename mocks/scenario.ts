import { SCENARIO_DEFAULTS, type PreviewScenario } from '../schemas/contracts/preview-params';

/**
 * The mocks' one piece of state: which preview scenario the handlers answer for (docs/mocks.md).
 * Handlers read it at request time, so the preview can switch persona, data variants, latency or
 * faults without restarting the worker. The page is irrelevant to the wire data, hence optional.
 */
export type MockScenario = Omit<PreviewScenario, 'page'> & { page?: PreviewScenario['page'] };

/** SCENARIO_DEFAULTS with a logged-in private customer: what a test gets unless it says otherwise. */
export const DEFAULT_MOCK_SCENARIO: Readonly<MockScenario> = Object.freeze({
  ...SCENARIO_DEFAULTS,
  persona: 'customer',
  data: [],
  faults: [],
});

let current: MockScenario = copy(DEFAULT_MOCK_SCENARIO);

function copy(scenario: Readonly<MockScenario>): MockScenario {
  return {
    ...scenario,
    data: [...scenario.data],
    faults: scenario.faults.map((f) => ({ ...f })),
    ...(scenario.access ? { access: [...scenario.access] } : {}),
    ...(scenario.flags ? { flags: [...scenario.flags] } : {}),
  };
}

/** Replaces the whole scenario (a copy is kept, so later changes to the argument do not leak in). */
export function setMockScenario(scenario: Readonly<MockScenario>): void {
  current = copy(scenario);
}

/** Changes some fields and keeps the rest, e.g. `updateMockScenario({ latency: 200 })`. */
export function updateMockScenario(changes: Partial<MockScenario>): void {
  current = copy({ ...current, ...changes });
}

export function getMockScenario(): Readonly<MockScenario> {
  return current;
}

type ScenarioLookup = (request: Request) => Readonly<MockScenario> | Promise<Readonly<MockScenario>>;

let lookup: ScenarioLookup | undefined;

/**
 * The mock service worker answers several pages, each with its own scenario, so it looks the scenario up
 * per request (mocks/service-worker/); everywhere else there is one page or one test, and one scenario.
 */
export function lookUpScenarioWith(fn: ScenarioLookup | undefined): void {
  lookup = fn;
}

/** The scenario a request is answered for. */
export function scenarioFor(request: Request): Readonly<MockScenario> | Promise<Readonly<MockScenario>> {
  return lookup ? lookup(request) : current;
}

export function resetMockScenario(): void {
  current = copy(DEFAULT_MOCK_SCENARIO);
}
