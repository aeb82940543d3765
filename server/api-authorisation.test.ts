/**
 * Who may do what, against a real server: the role × endpoint matrix, sign-in and sign-out,
 * cross-site refusal, the sign-in rate limit and the users file.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersFilePath } from './auth/users-file';
import { PASSWORDS, startTestServer, type TestServer, type Who } from './test-support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  changeSetId = (await server.call('POST', '/api/change-sets', { as: 'editor', body: { title: 'the matrix’s set' } }))
    .json.id;
});
afterAll(() => server?.close());

/** The ETag of a document's draft right now, read as the editor. */
async function draftEtag(id: string): Promise<string> {
  return (await server.call('GET', `/api/documents/${id}`, { as: 'editor' })).headers.get('etag')!;
}

interface Row {
  endpoint: string;
  method: string;
  /** A function when the path names something made in beforeAll (a change set). */
  path: string | (() => string);
  expect: Record<Who, number>;
  /** Builds headers and body just before the call, so writes carry a current ETag. */
  prepare?: () => Promise<{ headers?: Record<string, string>; body?: unknown }>;
}

/** A change set made once, for the rows that read or act on one. */
let changeSetId = '';
const changeSetPath = () => `/api/change-sets/${changeSetId}`;
const changeSetEtag = async () => (await server.call('GET', changeSetPath(), { as: 'editor' })).headers.get('etag')!;

const flagsDraft = async () => (await server.call('GET', '/api/documents/flags', { as: 'editor' })).json;

const MATRIX: Row[] = [
  {
    endpoint: 'who am I',
    method: 'GET',
    path: '/api/session',
    expect: { anonymous: 401, viewer: 200, approver: 200, editor: 200 },
  },
  {
    endpoint: 'list documents',
    method: 'GET',
    path: '/api/documents',
    expect: { anonymous: 401, viewer: 200, approver: 200, editor: 200 },
  },
  {
    endpoint: 'read draft',
    method: 'GET',
    path: '/api/documents/de-DE',
    expect: { anonymous: 401, viewer: 200, approver: 200, editor: 200 },
  },
  {
    endpoint: 'read published',
    method: 'GET',
    path: '/api/documents/de-DE?version=published',
    expect: { anonymous: 401, viewer: 200, approver: 200, editor: 200 },
  },
  {
    endpoint: 'read version 1',
    method: 'GET',
    path: '/api/documents/de-DE?version=1',
    expect: { anonymous: 401, viewer: 200, approver: 200, editor: 200 },
  },
  {
    endpoint: 'history',
    method: 'GET',
    path: '/api/documents/de-DE/history',
    expect: { anonymous: 401, viewer: 200, approver: 200, editor: 200 },
  },
  {
    endpoint: 'save draft',
    method: 'PUT',
    path: '/api/documents/flags',
    expect: { anonymous: 401, viewer: 403, approver: 403, editor: 200 },
    prepare: async () => {
      const draft = await flagsDraft();
      draft.content.flags[0].description = `Changed by the matrix at ${Date.now()}`;
      return { headers: { 'if-match': draft.etag }, body: { content: draft.content, message: 'matrix save' } };
    },
  },
  {
    endpoint: 'publish',
    method: 'POST',
    path: '/api/documents/flags/publish',
    expect: { anonymous: 401, viewer: 403, approver: 403, editor: 200 },
    prepare: async () => ({ headers: { 'if-match': await draftEtag('flags') } }),
  },
  {
    endpoint: 'restore',
    method: 'POST',
    path: '/api/documents/flags/restore',
    expect: { anonymous: 401, viewer: 403, approver: 403, editor: 200 },
    prepare: async () => ({
      headers: { 'if-match': await draftEtag('flags') },
      body: { version: 1, message: 'matrix restore' },
    }),
  },
  {
    endpoint: 'list change sets',
    method: 'GET',
    path: '/api/change-sets',
    expect: { anonymous: 401, viewer: 200, approver: 200, editor: 200 },
  },
  {
    endpoint: 'create a change set',
    method: 'POST',
    path: '/api/change-sets',
    expect: { anonymous: 401, viewer: 403, approver: 403, editor: 201 },
    prepare: async () => ({ body: { title: 'made by the matrix' } }),
  },
  {
    endpoint: 'read a change set',
    method: 'GET',
    path: changeSetPath,
    expect: { anonymous: 401, viewer: 200, approver: 200, editor: 200 },
  },
  {
    endpoint: 'comment on a change set',
    method: 'POST',
    path: () => `${changeSetPath()}/actions`,
    expect: { anonymous: 401, viewer: 200, approver: 200, editor: 200 },
    prepare: async () => ({
      headers: { 'if-match': await changeSetEtag() },
      body: { action: 'comment', text: 'seen' },
    }),
  },
  {
    endpoint: 'rename a change set',
    method: 'POST',
    path: () => `${changeSetPath()}/actions`,
    expect: { anonymous: 401, viewer: 403, approver: 403, editor: 200 },
    prepare: async () => ({
      headers: { 'if-match': await changeSetEtag() },
      body: { action: 'rename', title: `renamed at ${Date.now()}` },
    }),
  },
  {
    endpoint: 'manifest',
    method: 'GET',
    path: '/configs/manifest.json',
    expect: { anonymous: 200, viewer: 200, approver: 200, editor: 200 },
  },
  {
    endpoint: 'health',
    method: 'GET',
    path: '/healthz',
    expect: { anonymous: 200, viewer: 200, approver: 200, editor: 200 },
  },
  {
    endpoint: 'unknown API path',
    method: 'GET',
    path: '/api/nope',
    expect: { anonymous: 404, viewer: 404, approver: 404, editor: 404 },
  },
  {
    endpoint: 'unknown API method',
    method: 'DELETE',
    path: '/api/documents/de-DE',
    expect: { anonymous: 404, viewer: 404, approver: 404, editor: 404 },
  },
];

const CASES = MATRIX.flatMap((row) =>
  (['anonymous', 'viewer', 'approver', 'editor'] as const).map((who) => ({ ...row, who, status: row.expect[who] })),
);

describe('authorisation matrix (role × endpoint → status)', () => {
  it.each(CASES)('$who $method $endpoint → $status', async ({ who, method, path, status, prepare }) => {
    const extra = prepare ? await prepare() : {};
    const response = await server.call(method, typeof path === 'string' ? path : path(), { as: who, ...extra });
    expect(response.status, response.text).toBe(status);
    if (status === 401) expect(response.json.error.code).toBe('unauthenticated');
    if (status === 403) expect(response.json.error.code).toBe('forbidden');
  });
});

describe('approvers', () => {
  it('are refused every edit with a 403 that says what they may do instead', async () => {
    const draft = await flagsDraft();
    const save = await server.call('PUT', '/api/documents/flags', {
      as: 'approver',
      headers: { 'if-match': draft.etag },
      body: { content: draft.content, message: 'x' },
    });
    expect(save.status).toBe(403);
    expect(save.json.error.message).toBe('approver is an approver; this needs an editor');
    expect(save.json.error.hint).toMatch(
      /approvers review, comment on, approve, schedule and publish approved change sets, but never edit/,
    );
    const rename = await server.call('POST', `${changeSetPath()}/actions`, {
      as: 'approver',
      headers: { 'if-match': await changeSetEtag() },
      body: { action: 'add', document: 'de-DE' },
    });
    expect(rename.status).toBe(403);
    expect(rename.json.error.message).toBe('approver is an approver; only editors may add a change set');
  });

  it('sign in with the approver role', async () => {
    expect((await server.call('GET', '/api/session', { as: 'approver' })).json).toEqual({
      username: 'approver',
      role: 'approver',
    });
  });
});

describe('with approval required (REQUIRE_APPROVAL on)', () => {
  it('refuses the single-document publish with 409 approval-required and points to change sets; nothing is published', async () => {
    const approving = await startTestServer({ requireApproval: true });
    try {
      const before = (await approving.call('GET', '/api/documents/de-DE/history', { as: 'editor' })).json.publications;
      const etag = (await approving.call('GET', '/api/documents/de-DE', { as: 'editor' })).headers.get('etag')!;
      const response = await approving.call('POST', '/api/documents/de-DE/publish', {
        as: 'editor',
        headers: { 'if-match': etag },
      });
      expect(response.status).toBe(409);
      expect(response.json.error.code).toBe('approval-required');
      expect(response.json.error.hint).toMatch(/change set/);
      expect((await approving.call('GET', '/api/documents/de-DE/history', { as: 'editor' })).json.publications).toEqual(
        before,
      );
      // The seed still published at start: its publish is the service's, not the route's.
      expect(before.length).toBe(1);
      expect((await approving.call('GET', '/api/change-sets', { as: 'viewer' })).json.requireApproval).toBe(true);
    } finally {
      await approving.close();
    }
  });
});

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie and answers who is signed in', async () => {
    const response = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'product-owner', password: PASSWORDS.viewer }),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ username: 'product-owner', role: 'viewer' });
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^portal_session=[\w-]{40,};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Max-Age|Expires/i);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const wrong = await server.call('POST', '/api/session', {
      body: { username: 'content-manager', password: 'nope' },
    });
    const unknown = await server.call('POST', '/api/session', { body: { username: 'nobody', password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.error.code).toBe('invalid-credentials');
  });

  it('signs out: the old cookie no longer works', async () => {
    const response = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'content-manager', password: PASSWORDS.editor }),
    });
    const cookie = response.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await server.call('GET', '/api/session', { headers: { cookie } })).status).toBe(200);
    const out = await server.call('DELETE', '/api/session', { headers: { cookie } });
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()[0]).toMatch(/^portal_session=;/);
    expect((await server.call('GET', '/api/session', { headers: { cookie } })).status).toBe(401);
  });

  it('rejects malformed sign-in bodies with 400', async () => {
    expect((await server.call('POST', '/api/session', { body: { username: 'x' } })).status).toBe(400);
    expect(
      (await server.call('POST', '/api/session', { body: { username: 'x', password: 'y', extra: 1 } })).json.error.hint,
    ).toMatch(/allowed fields: username, password/);
  });
});

describe('cross-site requests', () => {
  const publish = async (headers: Record<string, string>) =>
    server.call('POST', '/api/documents/de-DE/publish', {
      as: 'editor',
      headers: { 'if-match': await draftEtag('de-DE'), ...headers },
    });

  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['Origin: null', { origin: 'null' }],
  ])('refuses a state-changing request with %s (403, nothing published)', async (_label, headers) => {
    const before = await server.call('GET', '/api/documents/de-DE/history', { as: 'editor' });
    const response = await publish(headers);
    expect(response.status).toBe(403);
    expect(response.json.error.code).toBe('cross-site-request');
    const after = await server.call('GET', '/api/documents/de-DE/history', { as: 'editor' });
    expect(after.json.publications).toEqual(before.json.publications);
  });

  it('refuses a cross-site sign-in', async () => {
    const response = await server.call('POST', '/api/session', {
      headers: { 'sec-fetch-site': 'cross-site' },
      body: { username: 'content-manager', password: PASSWORDS.editor },
    });
    expect(response.status).toBe(403);
  });

  it('accepts same-origin requests (Sec-Fetch-Site or a matching Origin)', async () => {
    expect((await publish({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await publish({ origin: server.url })).status).toBe(200);
  });

  it('leaves reads alone: a cross-site GET is answered', async () => {
    expect(
      (await server.call('GET', '/api/documents', { as: 'viewer', headers: { 'sec-fetch-site': 'cross-site' } }))
        .status,
    ).toBe(200);
  });
});

describe('sign-in rate limit and users file', () => {
  it('answers 429 once a client exceeds the sign-in limit', async () => {
    const limited = await startTestServer({ signInLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (
            await limited.call('POST', '/api/session', {
              body: { username: 'content-manager', password: `guess-${i}` },
            })
          ).status,
        );
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const last = await limited.call('POST', '/api/session', {
        body: { username: 'content-manager', password: PASSWORDS.editor },
      });
      expect(last.json.error.code).toBe('rate-limited');
    } finally {
      await limited.close();
    }
  });

  it('behind a proxy named by TRUST_PROXY, counts each client by X-Forwarded-For and sets a Secure cookie for X-Forwarded-Proto: https', async () => {
    const attempt = (target: TestServer, client: string, i: number, extra: Record<string, string> = {}) =>
      target.call('POST', '/api/session', {
        headers: { 'x-forwarded-for': client, ...extra },
        body: { username: `nobody-${client}-${i}`, password: 'guess' },
      });
    const proxied = await startTestServer({ signInLimit: { max: 3, timeWindowMs: 60_000 }, trustProxy: 1 });
    const direct = await startTestServer({ signInLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const first: number[] = [];
      for (let i = 0; i < 4; i++) first.push((await attempt(proxied, '203.0.113.1', i)).status);
      expect(first).toEqual([401, 401, 401, 429]);
      expect((await attempt(proxied, '203.0.113.2', 0)).status).toBe(401);
      const signedIn = await proxied.call('POST', '/api/session', {
        headers: { 'x-forwarded-for': '203.0.113.3', 'x-forwarded-proto': 'https' },
        body: { username: 'content-manager', password: PASSWORDS.editor },
      });
      expect(signedIn.headers.get('set-cookie')).toMatch(/; Secure/i);

      // Without TRUST_PROXY the headers are anybody's to send: no Secure over http, one limit for the one peer.
      const plain = await direct.call('POST', '/api/session', {
        headers: { 'x-forwarded-proto': 'https' },
        body: { username: 'approver', password: PASSWORDS.approver },
      });
      expect(plain.headers.get('set-cookie')).toMatch(/^portal_session=/);
      expect(plain.headers.get('set-cookie')).not.toMatch(/; Secure/i);
      const unproxied: number[] = [];
      for (let i = 0; i < 2; i++) unproxied.push((await attempt(direct, `203.0.113.${10 + i}`, i)).status);
      expect([...unproxied, (await attempt(direct, '203.0.113.20', 0)).status]).toEqual([401, 401, 429]);
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  it('stores scrypt hashes, never the passwords, and generates passwords when none are given', async () => {
    const text = await readFile(usersFilePath(server.configDir), 'utf8');
    expect(text).not.toContain(PASSWORDS.editor);
    const users = JSON.parse(text).users as { username: string; role: string; passwordHash: string }[];
    expect(users.map((u) => [u.username, u.role])).toEqual([
      ['content-manager', 'editor'],
      ['product-owner', 'viewer'],
      ['approver', 'approver'],
    ]);
    for (const u of users) expect(u.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(server.started.startup.users.created?.every((u) => !u.generated)).toBe(true);

    const generated = await startTestServer({ demoPasswords: {} });
    try {
      const created = generated.started.startup.users.created!;
      expect(created.every((u) => u.generated && u.password.length >= 20)).toBe(true);
      const ok = await generated.call('POST', '/api/session', {
        body: { username: 'content-manager', password: created[0]!.password },
      });
      expect(ok.status).toBe(200);
    } finally {
      await generated.close();
    }
  });
});
