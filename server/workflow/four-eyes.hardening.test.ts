/**
 * Four eyes cannot be bypassed by having a colleague save on top (docs/workflow.md#approval): nobody who wrote any
 * version of a member since its last publication may approve the set, whoever wrote the newest draft. Over HTTP, on
 * a real app with approval on and two editors: content-manager writes (a save, or a restore), editor2 adds a space
 * on top and submits, content-manager tries to approve and then to publish.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DocumentId } from '../../schemas/validator/index';
import { signIn, writeUsers } from '../test-support/extra-users';
import { REPO_ROOT } from '../test-support/seed-fixture';
import { startTestServer, type CallResult, type TestServer } from '../test-support/test-server';

const EDITOR2 = { username: 'editor2', role: 'editor' as const, password: 'editor2-test-pass' };
/** Within the 70 characters the schema allows an SEO title. */
const MALICIOUS_TITLE = 'Depona <img src=x onerror=alert(document.domain)>';

let server: TestServer;
let root: string;
let editor2: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'four-eyes-'));
  const configDir = path.join(root, 'store');
  await writeUsers(configDir, [EDITOR2]);
  // Every shipped locale, so fr-FR and it-IT are seeded and published as in production.
  server = await startTestServer({ requireApproval: true, configDir, seedDir: path.join(REPO_ROOT, 'config') });
  editor2 = await signIn(server, EDITOR2);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

type Caller = 'content-manager' | 'editor2' | 'approver';
function call(
  who: Caller,
  method: string,
  urlPath: string,
  options: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<CallResult> {
  if (who === 'editor2')
    return server.call(method, urlPath, { ...options, headers: { ...options.headers, cookie: editor2 } });
  return server.call(method, urlPath, { ...options, as: who === 'content-manager' ? 'editor' : 'approver' });
}

async function saveSeoTitle(who: Caller, id: DocumentId, change: (title: string) => string): Promise<number> {
  const { json: draft } = await call(who, 'GET', `/api/documents/${id}`);
  draft.content.seo.metaTitle = change(draft.content.seo.metaTitle);
  const saved = await call(who, 'PUT', `/api/documents/${id}`, {
    headers: { 'if-match': draft.etag },
    body: { content: draft.content, message: 'SEO title' },
  });
  expect(saved.status, saved.text).toBe(200);
  return saved.json.version;
}

async function act(who: Caller, id: string, body: unknown): Promise<CallResult> {
  const etag = (await call('approver', 'GET', `/api/change-sets/${id}`)).headers.get('etag')!;
  return call(who, 'POST', `/api/change-sets/${id}/actions`, { headers: { 'if-match': etag }, body });
}

/** editor2 adds a space to the SEO title (a trivial edit on top) and submits a change set carrying it. */
async function trivialEditAndSubmit(id: DocumentId): Promise<{ set: string; version: number }> {
  const version = await saveSeoTitle('editor2', id, (title) => `${title} `);
  const created = await call('editor2', 'POST', '/api/change-sets', { body: { title: `${id} SEO`, documents: [id] } });
  expect(created.status, created.text).toBe(201);
  expect((await act('editor2', created.json.id, { action: 'submit' })).json.state).toBe('in-review');
  return { set: created.json.id, version };
}

const publishedHash = async (id: DocumentId) =>
  (await server.call('GET', '/configs/manifest.json')).json.documents[id].hash as string;

it('content-manager saves fr-FR v2, editor2 saves v3 on top and submits: content-manager may neither approve (403) nor publish', async () => {
  const before = await publishedHash('fr-FR');
  const v2 = await saveSeoTitle('content-manager', 'fr-FR', () => MALICIOUS_TITLE);
  expect(v2).toBe(2);
  const { set, version: v3 } = await trivialEditAndSubmit('fr-FR');
  expect(v3).toBe(3);

  const approve = await act('content-manager', set, { action: 'approve' });
  expect([approve.status, approve.json.error?.code]).toEqual([403, 'self-approval']);
  expect(approve.json.error.message).toBe(
    'content-manager saved fr-FR v2, which this change set carries, and cannot approve it',
  );
  const publish = await act('content-manager', set, { action: 'publish' });
  expect([publish.status, publish.json.error?.code]).toEqual([409, 'invalid-transition']);
  expect(await publishedHash('fr-FR')).toBe(before);
  expect((await call('approver', 'GET', `/api/change-sets/${set}`)).json).toMatchObject({
    state: 'in-review',
    approval: null,
  });

  // editor2 wrote v3, so not them either; someone who wrote neither may.
  expect((await act('editor2', set, { action: 'approve' })).json.error?.code).toBe('self-approval');
  expect((await act('approver', set, { action: 'approve' })).json.state).toBe('approved');
});

it('the same through a restore: content-manager restores an old version, editor2 saves on top, content-manager may not approve', async () => {
  const before = await publishedHash('it-IT');
  const { json: draft } = await call('content-manager', 'GET', '/api/documents/it-IT');
  const restored = await call('content-manager', 'POST', '/api/documents/it-IT/restore', {
    headers: { 'if-match': draft.etag },
    body: { version: 1 },
  });
  expect(restored.status, restored.text).toBe(200);
  const { set } = await trivialEditAndSubmit('it-IT');

  const approve = await act('content-manager', set, { action: 'approve' });
  expect([approve.status, approve.json.error?.code]).toEqual([403, 'self-approval']);
  expect(approve.json.error.message).toBe(
    `content-manager restored it-IT v${restored.json.version}, which this change set carries, and cannot approve it`,
  );
  expect((await act('content-manager', set, { action: 'publish' })).status).toBe(409);
  expect(await publishedHash('it-IT')).toBe(before);
});
