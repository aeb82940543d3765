// @vitest-environment jsdom
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useMockServer } from '../../mocks/node';
import { countArrivals, getRequestLog } from '../../mocks/request-log';
import { setMockScenario } from '../../mocks/scenario';
import { mintTokens } from '../../mocks/fixtures/tokens';
import { SCENARIO_DEFAULTS, type PreviewScenario } from '../../schemas/contracts/preview-params';
import { getAppServices } from './app-services';
import { prepareScenario, prepareScenarioFromUrl, SETTLE_WAIT_MS } from './prepare-scenario';
import { applyMockScenario } from './start-mocks';

// The browser worker cannot start under jsdom; the Node server (useMockServer) answers the same handlers.
vi.mock('./start-mocks', () => ({
  MOCKS_ENABLED: true,
  applyMockScenario: vi.fn(async (scenario: PreviewScenario) => {
    setMockScenario(scenario);
    return mintTokens(scenario);
  }),
  countMockArrivals: async () => countArrivals(),
}));

useMockServer();

// prepareScenario remembers the scenario it prepared last: each test uses a latency of its own.
let nextLatency = 1;
const scenario = (over: Partial<PreviewScenario> = {}): PreviewScenario => ({
  ...SCENARIO_DEFAULTS,
  persona: 'customer',
  latency: nextLatency,
  ...over,
});

beforeEach(() => {
  nextLatency += 1;
  vi.mocked(applyMockScenario).mockClear();
});

describe('prepareScenario: one set of tokens and one round of calls per simulated customer', () => {
  it('starts the header calls for a logged-in persona before anything renders', async () => {
    const prepared = await prepareScenario(scenario());
    expect(getAppServices().tokenStore.getClaims()?.customer_number).toBe('4711-0815');
    // Ready only once the handlers hold round one, so the first render overlaps the simulated latency.
    expect(
      getRequestLog()
        .map((r) => r.endpoint)
        .sort(),
    ).toEqual(['accounts', 'customer', 'deposit-types', 'products', 'unread-count']);
    // Both rounds, answered, without a component asking: nothing is left in flight for the next test.
    const header = [
      'customer',
      'accounts',
      'unread-count',
      'deposit-types',
      'products',
      'account',
      'product-types',
      'product-instances',
      'pension-products',
    ];
    await waitFor(() =>
      expect(
        getRequestLog()
          .filter((r) => r.status === 200)
          .map((r) => r.endpoint)
          .sort(),
      ).toEqual(header.sort()),
    );
    expect(prepared.prefetch.size).toBe(header.length);
  });

  it('is settled once round one is answered and round two is with the handlers, so a long render then delays neither', async () => {
    const prepared = await prepareScenario(scenario({ latency: 40 }));
    const roundOne = ['customer', 'accounts', 'unread-count', 'deposit-types', 'products'];
    expect(getRequestLog().every((r) => r.status === 'pending')).toBe(true);
    const before = Date.now();
    await prepared.settled;
    const answered = getRequestLog().filter((r) => roundOne.includes(r.endpoint) && r.status === 200);
    // Only a machine stalled past the cap (a slow scenario renders its skeletons instead) may settle early.
    if (Date.now() - before < SETTLE_WAIT_MS) {
      expect(answered).toHaveLength(roundOne.length);
      expect(getRequestLog().map((r) => r.endpoint)).toEqual(
        expect.arrayContaining(['account', 'product-types', 'product-instances', 'pension-products']),
      );
    }
  });

  it('a visitor has nothing to wait for: settled at once', async () => {
    const prepared = await prepareScenario(scenario({ persona: 'visitor' }));
    await expect(prepared.settled).resolves.toBeUndefined();
    expect(getRequestLog()).toHaveLength(0);
  });

  it('asked again for the same customer (another page, other flags), hands out the same preparation', async () => {
    const first = prepareScenario(scenario({ persona: 'visitor', page: 'home' }));
    const again = prepareScenario(scenario({ persona: 'visitor', page: 'dashboard', flags: ['showCountdown'] }));
    expect(again).toBe(first);
    await first;
    expect(applyMockScenario).toHaveBeenCalledTimes(1);
  });

  it('another persona is prepared afresh, with its own tokens', async () => {
    const visitor = await prepareScenario(scenario({ persona: 'visitor' }));
    expect(getAppServices().tokenStore.getClaims()).toBeNull();
    expect(visitor.prefetch.size).toBe(0);
    await prepareScenario(scenario({ persona: 'visitor', data: ['missing-iban'] }));
    expect(applyMockScenario).toHaveBeenCalledTimes(2);
  });

  it('a failed start is forgotten, so asking again retries', async () => {
    vi.mocked(applyMockScenario).mockRejectedValueOnce(new Error('worker gone'));
    const failing = scenario({ persona: 'visitor' });
    await expect(prepareScenario(failing)).rejects.toThrow('worker gone');
    await expect(prepareScenario(failing)).resolves.toMatchObject({ dataKey: expect.any(String) });
    expect(applyMockScenario).toHaveBeenCalledTimes(2);
  });
});

describe('prepareScenarioFromUrl: the early start in main.tsx', () => {
  const url = (query: string) => new URL(`/preview?${query}`, 'http://portal.test');

  it('prepares a shared link at once, whatever its flags (the registry is not loaded yet)', async () => {
    prepareScenarioFromUrl(url(`persona=visitor&page=dashboard&latency=${nextLatency}&flags=noSuchFlag`));
    expect(applyMockScenario).toHaveBeenCalledTimes(1);
    expect(vi.mocked(applyMockScenario).mock.calls[0]![0]).toMatchObject({
      persona: 'visitor',
      page: 'dashboard',
      latency: nextLatency,
    });
  });

  it('leaves the editor iframe, other paths and links with bad parameters to the routes', () => {
    prepareScenarioFromUrl(url('persona=customer&source=editor'));
    prepareScenarioFromUrl(new URL('/de-de/dashboard/', 'http://portal.test'));
    prepareScenarioFromUrl(url('persona=nobody'));
    prepareScenarioFromUrl(url('locale=xx-XX'));
    expect(applyMockScenario).not.toHaveBeenCalled();
  });
});
