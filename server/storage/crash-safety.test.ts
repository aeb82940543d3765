/**
 * Crash safety of the file store: a write that fails part-way leaves the old file or the new one,
 * never a torn one, and never a temp file; a crash's leftovers are swept at the next open.
 * Failures are injected through the store's WriteFaults seam, behind the real HTTP API.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalText } from '../documents/validation';
import { contentHash, publishedFileName } from './published-config';
import { startTestServer, tempFiles, type TestServer } from '../test-support/test-server';
import { writeFileAtomic, type WriteFaults } from './atomic-write';
import { FileStore, versionFilePath } from './file-store';
import { KeyedMutex } from './keyed-mutex';

/** Faults that fire only while armed, and only for targets matching `where`. */
function armableFaults() {
  let armed: { hook: keyof WriteFaults; where: RegExp } | undefined;
  const fire = (hook: keyof WriteFaults) => (target: string) => {
    if (armed?.hook === hook && armed.where.test(target)) {
      armed = undefined;
      throw new Error(`injected failure in ${hook} of ${path.basename(target)}`);
    }
  };
  return {
    faults: { midWrite: fire('midWrite'), beforeRename: fire('beforeRename') } satisfies WriteFaults,
    arm(hook: keyof WriteFaults, where: RegExp) {
      armed = { hook, where };
    },
  };
}

describe('injected failures mid-write, through the API', () => {
  const injector = armableFaults();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ faults: injector.faults });
  });
  afterAll(() => server?.close());

  async function attemptSave(description: string) {
    const current = (await server.call('GET', '/api/documents/flags', { as: 'editor' })).json;
    const content = structuredClone(current.content);
    content.flags[0].description = description;
    const response = await server.call('PUT', '/api/documents/flags', {
      as: 'editor',
      headers: { 'if-match': current.etag },
      body: { content, message: description },
    });
    return { current, content, response };
  }

  it.each([
    ['half-written version file', 'midWrite', /versions\/\d+\.json$/],
    ['version file before its rename', 'beforeRename', /versions\/\d+\.json$/],
    ['half-written meta.json (the commit point)', 'midWrite', /meta\.json$/],
    ['meta.json before its rename', 'beforeRename', /meta\.json$/],
  ] as const)(
    '%s: 500, the old draft stays whole, no temp file; the next save succeeds',
    async (_label, hook, where) => {
      injector.arm(hook, where);
      const failed = await attemptSave('This save fails part of the way through.');
      expect(failed.response.status).toBe(500);
      expect(failed.response.json.error.code).toBe('internal');
      expect(await tempFiles(server.configDir)).toEqual([]);

      // The draft is still the old version, and its file is intact.
      const after = (await server.call('GET', '/api/documents/flags', { as: 'editor' })).json;
      expect(after.version).toBe(failed.current.version);
      expect(after.text).toBe(failed.current.text);
      expect(await readFile(versionFilePath(server.configDir, 'flags', after.version), 'utf8')).toBe(
        failed.current.text,
      );

      // If the version file made it before meta.json failed, it is an orphan: whole, and unreferenced.
      const orphan = await readFile(versionFilePath(server.configDir, 'flags', after.version + 1), 'utf8').catch(
        () => undefined,
      );
      if (orphan !== undefined) expect(orphan).toBe(canonicalText(failed.content));

      const retry = await attemptSave(`Saved after the failure (${hook}).`);
      expect(retry.response.status).toBe(200);
      expect(retry.response.json.version).toBe(after.version + 1);
      expect(await readFile(versionFilePath(server.configDir, 'flags', after.version + 1), 'utf8')).toBe(
        canonicalText(retry.content),
      );
    },
  );

  it('a publish whose manifest write fails leaves the old manifest whole; retrying completes it', async () => {
    const manifestBefore = (await server.call('GET', '/configs/manifest.json')).text;
    const etag = (await server.call('GET', '/api/documents/flags', { as: 'editor' })).json.etag;
    injector.arm('midWrite', /manifest\.json$/);
    const failed = await server.call('POST', '/api/documents/flags/publish', {
      as: 'editor',
      headers: { 'if-match': etag },
    });
    expect(failed.status).toBe(500);
    expect(await tempFiles(server.configDir)).toEqual([]);
    expect((await server.call('GET', '/configs/manifest.json')).text).toBe(manifestBefore);

    const retry = await server.call('POST', '/api/documents/flags/publish', {
      as: 'editor',
      headers: { 'if-match': etag },
    });
    expect(retry.status).toBe(200);
    const manifest = (await server.call('GET', '/configs/manifest.json')).json;
    expect(`/configs/${manifest.documents.flags.file}`).toBe(retry.json.url);
  });
});

describe('file store recovery and primitives', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'file-store-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writeFileAtomic: a failure at any point keeps the old bytes and removes the temp file', async () => {
    const target = path.join(dir, 'target.json');
    await writeFileAtomic(target, 'old');
    for (const hook of ['midWrite', 'beforeRename'] as const) {
      const faults: WriteFaults = { [hook]: () => Promise.reject(new Error('boom')) };
      await expect(writeFileAtomic(target, 'new content', { faults })).rejects.toThrow('boom');
      expect(await readFile(target, 'utf8')).toBe('old');
      expect(await tempFiles(dir)).toEqual([]);
    }
    await writeFileAtomic(target, 'new content');
    expect(await readFile(target, 'utf8')).toBe('new content');
  });

  it('open() sweeps temp files a killed process left behind, and re-derives a stale manifest', async () => {
    const storeDir = path.join(dir, 'store');
    const { store } = await FileStore.open({ dir: storeDir });
    const text = '{"flags": []}\n';
    const commit = await store.commitDraft('flags', { text, author: 't', message: 'm', action: 'save' }, null);
    expect(commit.ok).toBe(true);
    // Published files are checked against the hash in their name at open, so the fixture's must be real.
    const bytes = Buffer.from('{"flags":[]}');
    const file = publishedFileName('flags', contentHash(bytes));
    await store.publish('flags', { version: 1, bytes, hash: contentHash(bytes), file, author: 't' }, 1);

    // What a SIGKILL mid-write leaves: a half temp file, and a manifest that lost the last publication.
    await writeFile(path.join(storeDir, 'documents', 'flags', '.meta.json.999.abc.tmp'), '{"trunc');
    await writeFile(path.join(storeDir, 'published', 'manifest.json'), '{"format":1,"documents":{}}\n');
    const reopened = await FileStore.open({ dir: storeDir });
    expect(reopened.recovery.tempFilesRemoved).toBe(1);
    expect(await tempFiles(storeDir)).toEqual([]);
    const manifest = JSON.parse(Buffer.from((await reopened.store.readPublished('manifest.json'))!).toString('utf8'));
    expect(manifest.documents.flags.file).toBe(file);
    expect((await reopened.store.read('flags', 'draft'))?.text).toBe(text);
  });

  it('KeyedMutex runs tasks for one key one at a time, in order, and other keys alongside', async () => {
    const mutex = new KeyedMutex();
    const log: string[] = [];
    const task = (key: string, name: string, ms: number) =>
      mutex.run(key, async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
      });
    await Promise.all([task('a', 'a1', 20), task('a', 'a2', 1), task('b', 'b1', 5)]);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
  });
});
