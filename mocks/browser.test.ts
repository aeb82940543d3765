// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleWorkerMessage } from './browser';
import { clearRequestLog, countArrivals } from './request-log';
import { DEFAULT_MOCK_SCENARIO, resetMockScenario, setMockScenario } from './scenario';
import { MOCKS_CHANNEL } from './service-worker/protocol';

const entry = {
  endpoint: 'customer' as const,
  method: 'GET',
  url: 'http://127.0.0.1/api/customer-account/customers/4711-0815',
  at: 1,
  status: 'pending' as const,
};
const arrived = (id: string) => ({ channel: MOCKS_CHANNEL, type: 'arrived', id, entry });

afterEach(() => {
  clearRequestLog();
  resetMockScenario();
});

describe("the page's side of the mock service worker", () => {
  it("mirrors the worker's log into window.__portalShellMocks.requests, answers filled in place", () => {
    handleWorkerMessage(arrived('w-1'));
    const requests = window.__portalShellMocks!.requests;
    expect(requests).toEqual([entry]);
    handleWorkerMessage({ channel: MOCKS_CHANNEL, type: 'settled', id: 'w-1', status: 503 });
    expect(requests[0]!.status).toBe(503);
  });

  it('counts mirrored arrivals, so the preview can wait for a round to reach the handlers', async () => {
    const counter = countArrivals();
    let resolved = false;
    const waiting = counter.arrived(2, 10_000).then(() => (resolved = true));
    handleWorkerMessage(arrived('w-2'));
    await Promise.resolve();
    expect(resolved).toBe(false);
    handleWorkerMessage(arrived('w-3'));
    await waiting;
    expect(resolved).toBe(true);
  });

  it("answers the worker's question with this page's scenario", () => {
    setMockScenario({ ...DEFAULT_MOCK_SCENARIO, persona: 'company', latency: 250 });
    const port = { postMessage: vi.fn() } as unknown as MessagePort;
    handleWorkerMessage({ channel: MOCKS_CHANNEL, type: 'scenario?' }, [port]);
    expect(port.postMessage).toHaveBeenCalledWith(expect.objectContaining({ persona: 'company', latency: 250 }));
  });

  it('fails loudly on a call no handler matches, naming it and where to add it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    handleWorkerMessage({
      channel: MOCKS_CHANNEL,
      type: 'unhandled',
      method: 'GET',
      url: 'http://127.0.0.1/api/nothing',
    });
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/GET http:\/\/127\.0\.0\.1\/api\/nothing has no mock handler: .*mocks\/handlers/),
    );
  });

  it("ignores other scripts' messages and answers for requests it never saw", () => {
    handleWorkerMessage({ type: 'arrived', id: 'x', entry });
    handleWorkerMessage('MOCKING_ENABLED');
    handleWorkerMessage({ channel: MOCKS_CHANNEL, type: 'settled', id: 'never-arrived', status: 200 });
    expect(window.__portalShellMocks!.requests).toEqual([]);
  });
});
