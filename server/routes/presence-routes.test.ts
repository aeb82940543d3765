import type { PresenceSnapshot } from '../../schemas/contracts/index';
import { openEventStream } from '../presence/event-stream-client';
import { startTestServer } from '../test-support/test-server';
import type { TestServer } from '../test-support/test-server';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server?.close();
});

const stream = (query: string, cookie?: string) => openEventStream(`${server.url}/api/presence/stream${query}`, cookie);

async function nextSnapshot(events: Awaited<ReturnType<typeof stream>>): Promise<string[]> {
  const event = await events.next();
  expect(event?.event).toBe('presence');
  return (JSON.parse(event!.data) as PresenceSnapshot).entries.map((e) => `${e.username}@${e.document ?? '-'}`);
}

it('refuses before the stream starts: anonymous 401, an unknown or doubled document 400, as JSON errors', async () => {
  expect((await server.call('GET', '/api/presence/stream')).json.error.code).toBe('unauthenticated');
  const unknown = await server.call('GET', '/api/presence/stream?document=xx-XX', { as: 'viewer' });
  expect(unknown.status).toBe(400);
  expect(unknown.headers.get('content-type')).toMatch(/^application\/json/);
  expect(unknown.json.error).toMatchObject({ code: 'unknown-document', message: 'unknown document "xx-XX"' });
  expect(unknown.json.error.hint).toContain('de-DE');
  const twice = await server.call('GET', '/api/presence/stream?document=de-DE&document=fr-FR', { as: 'viewer' });
  expect(twice.status).toBe(400);
  expect(twice.json.error.message).toBe('give document once');
});

it('tells every stream who has which document open, at connect and on each change, until the page closes', async () => {
  const dashboard = await stream('', await server.cookie('viewer'));
  expect(dashboard.response.status).toBe(200);
  expect(dashboard.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  expect(dashboard.response.headers.get('cache-control')).toBe('no-store');
  expect(await nextSnapshot(dashboard)).toEqual(['product-owner@-']);

  const editor = await stream('?document=de-DE', await server.cookie('editor'));
  expect(await nextSnapshot(editor)).toEqual(['content-manager@de-DE', 'product-owner@-']);
  expect(await nextSnapshot(dashboard)).toEqual(['content-manager@de-DE', 'product-owner@-']);

  editor.close();
  expect(await nextSnapshot(dashboard)).toEqual(['product-owner@-']);
  dashboard.close();
});

it('caps the streams of one user at 10 with a 429 that says presence is optional; a closed one frees its place', async () => {
  const cookie = await server.cookie('editor');
  const open = [];
  for (let i = 0; i < 10; i++) open.push(await stream('?document=de-DE', cookie));
  expect(open.every((s) => s.response.status === 200)).toBe(true);
  const eleventh = await server.call('GET', '/api/presence/stream', { as: 'editor' });
  expect(eleventh.status).toBe(429);
  expect(eleventh.json.error.code).toBe('rate-limited');
  expect(eleventh.json.error.hint).toMatch(/editing and saving work without it/);
  // Another user is not affected by her cap.
  const viewer = await stream('', await server.cookie('viewer'));
  expect(viewer.response.status).toBe(200);
  open.pop()!.close();
  // The server hears of the close asynchronously.
  await expect
    .poll(
      async () => {
        const again = await stream('', cookie);
        open.push(again);
        return again.response.status;
      },
      { timeout: 2000 },
    )
    .toBe(200);
  for (const s of [...open, viewer]) s.close();
});

it('a save goes through at its usual speed while streams are open, and changes nobody’s presence', async () => {
  const editorCookie = await server.cookie('editor');
  const watcher = await stream('', await server.cookie('viewer'));
  await nextSnapshot(watcher);
  const streams = [];
  for (let i = 0; i < 9; i++) streams.push(await stream('?document=de-DE', editorCookie));
  expect(await nextSnapshot(watcher)).toEqual(['content-manager@de-DE', 'product-owner@-']);

  const current = await server.call('GET', '/api/documents/de-DE', { as: 'editor' });
  const started = performance.now();
  const saved = await server.call('PUT', '/api/documents/de-DE', {
    as: 'editor',
    headers: { 'if-match': current.headers.get('etag')! },
    body: { content: current.json.content, message: 'with presence open' },
  });
  const elapsed = performance.now() - started;
  expect(saved.status).toBe(200);
  // Generous: a save takes tens of milliseconds; presence adds nothing to it (it never touches the store).
  expect(elapsed).toBeLessThan(2000);
  await expect(watcher.next(300)).rejects.toThrow(/no event/);
  for (const s of [...streams, watcher]) s.close();
});

it('closing the app ends every stream, so the close does not hang on them', async () => {
  const a = await stream('?document=de-DE', await server.cookie('editor'));
  const b = await stream('', await server.cookie('viewer'));
  await nextSnapshot(a);
  await nextSnapshot(b);
  const started = performance.now();
  await server.close();
  expect(performance.now() - started).toBeLessThan(3000);
  // Whatever is still buffered, each stream then ends.
  for (const s of [a, b]) {
    let event;
    do event = await s.next(2000);
    while (event);
  }
  server = undefined as unknown as TestServer;
});
