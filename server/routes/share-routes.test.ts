import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { ChangeSet, CreatedShare, SharedChangeSet } from '../../schemas/contracts/index';
import { startTestServer } from '../test-support/test-server';
import type { TestServer } from '../test-support/test-server';
import { signShareToken } from '../workflow/share-links';
import { ShareService } from '../workflow/share-service';

let server: TestServer;
let logLines: Record<string, unknown>[];
beforeEach(async () => {
  logLines = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  server = await startTestServer({ logger: { level: 'info', stream } });
});
afterEach(async () => {
  await server?.close();
});

async function createSet(documents: string[] = ['de-DE', 'markets']): Promise<ChangeSet> {
  const created = await server.call('POST', '/api/change-sets', {
    as: 'editor',
    body: { title: 'Spring labels', documents },
  });
  expect(created.status).toBe(201);
  return created.json as ChangeSet;
}

async function share(
  setId: string,
  body: unknown = { expiresInMinutes: 60, note: 'legal review' },
  as: 'editor' | 'approver' = 'editor',
): Promise<CreatedShare & { token: string }> {
  const answer = await server.call('POST', `/api/change-sets/${setId}/shares`, { as, body });
  expect(answer.status).toBe(201);
  const created = answer.json as CreatedShare;
  return { ...created, token: new URL(created.url, server.url).searchParams.get('share')! };
}

const readSet = async (id: string) => (await server.started.store.readChangeSet(id))!;

it('an editor shares a set: the record and a "shared" event are kept, the token only appears in the answer', async () => {
  const set = await createSet();
  const created = await share(set.id);
  expect(created.url).toBe(`/preview?share=${created.token}`);
  expect(created.share).toMatchObject({ createdBy: 'content-manager', note: 'legal review' });
  expect(Date.parse(created.share.expiresAt) - Date.parse(created.share.createdAt)).toBe(60 * 60_000);

  const stored = await readSet(set.id);
  expect(stored.shares).toEqual([created.share]);
  expect(stored.events.at(-1)).toMatchObject({
    kind: 'shared',
    author: 'content-manager',
    versions: { 'de-DE': set.members[0]!.version, markets: set.members[1]!.version },
  });
  expect(stored.events.at(-1)!.detail).toBe(
    `link ${created.share.id} for "legal review", expires ${created.share.expiresAt}`,
  );

  // Never stored in clear: no file of the store holds the token or its signature.
  const signature = created.token.split('.')[1]!;
  for (const entry of await readdir(server.configDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const text = await readFile(path.join(entry.parentPath, entry.name), 'latin1');
    expect(text.includes(signature), entry.name).toBe(false);
  }
});

it('opens the carried drafts without an account, as the preview renders them, and logs the opening', async () => {
  const set = await createSet();
  const { token, share: record } = await share(set.id);
  const opened = await fetch(`${server.url}/api/shares/${token}`);
  expect(opened.status).toBe(200);
  expect(opened.headers.get('cache-control')).toBe('no-store');
  const body = (await opened.json()) as SharedChangeSet;
  expect(body.changeSet).toEqual({ id: set.id, title: 'Spring labels', state: 'draft' });
  expect(body.expiresAt).toBe(record.expiresAt);
  expect(body.documents.map((d) => [d.id, d.version])).toEqual(set.members.map((m) => [m.id, m.version]));
  const deDE = body.documents.find((d) => d.id === 'de-DE')!;
  expect(deDE.text).toBe((await server.started.store.read('de-DE', set.members[0]!.version))!.text);
  // Defaults filled and the editor-only $schema dropped, as a published file has it.
  expect(deDE.content).toMatchObject({ locale: 'de-DE' });
  expect(deDE.content).not.toHaveProperty('$schema');

  expect(logLines.find((l) => l.msg === 'share link opened')).toMatchObject({
    level: 30,
    changeSet: set.id,
    share: record.id,
    note: 'legal review',
  });
});

it('only editors and approvers share and revoke; viewers 403, anonymous 401', async () => {
  const set = await createSet();
  expect(
    (await server.call('POST', `/api/change-sets/${set.id}/shares`, { as: 'viewer', body: { expiresInMinutes: 5 } }))
      .status,
  ).toBe(403);
  expect(
    (await server.call('POST', `/api/change-sets/${set.id}/shares`, { body: { expiresInMinutes: 5 } })).status,
  ).toBe(401);
  const byApprover = await share(set.id, { expiresInMinutes: 5 }, 'approver');
  expect(byApprover.share.createdBy).toBe('approver');
  expect(byApprover.share.note).toBe('');
  expect(
    (await server.call('DELETE', `/api/change-sets/${set.id}/shares/${byApprover.share.id}`, { as: 'viewer' })).status,
  ).toBe(403);
});

it.each([
  [{}, 'expiresInMinutes must be a whole number from 1 to 43200 (30 days), got undefined'],
  [{ expiresInMinutes: 0 }, 'expiresInMinutes must be a whole number from 1 to 43200 (30 days), got 0'],
  [{ expiresInMinutes: 43_201 }, 'expiresInMinutes must be a whole number from 1 to 43200 (30 days), got 43201'],
  [{ expiresInMinutes: 1.5 }, 'expiresInMinutes must be a whole number from 1 to 43200 (30 days), got 1.5'],
  [{ expiresInMinutes: '60' }, 'expiresInMinutes must be a whole number from 1 to 43200 (30 days), got "60"'],
  [{ expiresInMinutes: 60, note: 'x'.repeat(201) }, 'note must be text of at most 200 characters'],
  [{ expiresInMinutes: 60, audience: 'all' }, 'unknown field "audience"; a share takes expiresInMinutes and note'],
  [[60], 'the body must be a JSON object'],
])('refuses the body %j: %s, and writes nothing', async (body, message) => {
  const set = await createSet();
  const answer = await server.call('POST', `/api/change-sets/${set.id}/shares`, { as: 'editor', body });
  expect(answer.status).toBe(400);
  expect(answer.json.error).toMatchObject({ code: 'bad-request', message });
  expect((await readSet(set.id)).revision).toBe(set.revision);
});

it('a set that does not exist is 404, an id of the wrong form 400', async () => {
  expect(
    (
      await server.call('POST', '/api/change-sets/cs-aaaaaaaaaa/shares', {
        as: 'editor',
        body: { expiresInMinutes: 5 },
      })
    ).json.error.code,
  ).toBe('change-set-not-found');
  const malformed = await server.call('POST', '/api/change-sets/nope/shares', {
    as: 'editor',
    body: { expiresInMinutes: 5 },
  });
  expect(malformed.status).toBe(400);
  expect(malformed.json.error.message).toBe('"nope" is not a change set id');
});

it('a revoked link is refused with 410 share-revoked; revoking it again changes nothing', async () => {
  const set = await createSet();
  const { token, share: record } = await share(set.id);
  const revoked = await server.call('DELETE', `/api/change-sets/${set.id}/shares/${record.id}`, { as: 'approver' });
  expect(revoked.status).toBe(200);
  expect(revoked.json).toMatchObject({ id: record.id, revokedBy: 'approver' });
  const opened = await server.call('GET', `/api/shares/${token}`);
  expect(opened.status).toBe(410);
  expect(opened.json.error).toMatchObject({
    code: 'share-revoked',
    message: `this share link was revoked on ${revoked.json.revokedAt}`,
    hint: 'ask whoever sent the link for a new one',
  });

  const after = await readSet(set.id);
  expect(after.events.filter((e) => e.kind === 'share-revoked')).toEqual([
    expect.objectContaining({ author: 'approver', detail: `link ${record.id} for "legal review"` }),
  ]);
  const again = await server.call('DELETE', `/api/change-sets/${set.id}/shares/${record.id}`, { as: 'editor' });
  expect(again.json).toEqual(revoked.json);
  expect((await readSet(set.id)).revision).toBe(after.revision);

  expect(
    (await server.call('DELETE', `/api/change-sets/${set.id}/shares/sh-aaaaaaaaaa`, { as: 'editor' })).status,
  ).toBe(404);
  expect((await server.call('DELETE', `/api/change-sets/${set.id}/shares/whatever`, { as: 'editor' })).status).toBe(
    400,
  );
});

it('an expired link is refused with 410 share-expired', async () => {
  const set = await createSet();
  const { token, share: record } = await share(set.id, { expiresInMinutes: 1 });
  const later = new ShareService(server.started.store, { now: () => new Date(Date.parse(record.expiresAt)) });
  await expect(later.open(token)).rejects.toMatchObject({
    status: 410,
    code: 'share-expired',
    message: `this share link expired on ${record.expiresAt}`,
  });
  const justBefore = new ShareService(server.started.store, { now: () => new Date(Date.parse(record.expiresAt) - 1) });
  expect((await justBefore.open(token)).shared.changeSet.id).toBe(set.id);
});

it('a bad token is share-invalid and says nothing about other sets: garbage 400, a forged or unknown one 404', async () => {
  const set = await createSet();
  const { token } = await share(set.id);
  const garbage = await server.call('GET', '/api/shares/not-a-token');
  expect(garbage.status).toBe(400);
  expect(garbage.json.error.code).toBe('share-invalid');

  // Signed with another key, naming a set and a share that do exist: the same answer as for a set that does not.
  const stored = await readSet(set.id);
  const forged = signShareToken(
    { changeSet: set.id, share: stored.shares[0]!.id, expiresAt: '2099-01-01T00:00:00.000Z' },
    Buffer.alloc(32, 7),
  );
  const refusedForged = await server.call('GET', `/api/shares/${forged}`);
  const key = await server.started.store.secret('share-links');
  const unknownSet = await server.call(
    'GET',
    `/api/shares/${signShareToken({ changeSet: 'cs-aaaaaaaaaa', share: 'sh-aaaaaaaaaa', expiresAt: '2099-01-01T00:00:00.000Z' }, key)}`,
  );
  expect([refusedForged.status, unknownSet.status]).toEqual([404, 404]);
  expect([refusedForged.json.error.code, unknownSet.json.error.code]).toEqual(['share-invalid', 'share-invalid']);
  expect(JSON.stringify(refusedForged.json)).not.toContain(set.id);
  // A token opens its own set only.
  const other = await createSet(['flags']);
  const opened = (await server.call('GET', `/api/shares/${token}`)).json as SharedChangeSet;
  expect(opened.changeSet.id).toBe(set.id);
  expect(JSON.stringify(opened)).not.toContain(other.id);
  expect(logLines.filter((l) => l.msg === 'share link refused').map((l) => l.code)).toEqual([
    'share-invalid',
    'share-invalid',
    'share-invalid',
  ]);
});

it('shares made at the same moment are all kept (compare-and-set, retried on the new record)', async () => {
  const set = await createSet();
  const created = await Promise.all(Array.from({ length: 6 }, (_, i) => share(set.id, { expiresInMinutes: 10 + i })));
  const stored = await readSet(set.id);
  expect(stored.shares.map((s) => s.id).sort()).toEqual(created.map((c) => c.share.id).sort());
  expect(stored.events.filter((e) => e.kind === 'shared')).toHaveLength(6);
});

it('rate-limits openings per address with its own message', async () => {
  const set = await createSet();
  const { token } = await share(set.id);
  const statuses: number[] = [];
  for (let i = 0; i < 61; i++) statuses.push((await server.call('GET', `/api/shares/${token}`)).status);
  expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
  const limited = await server.call('GET', `/api/shares/${token}`);
  expect(limited.status).toBe(429);
  expect(limited.json.error).toMatchObject({
    code: 'rate-limited',
    message: 'too many share links opened from this address (60 a minute)',
  });
  expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
});
