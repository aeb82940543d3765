// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { API_CALLS, ENDPOINT_IDS, FAULT_ENDPOINTS } from '../schemas/contracts/api-calls';
import { parsePreviewParams } from '../schemas/contracts/preview-params';
import { call } from './__fixtures__/calls';
import { applyScenario, MOCK_ANSWER_HEADER } from './faults';
import { useMockServer } from './node';
import { getRequestLog } from './request-log';
import { DEFAULT_MOCK_SCENARIO, setMockScenario, type MockScenario } from './scenario';

useMockServer();

/** The status each call of the table answers its sample call with, under the given fault= value. */
async function statusesUnder(fault: string): Promise<Record<string, number>> {
  const { scenario, errors } = parsePreviewParams(`fault=${fault}`, []);
  expect(errors).toEqual([]);
  setMockScenario({ ...DEFAULT_MOCK_SCENARIO, faults: scenario.faults });
  const statuses: Record<string, number> = {};
  for (const id of ENDPOINT_IDS) {
    const response = await call(id);
    statuses[id] = response.headers.get(MOCK_ANSWER_HEADER) === 'fault' ? response.status : 0;
  }
  return statuses;
}

describe('fault= names come from the table of calls', () => {
  it('every call is answered by its own handler, logged under its id', async () => {
    for (const id of ENDPOINT_IDS) expect((await call(id)).status, id).toBeLessThan(300);
    expect(getRequestLog().map((r) => r.endpoint)).toEqual(ENDPOINT_IDS);
  });

  it.each(FAULT_ENDPOINTS.filter((name) => name !== 'tracking'))(
    'fault=%s:503 breaks exactly the calls the table gives that name',
    async (name) => {
      const broken = Object.entries(await statusesUnder(`${name}:503`))
        .filter(([, status]) => status === 503)
        .map(([id]) => id);
      expect(broken).toEqual(ENDPOINT_IDS.filter((id) => API_CALLS[id].fault === name));
    },
  );

  it('one name covers both variants of refresh and of logout; switch-account has none', async () => {
    expect(
      Object.entries(await statusesUnder('token-refresh:500,logout:500'))
        .filter(([, status]) => status === 500)
        .map(([id]) => id),
    ).toEqual(['token-refresh', 'oidc-token', 'logout', 'oidc-logout']);
    expect(API_CALLS['switch-account'].fault).toBeNull();
  });

  it('fault=tracking breaks no HTTP call', async () => {
    expect(Object.values(await statusesUnder('tracking:500')).every((status) => status === 0)).toBe(true);
  });
});

describe('the scenario latency (applyScenario)', () => {
  /** When applyScenario's answer settles, in fake ms, for an answer that takes `making` ms to make. */
  async function settlesAt(
    latency: number,
    making: number,
    faults: MockScenario['faults'] = [],
  ): Promise<{ at: number; timedOutAt: number }> {
    vi.useFakeTimers();
    try {
      const times = { at: Number.NaN, timedOutAt: Number.NaN };
      const resolve = () => new Promise<Response>((done) => setTimeout(() => done(new Response('{}')), making));
      const input = {
        request: new Request('http://127.0.0.1/api/x'),
        params: {},
        scenario: { ...DEFAULT_MOCK_SCENARIO, latency, faults },
      };
      void applyScenario('customer', input, resolve, () => (times.timedOutAt = Date.now() - start)).then(
        () => (times.at = Date.now() - start),
      );
      const start = Date.now();
      await vi.advanceTimersByTimeAsync(1_000);
      return times;
    } finally {
      vi.useRealTimers();
    }
  }

  it('answers when the latency has passed, never sooner', async () => {
    expect((await settlesAt(100, 0)).at).toBe(100);
  });

  it("makes the answer during the latency: the mocks' own work does not add to it", async () => {
    expect((await settlesAt(100, 60)).at).toBe(100);
    expect((await settlesAt(100, 150)).at).toBe(150);
  });

  it('a timeout fault reports its timeout once the latency has passed, and never answers', async () => {
    const { scenario } = parsePreviewParams('fault=customer:timeout', []);
    const times = await settlesAt(100, 0, scenario.faults);
    expect(times.timedOutAt).toBe(100);
    expect(times.at).toBeNaN();
  });
});
