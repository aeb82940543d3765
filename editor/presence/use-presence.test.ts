// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { FakeEventSource, snapshotData } from './testing/fake-event-source';
import { PRESENCE_RETRY_MS, usePresence } from './use-presence';

beforeEach(() => FakeEventSource.install());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('opens the stream for the document (or none), with the session cookie, and follows its snapshots', () => {
  const { result, rerender, unmount } = renderHook(({ id }: { id: 'de-DE' | null }) => usePresence(id), {
    initialProps: { id: 'de-DE' },
  });
  expect(FakeEventSource.last.url).toBe('/api/presence/stream?document=de-DE');
  expect(FakeEventSource.last.withCredentials).toBe(true);
  act(() => FakeEventSource.last.emit('presence', snapshotData([{ username: 'anna', document: 'de-DE' }])));
  expect(result.current.map((e) => e.username)).toEqual(['anna']);
  // Something that is not a snapshot changes nothing.
  act(() => FakeEventSource.last.emit('presence', '{"entries": 7}'));
  expect(result.current.map((e) => e.username)).toEqual(['anna']);

  const first = FakeEventSource.last;
  rerender({ id: null });
  expect(first.readyState).toBe(FakeEventSource.CLOSED);
  expect(FakeEventSource.last.url).toBe('/api/presence/stream');
  expect(result.current).toEqual([]);
  unmount();
  expect(FakeEventSource.last.readyState).toBe(FakeEventSource.CLOSED);
});

it('shows nobody while the stream is down; after a refusal it opens a new one, backing off', () => {
  vi.useFakeTimers();
  const { result } = renderHook(() => usePresence(null));
  act(() => FakeEventSource.last.emit('presence', snapshotData([{ username: 'anna', document: 'de-DE' }])));
  // A dropped connection: EventSource retries by itself, so no new one.
  act(() => FakeEventSource.last.fail(false));
  expect(result.current).toEqual([]);
  expect(FakeEventSource.opened).toHaveLength(1);
  // A refusal: it gave up, so the hook opens a new one after the delay, doubling each time.
  act(() => FakeEventSource.last.fail(true));
  act(() => vi.advanceTimersByTime(PRESENCE_RETRY_MS.first - 1));
  expect(FakeEventSource.opened).toHaveLength(1);
  act(() => vi.advanceTimersByTime(1));
  expect(FakeEventSource.opened).toHaveLength(2);
  act(() => FakeEventSource.last.fail(true));
  act(() => vi.advanceTimersByTime(PRESENCE_RETRY_MS.first * 2 - 1));
  expect(FakeEventSource.opened).toHaveLength(2);
  act(() => vi.advanceTimersByTime(1));
  expect(FakeEventSource.opened).toHaveLength(3);
  act(() => FakeEventSource.last.emit('presence', snapshotData([{ username: 'ben', document: null }])));
  expect(result.current.map((e) => e.username)).toEqual(['ben']);
});
