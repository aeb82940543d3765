/**
 * Connections held for sessions end with them (docs/workflow.md#presence): at once when the store tells of an end,
 * and at the next re-check for what it never told (a session that lapsed, a row deleted by hand). A store that
 * cannot answer keeps them open and is logged once. Over a store whose answers the test sets.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SessionConnections } from './session-connections';
import { SESSION_RECHECK_MS, SessionEndings, type SessionStore } from './sessions';

/** The part of a store SessionConnections uses: the ends it is told, and the sessions live() names. */
function fakeStore() {
  const endings = new SessionEndings();
  const state = { live: new Set<string>(), failing: false, asked: [] as string[][] };
  const store: Pick<SessionStore, 'live' | 'onEnded'> = {
    live: async (ids) => {
      state.asked.push([...ids]);
      if (state.failing) throw new Error('database down');
      return new Set(ids.filter((id) => state.live.has(id)));
    },
    onEnded: (listener) => endings.add(listener),
  };
  return { store: store as SessionStore, endings, state };
}

function connection() {
  let ended = 0;
  return { end: () => void ended++, ended: () => ended };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('ends every connection of a session the store says ended, at once, and no other', () => {
  const { store, endings, state } = fakeStore();
  const connections = new SessionConnections(store);
  state.live = new Set(['anna', 'ben']);
  const [tab1, tab2, ben] = [connection(), connection(), connection()];
  connections.hold('anna', tab1.end);
  connections.hold('anna', tab2.end);
  connections.hold('ben', ben.end);
  endings.ended('anna');
  expect([tab1.ended(), tab2.ended(), ben.ended()]).toEqual([1, 1, 0]);
  expect(connections.size).toBe(1);
  // Told again (this instance's own NOTIFY comes back): nothing is held for it any more.
  endings.ended('anna');
  expect(tab1.ended()).toBe(1);
});

it('the re-check ends what no notice announced, every SESSION_RECHECK_MS while something is held', async () => {
  const { store, state } = fakeStore();
  const connections = new SessionConnections(store);
  state.live = new Set(['anna', 'ben']);
  const [anna, ben] = [connection(), connection()];
  connections.hold('anna', anna.end);
  connections.hold('ben', ben.end);
  // Her session lapsed, or its row was deleted by hand.
  state.live.delete('anna');
  await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS - 1);
  expect(anna.ended()).toBe(0);
  await vi.advanceTimersByTimeAsync(1);
  expect([anna.ended(), ben.ended()]).toEqual([1, 0]);
  expect(state.asked).toEqual([['anna', 'ben']]);
});

it('asks nothing while nothing is held; a released connection is not asked about', async () => {
  const { store, state } = fakeStore();
  const connections = new SessionConnections(store);
  state.live = new Set(['anna']);
  const release = connections.hold('anna', connection().end);
  await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
  release();
  expect(connections.size).toBe(0);
  await vi.advanceTimersByTimeAsync(10 * SESSION_RECHECK_MS);
  expect(state.asked).toEqual([['anna']]);
});

it('a connection held while a re-check is under way is not ended by its answer', async () => {
  const { store, state } = fakeStore();
  let answer: (live: Set<string>) => void = () => undefined;
  store.live = () => new Promise((resolve) => (answer = resolve));
  const connections = new SessionConnections(store);
  const first = connection();
  connections.hold('anna', first.end);
  await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
  const late = connection();
  connections.hold('ben', late.end);
  answer(new Set(['anna']));
  await vi.advanceTimersByTimeAsync(0);
  expect([first.ended(), late.ended()]).toEqual([0, 0]);
  expect(state.asked).toEqual([]);
});

it('a store that cannot answer keeps the connections, is logged once, and is asked again', async () => {
  const { store, state } = fakeStore();
  const logged: string[] = [];
  const connections = new SessionConnections(store, {
    log: (error, what) => logged.push(`${what}: ${(error as Error).message}`),
  });
  const anna = connection();
  connections.hold('anna', anna.end);
  state.failing = true;
  await vi.advanceTimersByTimeAsync(3 * SESSION_RECHECK_MS);
  expect(anna.ended()).toBe(0);
  expect(logged).toEqual(['sessions: the re-check of long-lived connections failed; it is tried again: database down']);
  state.failing = false;
  await vi.advanceTimersByTimeAsync(SESSION_RECHECK_MS);
  expect(anna.ended()).toBe(1);
});

it('after close it hears no ends and asks nothing', async () => {
  const { store, endings, state } = fakeStore();
  const connections = new SessionConnections(store);
  const anna = connection();
  connections.hold('anna', anna.end);
  await connections.close();
  endings.ended('anna');
  await vi.advanceTimersByTimeAsync(5 * SESSION_RECHECK_MS);
  expect(anna.ended()).toBe(0);
  expect(state.asked).toEqual([]);
});
