/**
 * Sign-out ends every connection (docs/workflow.md#presence): a presence stream ends when its session ends, however
 * it ends, and the others stop seeing its user. Real servers over HTTP, each started once for the file: one on the
 * file store, and two instances (A and B) on one throwaway PostgreSQL (test-support/pg-cluster.ts). Each case runs
 * RUNS times with fresh sessions and prints the close latencies and their median: from the moment the session's end
 * is sent (the sign-out request, the store call, the SQL statement) to the stream's end as the client reads it. It
 * waits for the close up to a deadline well past the bound, so a stream that stays open fails saying so.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceSnapshot } from '../../schemas/contracts/index';
import { SESSION_COOKIE, sessionDigest } from '../auth/sessions';
import type { Role } from '../auth/users-file';
import { startPgCluster, type PgCluster } from '../test-support/pg-cluster';
import { PASSWORDS, startTestServer, USERNAMES, type TestServer } from '../test-support/test-server';
import { openEventStream } from './event-stream-client';

const RUNS = 3;
/** How long a case waits for a close before it calls the stream open: past every bound, short of the test's timeout. */
const DEADLINE_MS = 10_000;
const SAME_INSTANCE_MS = 1_000;
const OTHER_INSTANCE_MS = 5_000;
/** Each case signs in afresh per run; the default 10 a minute per address would refuse the later runs. */
const signInLimit = { max: 1_000, timeWindowMs: 60_000 };

const EDITOR = USERNAMES.editor;

let cluster: PgCluster;
let databaseUrl: string;
let file: TestServer;
let a: TestServer;
let b: TestServer;
beforeAll(async () => {
  file = await startTestServer({ signInLimit });
  cluster = await startPgCluster();
  databaseUrl = await cluster.createDatabase();
  a = await startTestServer({ databaseUrl, signInLimit });
  b = await startTestServer({ databaseUrl, signInLimit });
}, 60_000);
afterAll(async () => {
  for (const server of [file, a, b]) await server?.close();
  await cluster?.stop();
});

type Stream = Awaited<ReturnType<typeof openEventStream>>;

/** A new session of `role` (never the test server's cached one): its cookie and its token. */
async function signIn(server: TestServer, role: Role): Promise<{ cookie: string; token: string }> {
  const response = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: USERNAMES[role], password: PASSWORDS[role] }),
  });
  expect(response.status).toBe(200);
  const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
  return { cookie, token: cookie.slice(`${SESSION_COOKIE}=`.length) };
}

async function signOut(server: TestServer, cookie: string): Promise<void> {
  expect((await fetch(`${server.url}/api/session`, { method: 'DELETE', headers: { cookie } })).status).toBe(204);
}

async function presence(server: TestServer, cookie: string, document?: string): Promise<Stream> {
  const stream = await openEventStream(
    `${server.url}/api/presence/stream${document ? `?document=${document}` : ''}`,
    cookie,
  );
  expect(stream.response.status).toBe(200);
  return stream;
}

/** Milliseconds from `since` until `stream` ends; fails when it is still open at the deadline. */
async function endedAfter(stream: Stream, since: number): Promise<number> {
  for (;;) {
    const left = since + DEADLINE_MS - performance.now();
    const event = left > 0 ? await stream.next(left).catch(() => undefined) : undefined;
    if (event === null) return performance.now() - since;
    if (event === undefined) throw new Error(`the stream was still open ${DEADLINE_MS} ms after its session ended`);
  }
}

/** Reads `watcher`'s pictures until one satisfies `wanted`; fails at the deadline with the last one seen. */
async function picture(watcher: Stream, wanted: (present: string[]) => boolean): Promise<string[]> {
  const deadline = performance.now() + DEADLINE_MS;
  let last: string[] = [];
  for (;;) {
    const event = await watcher.next(Math.max(1, deadline - performance.now())).catch(() => null);
    if (!event) throw new Error(`the watcher's picture stayed ${JSON.stringify(last)}`);
    last = (JSON.parse(event.data) as PresenceSnapshot).entries.map((e) => `${e.username}@${e.document ?? '-'}`);
    if (wanted(last)) return last;
  }
}

const editing = (present: string[]) => present.includes(`${EDITOR}@de-DE`);
const notEditing = (present: string[]) => !editing(present);

/** Prints the latencies of a case with their median, for docs/workflow.md#presence. */
function report(what: string, latencies: number[]): void {
  const sorted = [...latencies].sort((x, y) => x - y);
  console.info(
    `sign-out: ${what}: closed after ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms (median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms)`,
  );
}

async function deleteRow(token: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    expect((await client.query('DELETE FROM sessions WHERE sha256 = $1', [sessionDigest(token)])).rowCount).toBe(1);
  } finally {
    await client.end();
  }
}

describe('the file store', () => {
  it(
    'DELETE /api/session ends the session’s presence stream within 1 s, and the others stop seeing the user',
    { timeout: 60_000 },
    async () => {
      const watcher = await presence(file, (await signIn(file, 'viewer')).cookie);
      const latencies: number[] = [];
      try {
        for (let run = 0; run < RUNS; run++) {
          const editor = await signIn(file, 'editor');
          const stream = await presence(file, editor.cookie, 'de-DE');
          await picture(watcher, editing);
          const since = performance.now();
          const [closed] = await Promise.all([endedAfter(stream, since), signOut(file, editor.cookie)]);
          latencies.push(closed);
          await picture(watcher, notEditing);
        }
      } finally {
        watcher.close();
      }
      report('file store, DELETE /api/session', latencies);
      expect(Math.max(...latencies)).toBeLessThan(SAME_INSTANCE_MS);
    },
  );

  it('a session removed through the store’s API ends its stream within 1 s', { timeout: 60_000 }, async () => {
    const latencies: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const editor = await signIn(file, 'editor');
      const stream = await presence(file, editor.cookie, 'de-DE');
      await stream.next();
      const since = performance.now();
      const [closed] = await Promise.all([endedAfter(stream, since), file.started.sessions.delete(editor.token)]);
      latencies.push(closed);
    }
    report('file store, SessionStore.delete', latencies);
    expect(Math.max(...latencies)).toBeLessThan(SAME_INSTANCE_MS);
  });

  it('a new sign-in in the same browser replaces the session, and ends the old one’s stream within 1 s', async () => {
    const editor = await signIn(file, 'editor');
    const stream = await presence(file, editor.cookie, 'de-DE');
    await stream.next();
    const since = performance.now();
    const signInAgain = fetch(`${file.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: editor.cookie },
      body: JSON.stringify({ username: EDITOR, password: PASSWORDS.editor }),
    });
    const [closed, answer] = await Promise.all([endedAfter(stream, since), signInAgain]);
    expect(answer.status).toBe(200);
    report('file store, sign-in over the session', [closed]);
    expect(closed).toBeLessThan(SAME_INSTANCE_MS);
  });

  it(
    'a sign-out ends only its own session’s streams: the same user signed in elsewhere stays present',
    { timeout: 60_000 },
    async () => {
      const watcher = await presence(file, (await signIn(file, 'viewer')).cookie);
      const [first, second] = [await signIn(file, 'editor'), await signIn(file, 'editor')];
      const kept = await presence(file, second.cookie, 'de-DE');
      const ended = await presence(file, first.cookie, 'de-DE');
      await kept.next();
      try {
        await picture(watcher, editing);
        const since = performance.now();
        await signOut(file, first.cookie);
        await endedAfter(ended, since);
        // Her other session still holds de-DE: the picture does not change, and her stream goes on.
        await expect(watcher.next(500)).rejects.toThrow(/no event/);
        await expect(kept.next(500)).rejects.toThrow(/no event/);
        expect((await fetch(`${file.url}/api/session`, { headers: { cookie: second.cookie } })).status).toBe(200);
      } finally {
        for (const s of [watcher, kept]) s.close();
      }
    },
  );
});

describe('two instances on one PostgreSQL', () => {
  it(
    'a sign-out on A ends the session’s stream on A within 1 s and on B within 5 s; nobody sees the user any more',
    { timeout: 60_000 },
    async () => {
      const watcher = await presence(a, (await signIn(a, 'viewer')).cookie);
      const here: number[] = [];
      const there: number[] = [];
      try {
        for (let run = 0; run < RUNS; run++) {
          const editor = await signIn(a, 'editor');
          const onA = await presence(a, editor.cookie, 'de-DE');
          const onB = await presence(b, editor.cookie, 'de-DE');
          await onA.next();
          await onB.next();
          await picture(watcher, editing);
          const since = performance.now();
          const [closedA, closedB] = await Promise.all([
            endedAfter(onA, since),
            endedAfter(onB, since),
            signOut(a, editor.cookie),
          ]);
          here.push(closedA);
          there.push(closedB);
          // The watcher on A stops seeing her once B's stream, which A hears of through the database, is gone too.
          await picture(watcher, notEditing);
        }
      } finally {
        watcher.close();
      }
      report('PostgreSQL, DELETE /api/session, same instance', here);
      report('PostgreSQL, DELETE /api/session, other instance', there);
      expect(Math.max(...here)).toBeLessThan(SAME_INSTANCE_MS);
      expect(Math.max(...there)).toBeLessThan(OTHER_INSTANCE_MS);
    },
  );

  it(
    'the session’s row deleted in the database by hand ends its streams on every instance within 5 s',
    { timeout: 90_000 },
    async () => {
      const latencies: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const editor = await signIn(a, 'editor');
        const onB = await presence(b, editor.cookie, 'de-DE');
        await onB.next();
        const since = performance.now();
        const [closed] = await Promise.all([endedAfter(onB, since), deleteRow(editor.token)]);
        latencies.push(closed);
      }
      report('PostgreSQL, DELETE FROM sessions', latencies);
      expect(Math.max(...latencies)).toBeLessThan(OTHER_INSTANCE_MS);
    },
  );
});
