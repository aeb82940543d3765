/**
 * /api/change-sets over HTTP on a real server with approval on: statuses, ETags, every refusal's code, and the
 * whole flow by three people, including a save and a restore that send an approved set back to review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type Who } from '../test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ requireApproval: true });
});
afterAll(() => server?.close());

const call = (
  who: Who,
  method: string,
  urlPath: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
) => server.call(method, urlPath, { as: who, ...options });

async function create(title: string, documents?: string[]) {
  const response = await call('editor', 'POST', '/api/change-sets', {
    body: { title, ...(documents ? { documents } : {}) },
  });
  expect(response.status, response.text).toBe(201);
  return response;
}

async function act(who: Who, id: string, body: unknown, etag?: string) {
  const current = etag ?? (await call('viewer', 'GET', `/api/change-sets/${id}`)).headers.get('etag')!;
  return call(who, 'POST', `/api/change-sets/${id}/actions`, { headers: { 'if-match': current }, body });
}

async function saveDeDe(who: Who, text: string) {
  const { json: draft } = await call('editor', 'GET', '/api/documents/de-DE');
  draft.content.header.logoItems[0].alt = text;
  const saved = await call(who, 'PUT', '/api/documents/de-DE', {
    headers: { 'if-match': draft.etag },
    body: { content: draft.content, message: text },
  });
  expect(saved.status, saved.text).toBe(200);
  return saved.json;
}

describe('create, read, list', () => {
  it('POST answers 201 with the set, its ETag "r1" and Location; GET answers the same ETag and 304 on If-None-Match', async () => {
    const created = await create('Routes', ['flags']);
    expect(created.headers.get('etag')).toBe('"r1"');
    expect(created.headers.get('location')).toBe(`/api/change-sets/${created.json.id}`);
    const read = await call('viewer', 'GET', `/api/change-sets/${created.json.id}`);
    expect([read.status, read.headers.get('etag'), read.json]).toEqual([200, '"r1"', created.json]);
    expect(
      (await call('viewer', 'GET', `/api/change-sets/${created.json.id}`, { headers: { 'if-none-match': '"r1"' } }))
        .status,
    ).toBe(304);
    const list = await call('viewer', 'GET', '/api/change-sets');
    expect(list.json.requireApproval).toBe(true);
    expect(list.json.changeSets.map((s: { id: string }) => s.id)).toContain(created.json.id);
    await act('editor', created.json.id, { action: 'remove', document: 'flags' });
  });

  it.each([
    [{}, 400, /"title" must be a string/],
    [{ title: '' }, 400, /"title" must be 1 to 120 characters, not 0/],
    [{ title: 'x'.repeat(121) }, 400, /not 121/],
    [{ title: 'ok', documents: 'de-DE' }, 400, /"documents" must be a list/],
    [{ title: 'ok', documents: ['xx-XX'] }, 400, /documents\[0\] must be a document id/],
    [{ title: 'ok', documents: ['de-DE', 'de-DE'] }, 400, /names de-DE twice/],
    [{ title: 'ok', owner: 'me' }, 400, /unknown field owner/],
    [[], 400, /must be a JSON object/],
    [{ title: 'ok', documents: ['fr-FR'] }, 404, /store holds no copy/],
  ])('refuses the create body %j with %i', async (body, status, message) => {
    const response = await call('editor', 'POST', '/api/change-sets', { body });
    expect(response.status).toBe(status);
    expect(response.json.error.message).toMatch(message);
  });

  it('a malformed id is 400, an unknown one 404 change-set-not-found', async () => {
    expect((await call('viewer', 'GET', '/api/change-sets/..%2Fusers')).status).toBe(400);
    const unknown = await call('viewer', 'GET', '/api/change-sets/cs-aaaaaaaaaa');
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'change-set-not-found']);
    expect((await call('viewer', 'GET', '/api/change-sets/cs-nope')).json.error.code).toBe('change-set-not-found');
  });
});

describe('actions', () => {
  let id = '';
  beforeAll(async () => {
    id = (await create('Action checks')).json.id;
  });

  it('needs If-Match (428), and a stale one is 412 stale-change-set with the set beside the error', async () => {
    const missing = await call('editor', 'POST', `/api/change-sets/${id}/actions`, {
      body: { action: 'comment', text: 'hi' },
    });
    expect([missing.status, missing.json.error.code]).toEqual([428, 'precondition-required']);
    expect(
      (
        await call('editor', 'POST', `/api/change-sets/${id}/actions`, {
          headers: { 'if-match': '*' },
          body: { action: 'comment', text: 'hi' },
        })
      ).status,
    ).toBe(428);
    for (const tag of ['"r99"', '"v1"', 'r1', 'W/"r1"']) {
      const stale = await act('editor', id, { action: 'comment', text: 'hi' }, tag);
      expect([stale.status, stale.json.error.code], tag).toEqual([412, 'stale-change-set']);
      expect(stale.json.changeSet.id).toBe(id);
    }
  });

  it.each([
    [{}, /body needs "action"/],
    [{ action: 'merge' }, /unknown action "merge"/],
    [{ action: 42 }, /unknown action 42/],
    [{ action: 'rename' }, /"rename" needs "title"/],
    [{ action: 'rename', title: 7 }, /"title" must be a string/],
    [{ action: 'add', document: '../etc' }, /document must be a document id/],
    [{ action: 'submit', extra: true }, /unknown field extra/],
    [{ action: 'comment', text: '   ' }, /a comment must be 1 to 2000 characters, not 0/],
    [{ action: 'comment', text: 'x'.repeat(2001) }, /not 2001/],
    [
      { action: 'comment', text: 'x', target: { document: 'de-DE', pointer: 'header' } },
      /target.pointer must be a JSON pointer/,
    ],
    [
      { action: 'comment', text: 'x', target: { document: 'de-DE', pointer: '/a', colour: 'red' } },
      /unknown field colour/,
    ],
    [{ action: 'schedule', at: 1 }, /"at" must be an ISO 8601 time as a string/],
  ])('refuses %j with 400 and the valid choices', async (body, message) => {
    const response = await act('editor', id, body);
    expect(response.status, response.text).toBe(400);
    expect(response.json.error.message).toMatch(message);
  });

  it('lists the actions in the hint of an unknown one', async () => {
    expect((await act('editor', id, { action: 'merge' })).json.error.hint).toBe(
      'actions: rename, add, remove, submit, approve, withdraw, comment, schedule, unschedule, publish',
    );
  });

  it('answers 200 with the set and its new ETag', async () => {
    const renamed = await act('editor', id, { action: 'rename', title: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.headers.get('etag')).toBe(`"r${renamed.json.revision}"`);
    expect(renamed.json.title).toBe('Renamed');
  });
});

describe('the flow, by three people', () => {
  it('editor submits; self-approval refused; viewer cannot approve; approver approves; a save and a restore send it back; published at last', async () => {
    const saved = await saveDeDe('editor', 'Depona, neu');
    const set = (await create('Logo text', ['de-DE'])).json;
    expect(set.members).toEqual([{ id: 'de-DE', version: saved.version }]);
    expect((await act('editor', set.id, { action: 'submit' })).json.state).toBe('in-review');

    const self = await act('editor', set.id, { action: 'approve' });
    expect([self.status, self.json.error.code]).toEqual([403, 'self-approval']);
    expect(self.json.error.message).toBe(
      `content-manager saved de-DE v${saved.version}, which this change set carries, and cannot approve it`,
    );
    const viewer = await act('viewer', set.id, { action: 'approve' });
    expect([viewer.status, viewer.json.error.code]).toEqual([403, 'forbidden']);
    expect(
      (
        await act('viewer', set.id, {
          action: 'comment',
          text: 'Reads well',
          target: { document: 'de-DE', pointer: '/header/logoItems/0', itemId: 'logo' },
        })
      ).status,
    ).toBe(200);
    expect((await act('approver', set.id, { action: 'approve' })).json.state).toBe('approved');

    // A save after approval: back to review, with the new version carried.
    const resaved = await saveDeDe('editor', 'Depona, neuer');
    let now = (await call('viewer', 'GET', `/api/change-sets/${set.id}`)).json;
    expect([now.state, now.members[0].version, now.events.at(-1).kind]).toEqual([
      'in-review',
      resaved.version,
      'returned-to-review',
    ]);
    expect((await act('approver', set.id, { action: 'approve' })).json.state).toBe('approved');

    // A restore is an edit too.
    const etag = (await call('editor', 'GET', '/api/documents/de-DE')).headers.get('etag')!;
    const restored = await call('editor', 'POST', '/api/documents/de-DE/restore', {
      headers: { 'if-match': etag },
      body: { version: saved.version },
    });
    expect(restored.status, restored.text).toBe(200);
    now = (await call('viewer', 'GET', `/api/change-sets/${set.id}`)).json;
    expect([now.state, now.members[0].version]).toEqual(['in-review', restored.json.version]);
    expect(
      now.events.find(
        (e: { kind: string; detail?: string }) =>
          e.kind === 'member-edited' && e.detail?.includes(`→ v${restored.json.version}`),
      )?.detail,
    ).toBe(`de-DE v${resaved.version} → v${restored.json.version} by content-manager`);
    expect((await act('approver', set.id, { action: 'approve' })).status).toBe(200);

    const manifestBefore = (await server.call('GET', '/configs/manifest.json')).json.documents['de-DE'].hash;
    const published = await act('editor', set.id, { action: 'publish' });
    expect([published.status, published.json.state]).toEqual([200, 'published']);
    expect((await server.call('GET', '/configs/manifest.json')).json.documents['de-DE'].hash).not.toBe(manifestBefore);
    const kinds = published.json.events.map((e: { kind: string }) => e.kind);
    expect(kinds).toEqual([
      'created',
      'submitted',
      'commented',
      'approved',
      'member-edited',
      'returned-to-review',
      'approved',
      'member-edited',
      'returned-to-review',
      'approved',
      'published',
    ]);
    expect(published.json.comments[0]).toMatchObject({
      author: 'product-owner',
      text: 'Reads well',
      target: { itemId: 'logo' },
    });
    const history = (await call('viewer', 'GET', '/api/documents/de-DE/history')).json;
    expect(history.publications[0]).toMatchObject({
      version: restored.json.version,
      author: 'content-manager',
      changeSet: set.id,
      approvedBy: 'approver',
    });
    // The seed's publication came from no change set.
    expect(history.publications.at(-1)).not.toHaveProperty('changeSet');
  });
});
