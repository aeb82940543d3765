import type { PresenceEntry, PresenceSnapshot } from '../../schemas/contracts/index';
import { HEARTBEAT, PresenceHub, type PresenceExchange, type PresenceSink } from './presence-hub';

/** A sink that keeps what it was sent: the presence snapshots in order, the heartbeats counted. */
function recorder() {
  const snapshots: PresenceSnapshot[] = [];
  let heartbeats = 0;
  let ended = false;
  const sink: PresenceSink = {
    write(chunk) {
      if (chunk === HEARTBEAT) heartbeats++;
      else snapshots.push(JSON.parse(/^event: presence\ndata: (.*)\n\n$/.exec(chunk)![1]!) as PresenceSnapshot);
    },
    end() {
      ended = true;
    },
  };
  return { sink, snapshots, last: () => snapshots.at(-1), heartbeats: () => heartbeats, ended: () => ended };
}

const who = (s: PresenceSnapshot | undefined) => s?.entries.map((e) => `${e.username}@${e.document ?? '-'}`);

let clock = 0;
const now = () => new Date(Date.UTC(2026, 0, 1) + clock++ * 1000);

it('sends the picture at connect and every change to everyone, and nothing when nothing changed', () => {
  const hub = new PresenceHub({}, now);
  const dashboard = recorder();
  hub.open('product-owner', null, dashboard.sink);
  expect(who(dashboard.last())).toEqual(['product-owner@-']);

  const anna = recorder();
  const closeAnna = hub.open('anna', 'de-DE', anna.sink);
  expect(who(anna.last())).toEqual(['anna@de-DE', 'product-owner@-']);
  expect(who(dashboard.last())).toEqual(['anna@de-DE', 'product-owner@-']);

  // A second tab on the same document: the newcomer hears the picture, the others hear nothing new.
  const annaAgain = recorder();
  const closeAgain = hub.open('anna', 'de-DE', annaAgain.sink);
  expect(annaAgain.snapshots).toHaveLength(1);
  expect(dashboard.snapshots).toHaveLength(2);

  // The entry lasts while any of her streams on de-DE is open, and keeps the earliest time.
  const since = dashboard.last()!.entries[0]!.since;
  if (!closeAgain.ok || !closeAnna.ok) throw new Error('opened');
  closeAnna.close();
  expect(dashboard.snapshots).toHaveLength(3);
  expect(who(dashboard.last())).toEqual(['anna@de-DE', 'product-owner@-']);
  expect(dashboard.last()!.entries[0]!.since > since).toBe(true);
  closeAgain.close();
  expect(who(dashboard.last())).toEqual(['product-owner@-']);
  expect(anna.ended()).toBe(true);
  hub.close();
});

it('caps streams per user and in total, and says which cap refused', () => {
  const hub = new PresenceHub({ perUser: 2, total: 3 }, now);
  expect(hub.open('anna', null, recorder().sink).ok).toBe(true);
  expect(hub.open('anna', 'de-DE', recorder().sink).ok).toBe(true);
  const third = hub.open('anna', 'fr-FR', recorder().sink);
  expect(third).toMatchObject({
    ok: false,
    reason: 'user-limit',
    message: 'anna already has 2 presence streams open (at most 2): close some editor tabs',
  });
  expect(hub.open('ben', null, recorder().sink).ok).toBe(true);
  expect(hub.open('carla', null, recorder().sink)).toMatchObject({ ok: false, reason: 'total-limit' });
  expect(hub.size).toBe(3);
  hub.close();
});

// A stream whose session ends is ended by auth/session-connections.ts (session-connections.test.ts).
it('sends a heartbeat comment on every interval to every stream', async () => {
  vi.useFakeTimers();
  try {
    const hub = new PresenceHub({ heartbeatMs: 15_000 }, now);
    const viewer = recorder();
    const anna = recorder();
    hub.open('product-owner', null, viewer.sink);
    hub.open('anna', 'de-DE', anna.sink);
    await vi.advanceTimersByTimeAsync(14_999);
    expect(viewer.heartbeats()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(viewer.heartbeats()).toBe(1);
    expect(anna.heartbeats()).toBe(1);
    await vi.advanceTimersByTimeAsync(15_000);
    expect([viewer.heartbeats(), anna.heartbeats()]).toEqual([2, 2]);
    hub.close();
  } finally {
    vi.useRealTimers();
  }
});

it('closing ends every stream and refuses new ones', () => {
  const hub = new PresenceHub({}, now);
  const a = recorder();
  const b = recorder();
  hub.open('anna', 'de-DE', a.sink);
  hub.open('ben', null, b.sink);
  hub.close();
  expect([a.ended(), b.ended()]).toEqual([true, true]);
  expect(hub.size).toBe(0);
  expect(hub.open('carla', null, recorder().sink)).toMatchObject({ ok: false, reason: 'closed' });
});

it('with an exchange: tells the other instances its own entries on each change, and shows theirs with its own', () => {
  const published: string[][] = [];
  let tellRemote: (entries: PresenceEntry[]) => void = () => undefined;
  const exchange: PresenceExchange = {
    publish: (entries) => void published.push(entries.map((e) => `${e.username}@${e.document ?? '-'}`)),
    subscribe: (listener) => void (tellRemote = listener),
    close: () => Promise.resolve(),
  };
  const hub = new PresenceHub({}, now, exchange);
  const here = recorder();
  hub.open('anna', 'de-DE', here.sink);
  expect(published).toEqual([['anna@de-DE']]);

  // Someone on another instance: shown here, and never published back as ours.
  tellRemote([{ username: 'ben', document: 'fr-FR', since: '2026-01-01T00:00:00.000Z' }]);
  expect(who(here.last())).toEqual(['anna@de-DE', 'ben@fr-FR']);
  expect(published).toHaveLength(1);
  // The same person on both instances is one entry, from the earlier stream.
  tellRemote([{ username: 'anna', document: 'de-DE', since: '2025-12-31T00:00:00.000Z' }]);
  expect(here.last()?.entries).toEqual([{ username: 'anna', document: 'de-DE', since: '2025-12-31T00:00:00.000Z' }]);
  tellRemote([]);
  expect(who(here.last())).toEqual(['anna@de-DE']);
});
