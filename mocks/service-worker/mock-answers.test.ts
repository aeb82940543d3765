import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callUrl } from '../__fixtures__/calls';
import { handlers } from '../handlers';
import { getRequestLog, logRequest } from '../request-log';
import { DEFAULT_MOCK_SCENARIO, type MockScenario } from '../scenario';
import { createMockAnswers, WARM_UP_PATH, type MockAnswers, type MockPages } from './mock-answers';
import type { WorkerToPage } from './protocol';

const ORIGIN = 'http://127.0.0.1:5173';
const customerRequest = () =>
  new Request(`${ORIGIN}${callUrl('customer')}`, { headers: { accept: 'application/json' } });
const scenario = (over: Partial<MockScenario>): MockScenario => ({ ...DEFAULT_MOCK_SCENARIO, ...over });

/** Pages as the worker sees them: what each was sent, and what each answers when asked for its scenario. */
/** Every page stays open unless a test lists the open ones. */
class AllOpen extends Set<string> {
  override has(): boolean {
    return true;
  }
}

function fakePages(answers: Record<string, MockScenario | undefined> = {}, open?: () => string[]) {
  const sent: { clientId: string; message: WorkerToPage }[] = [];
  const pages: MockPages & { sent: typeof sent } = {
    sent,
    post: (clientId, message) => void sent.push({ clientId, message }),
    ask: vi.fn(async (clientId: string) => answers[clientId]),
    openIds: vi.fn(async () => (open ? new Set(open()) : new AllOpen())),
  };
  return pages;
}

let answers: MockAnswers | undefined;
afterEach(() => answers?.dispose());

describe('createMockAnswers', () => {
  it('answers each page for its own scenario', async () => {
    const pages = fakePages();
    answers = createMockAnswers(handlers, pages);
    answers.setScenario('broken', scenario({ faults: [{ endpoint: 'customer', kind: 500 }] }));
    answers.setScenario('fine', scenario({}));
    const [broken, fine] = await Promise.all([
      answers.answer(customerRequest(), 'broken'),
      answers.answer(customerRequest(), 'fine'),
    ]);
    expect(broken?.status).toBe(500);
    expect(fine?.status).toBe(200);
    expect(((await fine!.json()) as { bacNumber: string }).bacNumber).toBe('4711-0815');
  });

  it('warms up on a request no handler takes: nothing is sent, no page asked, nothing logged', async () => {
    const pages = fakePages();
    answers = createMockAnswers(handlers, pages);
    // The warm-up path must stay unmatched, or warming up would log a call and ask a page for its scenario.
    for (const handler of handlers)
      expect(await handler.test({ request: new Request(`${ORIGIN}${WARM_UP_PATH}`) })).toBe(false);
    await answers.warmUp(ORIGIN);
    expect(pages.sent).toEqual([]);
    expect(pages.ask).not.toHaveBeenCalled();
    expect(getRequestLog()).toHaveLength(0);
    answers.setScenario('page', scenario({}));
    expect((await answers.answer(customerRequest(), 'page'))?.status).toBe(200);
  });

  it('sends each log entry to the page the request came from: arrival, then the answer under the same id', async () => {
    const pages = fakePages();
    answers = createMockAnswers(handlers, pages);
    answers.setScenario('page-a', scenario({ faults: [{ endpoint: 'customer', kind: 503 }] }));
    await answers.answer(customerRequest(), 'page-a');
    expect(pages.sent.map((s) => s.clientId)).toEqual(['page-a', 'page-a']);
    const [arrived, settled] = pages.sent.map((s) => s.message);
    expect(arrived).toMatchObject({
      type: 'arrived',
      entry: { endpoint: 'customer', method: 'GET', status: 'pending' },
    });
    expect(settled).toMatchObject({ type: 'settled', status: 503 });
    expect(arrived && 'id' in arrived && settled && 'id' in settled && arrived.id === settled.id).toBe(true);
    // The worker keeps no log of its own: the page's is the one tests read.
    expect(getRequestLog()).toHaveLength(0);
  });

  it('asks a page it has no scenario for (a restarted worker) once, and keeps the answer', async () => {
    const pages = fakePages({ 'page-b': scenario({ faults: [{ endpoint: 'customer', kind: 410 }] }) });
    answers = createMockAnswers(handlers, pages);
    expect((await answers.answer(customerRequest(), 'page-b'))?.status).toBe(410);
    expect((await answers.answer(customerRequest(), 'page-b'))?.status).toBe(410);
    expect(pages.ask).toHaveBeenCalledTimes(1);
  });

  it('answers a page that does not say its scenario for the default one', async () => {
    answers = createMockAnswers(handlers, fakePages());
    expect((await answers.answer(customerRequest(), 'silent'))?.status).toBe(200);
  });

  it('lets a call no handler matches through, and tells only a page that started the mocks', async () => {
    const pages = fakePages();
    answers = createMockAnswers(handlers, pages);
    answers.setScenario('preview', scenario({}));
    const unknown = () => new Request(`${ORIGIN}/api/nothing-here`);
    expect(await answers.answer(unknown(), 'preview')).toBeUndefined();
    expect(await answers.answer(unknown(), 'editor')).toBeUndefined();
    expect(pages.sent).toEqual([
      {
        clientId: 'preview',
        message: { channel: 'portal-shell-mocks', type: 'unhandled', method: 'GET', url: `${ORIGIN}/api/nothing-here` },
      },
    ]);
  });

  it('after a restart, asks a page before telling it about a call no handler matches', async () => {
    const pages = fakePages({ preview: scenario({}) });
    answers = createMockAnswers(handlers, pages);
    expect(await answers.answer(new Request(`${ORIGIN}/api/nothing-here`), 'preview')).toBeUndefined();
    await vi.waitFor(() => expect(pages.sent.map((s) => s.message.type)).toEqual(['unhandled']));
    expect(pages.ask).toHaveBeenCalledWith('preview');
  });

  it('asks a page that never started the mocks once, however many of its calls pass through', async () => {
    const pages = fakePages();
    answers = createMockAnswers(handlers, pages);
    for (let i = 0; i < 3; i++)
      expect(await answers.answer(new Request(`${ORIGIN}/api/documents`), 'editor')).toBeUndefined();
    await vi.waitFor(() => expect(pages.ask).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pages.ask).toHaveBeenCalledTimes(1);
    expect(pages.sent).toEqual([]);
  });

  it('forgets the scenario of a closed page when another page sends its own', async () => {
    let open = ['closing'];
    const pages = fakePages({}, () => open);
    answers = createMockAnswers(handlers, pages);
    answers.setScenario('closing', scenario({ faults: [{ endpoint: 'customer', kind: 500 }] }));
    open = ['next'];
    answers.setScenario('next', scenario({}));
    await vi.waitFor(() => expect(pages.openIds).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Forgotten: the worker asks again (the closed page cannot answer) and answers for the default scenario.
    expect((await answers.answer(customerRequest(), 'closing'))?.status).toBe(200);
    expect(pages.ask).toHaveBeenCalledWith('closing');
    expect((await answers.answer(customerRequest(), 'next'))?.status).toBe(200);
    expect(pages.ask).not.toHaveBeenCalledWith('next');
  });

  it('turns a handler that throws into a 500 that names the call, and tells the page', async () => {
    const pages = fakePages();
    const throwing = http.get('*/api/boom', () => {
      throw new Error('fixture missing');
    });
    answers = createMockAnswers([throwing, ...handlers], pages);
    const response = await answers.answer(new Request(`${ORIGIN}/api/boom`), 'page-c');
    expect(response?.status).toBe(500);
    expect(await response!.json()).toEqual({
      error: `The mock handler for GET ${ORIGIN}/api/boom failed: fixture missing`,
    });
    expect(pages.sent.at(-1)?.message).toMatchObject({ type: 'handler-error', message: 'fixture missing' });
  });

  it('reports a timeout fault as settled for good, without an answer', async () => {
    const pages = fakePages();
    answers = createMockAnswers(handlers, pages);
    answers.setScenario('slow', scenario({ faults: [{ endpoint: 'customer', kind: 'timeout' }] }));
    void answers.answer(customerRequest(), 'slow');
    await vi.waitFor(() => expect(pages.sent.at(-1)?.message).toMatchObject({ type: 'settled', status: 'timeout' }));
  });

  it('leaves the log to the page again once disposed', () => {
    answers = createMockAnswers([http.get('*/x', () => HttpResponse.json({}))], fakePages());
    answers.dispose();
    answers = undefined;
    logRequest({ endpoint: 'customer', method: 'GET', url: '/api/x', at: 0 }, customerRequest());
    expect(getRequestLog()).toHaveLength(1);
  });
});
