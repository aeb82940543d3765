/**
 * The document API against a real server and real files: reads and ETags, optimistic concurrency
 * (428/412), validation (422), malformed requests (400/413), traversal ids, publish and restore.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalText } from './documents/validation';
import { buildConfigs } from './publish/build-configs';
import { versionFilePath } from './storage/file-store';
import { snapshotTree, startTestServer, type TestServer } from './test-support/test-server';

let server: TestServer;
let seedBefore: Map<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  seedBefore = await snapshotTree(server.seedDir);
});
afterAll(() => server?.close());

const get = (urlPath: string) => server.call('GET', urlPath, { as: 'editor' });
const draft = async (id: string) => (await get(`/api/documents/${id}`)).json;

async function save(id: string, content: unknown, etag: string | undefined, message = 'test save') {
  return server.call('PUT', `/api/documents/${id}`, {
    as: 'editor',
    headers: etag ? { 'if-match': etag } : {},
    body: { content, message },
  });
}

/** A flags document whose first description is `text`, based on the current draft. */
async function flagsWith(text: string) {
  const current = await draft('flags');
  current.content.flags[0].description = text;
  return current;
}

describe('reading documents', () => {
  it('lists every seeded document with kind, validity, versions and last editor', async () => {
    const { json } = await get('/api/documents');
    const byId = Object.fromEntries(json.documents.map((d: { id: string }) => [d.id, d]));
    expect(Object.keys(byId)).toEqual(['de-DE', 'en-GB', 'markets', 'flags']);
    expect(byId['de-DE']).toMatchObject({
      kind: 'locale',
      valid: true,
      draft: { version: 1, etag: '"v1"', author: 'seed' },
      published: { version: 1 },
      hasUnpublishedChanges: false,
      lastEditor: 'seed',
    });
    expect(byId['markets'].kind).toBe('markets');
    // The deliberately broken seed: stored as a draft, flagged invalid, never published.
    expect(byId['en-GB']).toMatchObject({ valid: false, published: null });
    expect(byId['en-GB'].problemCount).toBeGreaterThan(0);
  });

  it('returns the document with an ETag, and 304 for a matching If-None-Match', async () => {
    const response = await get('/api/documents/de-DE');
    expect(response.headers.get('etag')).toBe('"v1"');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.json).toMatchObject({ id: 'de-DE', kind: 'locale', version: 1, isDraft: true, isPublished: true });
    expect(response.json.text).toBe(await readFile(path.join(server.seedDir, 'de-DE.json'), 'utf8'));
    expect(response.json.content.locale).toBe('de-DE');
    const again = await server.call('GET', '/api/documents/de-DE', {
      as: 'viewer',
      headers: { 'if-none-match': '"v1"' },
    });
    expect(again.status).toBe(304);
  });

  it('selects versions: draft, published, N; refuses others', async () => {
    expect((await get('/api/documents/de-DE?version=published')).json.version).toBe(1);
    expect((await get('/api/documents/de-DE?version=1')).json.version).toBe(1);
    const missing = await get('/api/documents/de-DE?version=99');
    expect([missing.status, missing.json.error.code]).toEqual([404, 'version-not-found']);
    const unpublished = await get('/api/documents/en-GB?version=published');
    expect([unpublished.status, unpublished.json.error.code]).toEqual([404, 'not-published']);
    for (const bad of ['0', '-1', 'latest', '1.5', '1e3']) {
      const response = await get(`/api/documents/de-DE?version=${bad}`);
      expect([response.status, response.json.error.code]).toEqual([400, 'bad-version']);
    }
  });

  it('answers 404 for a known id the store does not hold', async () => {
    const response = await get('/api/documents/fr-FR');
    expect([response.status, response.json.error.code]).toEqual([404, 'document-not-found']);
  });
});

describe('saving drafts', () => {
  it('saves with a current If-Match: new version, ETag, author and message in history', async () => {
    const current = await flagsWith('First saved description of this flag.');
    const response = await save('flags', current.content, current.etag, 'describe the first flag');
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(`"v${current.version + 1}"`);
    expect(response.json).toMatchObject({
      id: 'flags',
      version: current.version + 1,
      author: 'content-manager',
      message: 'describe the first flag',
      action: 'save',
    });
    const stored = await readFile(versionFilePath(server.configDir, 'flags', current.version + 1), 'utf8');
    expect(stored).toBe(canonicalText(current.content));
    const history = (await get('/api/documents/flags/history')).json;
    expect(history.versions[0]).toMatchObject({
      version: current.version + 1,
      author: 'content-manager',
      message: 'describe the first flag',
      isDraft: true,
    });
  });

  it('answers 428 without If-Match, and for If-Match: *', async () => {
    const current = await flagsWith('A description that is never saved.');
    const missing = await save('flags', current.content, undefined);
    expect([missing.status, missing.json.error.code]).toEqual([428, 'precondition-required']);
    const star = await save('flags', current.content, '*');
    expect(star.status).toBe(428);
    expect((await draft('flags')).version).toBe(current.version);
  });

  it('two writers with the same ETag: one 200, one 412 with the winner in the body; the file is the winner', async () => {
    const base = await draft('flags');
    const contents = ['Writer A wrote this description.', 'Writer B wrote this description.'].map((text) => {
      const content = structuredClone(base.content);
      content.flags[0].description = text;
      return content;
    });
    const responses = await Promise.all(contents.map((content, i) => save('flags', content, base.etag, `writer ${i}`)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 412]);
    const winner = responses.findIndex((r) => r.status === 200);
    const loser = responses[1 - winner]!;
    expect(loser.json.error.code).toBe('stale-version');
    expect(loser.json.current).toMatchObject({
      version: base.version + 1,
      etag: `"v${base.version + 1}"`,
      message: `writer ${winner}`,
      isDraft: true,
    });
    expect(loser.json.current.content).toEqual(contents[winner]);
    const onDisk = await readFile(versionFilePath(server.configDir, 'flags', base.version + 1), 'utf8');
    expect(onDisk).toBe(canonicalText(contents[winner]));
    expect((await draft('flags')).version).toBe(base.version + 1);
  });

  it('answers 422 with pointer, line, column, message and hint for a schema violation; nothing is written', async () => {
    const current = await flagsWith('short');
    const before = await snapshotTree(server.configDir);
    const response = await save('flags', current.content, current.etag);
    expect(response.status).toBe(422);
    expect(response.json.error.code).toBe('invalid-document');
    expect(response.json.error.problems).toEqual([
      expect.objectContaining({
        code: 'schema',
        pointer: '/flags/0/description',
        line: 6,
        column: expect.any(Number),
        message: expect.stringMatching(/at least 10 characters/),
      }),
    ]);
    expect(await snapshotTree(server.configDir)).toEqual(before);
  });

  it('checks cross-file rules against the other drafts: an unknown flag gives 422 with its pointer and a hint', async () => {
    const current = await draft('de-DE');
    const pointer = setFirstRuleFlag(current.content, 'newDashbord');
    const response = await save('de-DE', current.content, current.etag);
    expect(response.status).toBe(422);
    const problem = response.json.error.problems.find((p: { code: string }) => p.code === 'unknown-flag');
    expect(problem).toMatchObject({
      pointer,
      message: 'rule names unknown flag "newDashbord"',
      hint: expect.stringContaining('newDashboard'),
    });
    expect(problem.line).toBeGreaterThan(1);
  });

  it('refuses malformed bodies: invalid JSON 400, not an object 400, missing content 400, unknown field 400, oversized 413', async () => {
    const current = await draft('flags');
    const headers = { 'if-match': current.etag };
    const invalidJson = await server.call('PUT', '/api/documents/flags', {
      as: 'editor',
      headers,
      body: '{"content": {',
    });
    expect([invalidJson.status, invalidJson.json.error.code]).toEqual([400, 'invalid-json']);
    expect((await server.call('PUT', '/api/documents/flags', { as: 'editor', headers, body: '[1,2]' })).status).toBe(
      400,
    );
    expect(
      (await server.call('PUT', '/api/documents/flags', { as: 'editor', headers, body: { message: 'no content' } }))
        .json.error.message,
    ).toMatch(/content/);
    expect(
      (
        await server.call('PUT', '/api/documents/flags', {
          as: 'editor',
          headers,
          body: { content: {}, mesage: 'typo' },
        })
      ).json.error.hint,
    ).toBe('allowed fields: content, message');
    const huge = { content: { ...current.content, padding: 'x'.repeat(600 * 1024) }, message: 'too big' };
    const tooBig = await server.call('PUT', '/api/documents/flags', { as: 'editor', headers, body: huge });
    expect([tooBig.status, tooBig.json.error.code]).toEqual([413, 'body-too-large']);
    expect(
      (
        await server.call('PUT', '/api/documents/flags', {
          as: 'editor',
          headers: { ...headers, 'content-type': 'text/plain' },
          body: 'hello',
        })
      ).status,
    ).toBe(415);
    expect((await draft('flags')).version).toBe(current.version);
  });

  it('creates a missing known document with If-None-Match: *, once', async () => {
    const content = { ...(await draft('de-DE')).content, locale: 'fr-FR' };
    // fr-FR's content is de-DE's, so only the locale check is relevant; the schema accepts it.
    const created = await server.call('PUT', '/api/documents/fr-FR', {
      as: 'editor',
      headers: { 'if-none-match': '*' },
      body: { content, message: 'new market' },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ id: 'fr-FR', version: 1, action: 'create' });
    const again = await server.call('PUT', '/api/documents/fr-FR', {
      as: 'editor',
      headers: { 'if-none-match': '*' },
      body: { content, message: 'again' },
    });
    expect([again.status, again.json.error.code]).toEqual([409, 'document-exists']);
  });
});

describe('write turns (docs/api.md#write-turns)', () => {
  const saveWith = (content: unknown, etag: string, ticket?: string) =>
    server.call('PUT', '/api/documents/flags', {
      as: 'editor',
      headers: { 'if-match': etag, ...(ticket ? { 'write-ticket': ticket } : {}) },
      body: { content, message: 'turns' },
    });
  const described = (content: { flags: { description: string }[] }, text: string) => {
    const next = structuredClone(content);
    next.flags[0]!.description = text;
    return next;
  };

  it('serves the loser of a race before a writer that came later, who waits in line, then lets everyone through', async () => {
    const base = await draft('flags');
    const raced = await Promise.all(
      ['A', 'B'].map((w) => saveWith(described(base.content, `Writer ${w} wrote this.`), base.etag, 'new')),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([200, 412]);
    const loser = raced.find((r) => r.status === 412)!;
    expect(loser.json.turn).toMatchObject({ ahead: 0, retryAfterMs: 0 });

    // A writer that came later, with the current draft, waits in line behind the loser: nothing is written yet.
    const later = await draft('flags');
    let settled = false;
    const waiting = saveWith(described(later.content, 'Writer C wrote this.'), later.etag).then(
      (r) => ((settled = true), r),
    );
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(settled).toBe(false);
    expect((await draft('flags')).version).toBe(later.version);

    // The loser merges into `current` and goes through first; the later writer then finds the draft moved on.
    const merged = await saveWith(
      described(loser.json.current.content, 'Writer B merged this.'),
      loser.json.current.etag,
      loser.json.turn.ticket,
    );
    expect(merged.status).toBe(200);
    const after = await waiting;
    expect([after.status, after.json.error.code, after.json.current.message]).toEqual([412, 'stale-version', 'turns']);
    expect(after.json.current.version).toBe(merged.json.version);

    // The line is empty again: a writer without a ticket saves at once.
    const now = await draft('flags');
    expect((await saveWith(described(now.content, 'Writer D wrote this.'), now.etag)).status).toBe(200);
  });

  it('gives a writer that sends no Write-Ticket a plain 412 that holds no one up', async () => {
    const base = await draft('flags');
    const raced = await Promise.all(
      ['E', 'F'].map((w) => saveWith(described(base.content, `Writer ${w} wrote this.`), base.etag)),
    );
    const loser = raced.find((r) => r.status === 412)!;
    expect(loser.json.turn).toBeUndefined();
    const next = await draft('flags');
    expect((await saveWith(described(next.content, 'Writer G wrote this.'), next.etag)).status).toBe(200);
  });

  it('refuses a Write-Ticket it did not issue with 400, naming what to send', async () => {
    const base = await draft('flags');
    const refused = await saveWith(described(base.content, 'Writer H wrote this.'), base.etag, 'let-me-first');
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toContain('"let-me-first" is neither "new" nor a ticket');
    expect((await draft('flags')).version).toBe(base.version);
  });
});

describe('document ids that try to leave the store', () => {
  const IDS = [
    '..',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e%2fusers',
    '..%5C..%5Cusers',
    '%2Fetc%2Fpasswd',
    'de-DE%00',
    '%00',
    'de-DE%2F..%2F..%2Fcanary',
    'C%3A%5Cwindows',
    'users',
    'DE-de',
    'de-DE.json',
    '.',
    '%252e%252e',
  ];
  const REQUESTS = (id: string) => [
    ['GET', `/api/documents/${id}`],
    ['GET', `/api/documents/${id}/history`],
    ['PUT', `/api/documents/${id}`],
    ['POST', `/api/documents/${id}/publish`],
    ['POST', `/api/documents/${id}/restore`],
  ];

  it('answers 400 or 404 and touches nothing outside (or inside) the store', async () => {
    const canary = path.join(server.root, 'canary.json');
    await writeFile(canary, '{"secret": "canary-7c1f"}');
    const storeBefore = await snapshotTree(server.configDir);
    const rootBefore = await snapshotTree(server.root);
    for (const id of IDS) {
      for (const [method, urlPath] of REQUESTS(id)) {
        const body =
          method === 'PUT'
            ? { content: { secret: 1 }, message: 'x' }
            : urlPath!.endsWith('/restore')
              ? { version: 1 }
              : undefined;
        const response = await server.call(method!, urlPath!, { as: 'editor', headers: { 'if-match': '"v1"' }, body });
        expect([400, 404], `${method} ${urlPath} → ${response.status}`).toContain(response.status);
        expect(response.text).not.toContain('canary-7c1f');
      }
    }
    expect(await snapshotTree(server.configDir)).toEqual(storeBefore);
    expect(await snapshotTree(server.root)).toEqual(rootBefore);
  });

  it('does not normalise dot segments sent raw (no client-side URL cleanup)', async () => {
    const cookie = await server.cookie('editor');
    for (const raw of [
      '/api/documents/../users.json',
      '/api/documents/../../canary.json',
      '/configs/../users.json',
      '/configs/..%2Fusers.json',
      '/configs/%2e%2e/documents/flags/meta.json',
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        const port = Number(new URL(server.url).port);
        http
          .get({ host: '127.0.0.1', port, path: raw, headers: { cookie } }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          })
          .on('error', reject);
      });
      expect([400, 404], raw).toContain(status);
    }
  });
});

describe('publishing', () => {
  it('needs If-Match (428), refuses a stale one (412) and refuses invalid drafts (422)', async () => {
    expect((await server.call('POST', '/api/documents/de-DE/publish', { as: 'editor' })).status).toBe(428);
    const stale = await server.call('POST', '/api/documents/flags/publish', {
      as: 'editor',
      headers: { 'if-match': '"v1"' },
    });
    expect([stale.status, stale.json.error.code]).toEqual([412, 'stale-version']);
    const invalid = await server.call('POST', '/api/documents/en-GB/publish', {
      as: 'editor',
      headers: { 'if-match': '"v1"' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.json.error.problems[0]).toMatchObject({ code: 'file-locale-mismatch', pointer: '/locale' });
    expect((await get('/configs/manifest.json')).json.documents['en-GB']).toBeUndefined();
  });

  it('publish → manifest → file round-trip is byte-identical to build:configs over the same documents', async () => {
    const current = await flagsWith('Published description for the round trip.');
    const saved = await save('flags', current.content, current.etag, 'round trip');
    const published = await server.call('POST', '/api/documents/flags/publish', {
      as: 'editor',
      headers: { 'if-match': saved.json.etag },
    });
    expect(published.status, published.text).toBe(200);
    expect(published.json).toMatchObject({
      id: 'flags',
      version: saved.json.version,
      url: expect.stringMatching(/^\/configs\/flags\.[0-9a-f]{16}\.json$/),
      manifest: '/configs/manifest.json',
      unchanged: false,
    });

    const manifestResponse = await fetch(`${server.url}/configs/manifest.json`);
    expect(manifestResponse.headers.get('cache-control')).toBe('no-cache');
    const manifestBytes = Buffer.from(await manifestResponse.arrayBuffer());
    const manifest = JSON.parse(manifestBytes.toString('utf8'));
    expect(manifest.documents.flags.file).toBe(published.json.url.replace('/configs/', ''));

    // Same documents, as a directory, through build:configs.
    const dir = await mkdtemp(path.join(tmpdir(), 'build-configs-src-'));
    const out = await mkdtemp(path.join(tmpdir(), 'build-configs-out-'));
    try {
      for (const id of Object.keys(manifest.documents))
        await writeFile(path.join(dir, `${id}.json`), (await get(`/api/documents/${id}?version=published`)).json.text);
      const built = await buildConfigs(dir, out);
      expect(built.problems).toEqual([]);
      expect(await readFile(path.join(out, 'manifest.json'))).toEqual(manifestBytes);
      for (const entry of Object.values(manifest.documents) as { file: string }[]) {
        const response = await fetch(`${server.url}/configs/${entry.file}`);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        expect(Buffer.from(await response.arrayBuffer())).toEqual(await readFile(path.join(out, entry.file)));
      }
      // The published file is the default-filled document without the editor's $schema key.
      const flagsFile = JSON.parse(await readFile(path.join(out, manifest.documents.flags.file), 'utf8'));
      expect(flagsFile.$schema).toBeUndefined();
      expect(flagsFile.flags[0].description).toBe('Published description for the round trip.');
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(out, { recursive: true, force: true });
    }
  });

  it('publishing the published version again changes nothing', async () => {
    const etag = (await draft('de-DE')).etag;
    const before = (await get('/api/documents/de-DE/history')).json.publications;
    const again = await server.call('POST', '/api/documents/de-DE/publish', {
      as: 'editor',
      headers: { 'if-match': etag },
    });
    expect(again.json.unchanged).toBe(true);
    expect((await get('/api/documents/de-DE/history')).json.publications).toEqual(before);
  });

  it('refuses a flags publication that would strand a rule in a published config', async () => {
    const current = await draft('flags');
    current.content.flags = current.content.flags.filter((f: { id: string }) => f.id !== 'newDashboard');
    const saved = await save('flags', current.content, current.etag, 'drop newDashboard');
    expect(saved.status).toBe(200);
    const response = await server.call('POST', '/api/documents/flags/publish', {
      as: 'editor',
      headers: { 'if-match': saved.json.etag },
    });
    expect(response.status).toBe(422);
    expect(response.json.error.problems[0]).toMatchObject({ code: 'unknown-flag', file: 'published de-DE' });
    // The list now reports de-DE's draft invalid against the flags draft.
    const list = (await get('/api/documents')).json.documents;
    expect(list.find((d: { id: string }) => d.id === 'de-DE').valid).toBe(false);
  });

  it('serves 404 for unknown published files', async () => {
    for (const name of ['nope.json', 'de-DE.json', 'de-DE.0123456789abcdef.json', 'users.json'])
      expect((await server.call('GET', `/configs/${name}`)).status).toBe(404);
  });
});

describe('history and restore', () => {
  it('restores an old version as a new draft (round trip), and refuses stale or missing versions', async () => {
    const v1 = (await get('/api/documents/markets?version=1')).json;
    const current = await draft('markets');
    current.content.markets[0].country = 'Deutschland (geändert)';
    const saved = await save('markets', current.content, current.etag, 'rename country');
    expect(saved.status, saved.text).toBe(200);

    const stale = await server.call('POST', '/api/documents/markets/restore', {
      as: 'editor',
      headers: { 'if-match': current.etag },
      body: { version: 1 },
    });
    expect(stale.status).toBe(412);
    const missing = await server.call('POST', '/api/documents/markets/restore', {
      as: 'editor',
      headers: { 'if-match': saved.json.etag },
      body: { version: 42 },
    });
    expect([missing.status, missing.json.error.code]).toEqual([404, 'version-not-found']);
    const noVersion = await server.call('POST', '/api/documents/markets/restore', {
      as: 'editor',
      headers: { 'if-match': saved.json.etag },
      body: {},
    });
    expect(noVersion.status).toBe(400);

    const restored = await server.call('POST', '/api/documents/markets/restore', {
      as: 'editor',
      headers: { 'if-match': saved.json.etag },
      body: { version: 1 },
    });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json).toMatchObject({
      version: saved.json.version + 1,
      action: 'restore',
      restoredFrom: 1,
      message: 'Restored version 1',
      author: 'content-manager',
    });
    const now = await draft('markets');
    expect(now.text).toBe(v1.text);
    expect(now.version).toBe(saved.json.version + 1);

    const history = (await get('/api/documents/markets/history')).json;
    expect(history.versions.map((v: { version: number; action: string }) => [v.version, v.action])).toEqual([
      [3, 'restore'],
      [2, 'save'],
      [1, 'seed'],
    ]);
    expect(history).toMatchObject({ draftVersion: 3, publishedVersion: 1 });
  });
});

describe('the seed directory', () => {
  it('is never written: after every save, publish and restore above it is as it was', async () => {
    expect(await snapshotTree(server.seedDir)).toEqual(seedBefore);
  });
});

/** Points the first visibility rule's flag at `flag`; returns its JSON pointer. */
function setFirstRuleFlag(content: unknown, flag: string): string {
  const visit = (node: unknown, pointer: string): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const record = node as Record<string, unknown>;
    const rule = record.visibility as Record<string, unknown> | undefined;
    if (rule && typeof rule.flag === 'string') {
      rule.flag = flag;
      return `${pointer}/visibility/flag`;
    }
    for (const [key, child] of Object.entries(record)) {
      const found = visit(child, `${pointer}/${key}`);
      if (found) return found;
    }
    return undefined;
  };
  const pointer = visit(content, '');
  if (!pointer) throw new Error('fixture has no flag rule');
  return pointer;
}
