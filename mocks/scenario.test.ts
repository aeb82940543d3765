import { describe, expect, it } from 'vitest';
import { SCENARIO_DEFAULTS } from '../schemas/contracts/preview-params';
import {
  DEFAULT_MOCK_SCENARIO,
  getMockScenario,
  resetMockScenario,
  setMockScenario,
  updateMockScenario,
  type MockScenario,
} from './scenario';

describe('scenario store', () => {
  it('defaults to SCENARIO_DEFAULTS with the customer persona', () => {
    resetMockScenario();
    expect(getMockScenario()).toEqual({ ...SCENARIO_DEFAULTS, persona: 'customer' });
    expect(Object.isFrozen(DEFAULT_MOCK_SCENARIO)).toBe(true);
  });

  it('keeps a copy, so changing the argument later does not leak in', () => {
    const scenario: MockScenario = {
      ...DEFAULT_MOCK_SCENARIO,
      data: ['no-unread'],
      faults: [{ endpoint: 'customer', kind: 500 }],
      access: ['pension'],
    };
    setMockScenario(scenario);
    scenario.data.push('restricted');
    scenario.faults[0]!.kind = 404;
    scenario.access!.push('dwm');
    expect(getMockScenario()).toMatchObject({
      data: ['no-unread'],
      faults: [{ endpoint: 'customer', kind: 500 }],
      access: ['pension'],
    });
  });

  it('updateMockScenario changes only the fields given; reset restores the default', () => {
    setMockScenario({ ...DEFAULT_MOCK_SCENARIO, persona: 'company', data: ['maintenance'] });
    updateMockScenario({ latency: 250 });
    expect(getMockScenario()).toMatchObject({ persona: 'company', data: ['maintenance'], latency: 250 });
    updateMockScenario({ access: undefined });
    expect(getMockScenario().access).toBeUndefined();
    resetMockScenario();
    expect(getMockScenario()).toEqual(DEFAULT_MOCK_SCENARIO);
    expect(getMockScenario()).not.toBe(DEFAULT_MOCK_SCENARIO);
  });
});
