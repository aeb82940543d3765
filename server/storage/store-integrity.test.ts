/**
 * Integrity checks while the service runs (published files verified as they are served, a version
 * file changed under the server) and `store:check`'s report and repair. The restart variants are in
 * corruption.hardening.test.ts.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash, publishedFileName } from './published-config';
import { snapshotTree, startTestServer, type TestServer } from '../test-support/test-server';
import { FileStore } from './file-store';
import { checkStore } from './store-check';
import { metaPath, publishedDir, versionFilePath } from './store-layout';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

/** A copy of the server's store, with en-GB's version file put back (a test below changes it). */
function copyOfServerStore(copy: string): string {
  cpSync(server.configDir, copy, { recursive: true });
  writeFileSync(versionFilePath(copy, 'en-GB', 1), readFileSync(path.join(server.seedDir, 'en-GB.json'), 'utf8'));
  return copy;
}

const manifestFile = async (id: string): Promise<string> =>
  (await server.call('GET', '/configs/manifest.json')).json.documents[id].file;

describe('published files are checked as they are served', () => {
  it.each([
    ['deleted', (file: string) => unlinkSync(file)],
    ['changed', (file: string) => writeFileSync(file, readFileSync(file, 'utf8').replace('"de-DE"', '"xx-XX"'))],
  ])('a current file %s under the running server is rendered again, never served changed', async (_label, damage) => {
    const name = await manifestFile('de-DE');
    const file = path.join(publishedDir(server.configDir), name);
    const original = readFileSync(file);
    damage(file);
    const served = await fetch(`${server.url}/configs/${name}`);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(served.status).toBe(200);
    expect(contentHash(bytes)).toBe(name.split('.')[1]);
    expect(bytes.equals(original)).toBe(true);
    expect(readFileSync(file).equals(original)).toBe(true);
  });

  it('a changed file that no version renders to answers 503 document-damaged, not its bytes', async () => {
    const bytes = Buffer.from('{"locale":"de-DE"}');
    const name = publishedFileName('de-DE', contentHash(bytes));
    writeFileSync(path.join(publishedDir(server.configDir), name), '{"locale":"de-DE","evil":true}');
    const served = await server.call('GET', `/configs/${name}`);
    expect(served.status).toBe(503);
    expect(served.json.error.code).toBe('document-damaged');
    expect(served.json.damaged).toMatchObject({ id: 'de-DE', file: `published/${name}` });
    expect(served.text).not.toContain('evil');
  });
});

describe('a version file changed under the running server', () => {
  it('marks only that document damaged; the list and every other document keep working', async () => {
    const flags = (await server.call('GET', '/api/documents/flags', { as: 'editor' })).json;
    const file = versionFilePath(server.configDir, 'en-GB', 1);
    writeFileSync(file, `${readFileSync(file, 'utf8')} `);

    const list = await server.call('GET', '/api/documents', { as: 'viewer' });
    expect(list.status).toBe(200);
    expect(list.json.damaged).toEqual([
      expect.objectContaining({
        id: 'en-GB',
        kind: 'locale',
        file: path.join('documents', 'en-GB', 'versions', '000001.json'),
        problem: expect.stringContaining('sha256'),
        repair: expect.stringContaining('docs/operations.md#repair'),
      }),
    ]);
    expect(list.json.documents.map((d: { id: string }) => d.id)).toEqual(['de-DE', 'markets', 'flags']);

    const read = await server.call('GET', '/api/documents/en-GB', { as: 'editor' });
    expect([read.status, read.json.error.code]).toEqual([503, 'document-damaged']);
    expect(read.json.error.hint).toContain('backup');
    // A stale save of a healthy document is still a 412 with the current draft, not a 500.
    const stale = await server.call('PUT', '/api/documents/flags', {
      as: 'editor',
      headers: { 'if-match': '"v99"' },
      body: { content: flags.content, message: 'stale' },
    });
    expect([stale.status, stale.json.current?.version]).toEqual([412, flags.version]);
  });
});

describe('npm run store:check', () => {
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'store-check-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const copyStore = (name: string) => copyOfServerStore(path.join(dir, name));

  it('is clean on a healthy store', async () => {
    expect(await checkStore(copyStore('clean'), { repair: false })).toEqual({
      lines: [expect.stringMatching(/^✓ .*: no problems$/)],
      exitCode: 0,
    });
  });

  it('reports every problem on its own line and exit 1, writing nothing; --repair fixes what needs no guessing', async () => {
    const store = copyStore('repairable');
    writeFileSync(metaPath(store, 'de-DE'), '{"format":1,"id":"de-DE","dra');
    unlinkSync(path.join(publishedDir(store), await manifestFile('flags')));
    writeFileSync(path.join(store, 'documents', '.x.json.1.ab.tmp'), '');
    const before = await snapshotTree(store);

    const check = await checkStore(store, { repair: false });
    expect(check.exitCode).toBe(1);
    expect(check.lines).toEqual([
      expect.stringMatching(/^documents\/\.x\.json\.1\.ab\.tmp: is a temp file .* — repair with --repair/),
      expect.stringMatching(
        /^documents\/de-DE\/meta\.json: is not valid JSON .* — repair with --repair \(or a restart\): rebuilt from 1 version file/,
      ),
      expect.stringMatching(
        /^published\/flags\.[0-9a-f]{16}\.json: is missing — repair with --repair \(or a restart\): rendered again from version 1$/,
      ),
      expect.stringMatching(/^✗ .*: 3 problems: 3 repairable with --repair$/),
    ]);
    expect(await snapshotTree(store)).toEqual(before);

    const repair = await checkStore(store, { repair: true });
    expect(repair.exitCode).toBe(0);
    expect(repair.lines.at(-1)).toMatch(/^✓ .*: 3 problems: 3 repaired$/);
    expect(await checkStore(store, { repair: false })).toMatchObject({ exitCode: 0 });
  });

  it('leaves what cannot be rebuilt to a person, with exit 1 after --repair', async () => {
    const store = copyStore('manual');
    writeFileSync(versionFilePath(store, 'markets', 1), '{}');
    const repair = await checkStore(store, { repair: true });
    expect(repair.exitCode).toBe(1);
    expect(repair.lines).toEqual([
      'documents/markets/versions/000001.json: does not match the sha256 recorded in meta.json (changed or cut short) — by hand: restore documents/markets/versions/000001.json from a backup (docs/operations.md#repair); no other copy of version 1 exists',
      expect.stringMatching(/^✗ .*: 1 problem: 1 to repair by hand \(docs\/operations\.md#repair\)$/),
    ]);
  });
});

describe('repair at start', () => {
  it('a lost current published file that its version no longer renders to byte for byte is published again under its new name', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rerender-'));
    const store = copyOfServerStore(path.join(dir, 'store'));
    const name = await manifestFile('flags');
    // What a schema change since the publication amounts to: the recorded hash is not today's rendering.
    const oldName = publishedFileName('flags', '0123456789abcdef');
    writeFileSync(
      metaPath(store, 'flags'),
      readFileSync(metaPath(store, 'flags'), 'utf8')
        .replaceAll(name, oldName)
        .replaceAll(name.split('.')[1]!, '0123456789abcdef'),
    );
    unlinkSync(path.join(publishedDir(store), name));

    const { store: reopened, recovery } = await FileStore.open({ dir: store });
    expect(recovery.findings).toContainEqual(
      expect.objectContaining({
        file: `published/${oldName}`,
        problem: 'is missing',
        status: 'repaired',
        action: `version 1 renders differently today; published again as published/${name}`,
      }),
    );
    expect(await reopened.summary('flags')).toMatchObject({
      published: { version: 1, file: name, author: 'recovered' },
    });
    const manifest = JSON.parse(Buffer.from((await reopened.readPublished('manifest.json'))!).toString('utf8'));
    expect(manifest.documents.flags.file).toBe(name);
    expect(await reopened.readPublished(name)).toBeDefined();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds nothing wrong with a new, empty store', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'new-store-'));
    const { recovery } = await FileStore.open({ dir });
    expect(recovery.findings).toEqual([]);
    expect(readFileSync(path.join(publishedDir(dir), 'manifest.json'), 'utf8')).toContain('"documents": {}');
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a damaged meta.json beside the rebuilt one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keep-damaged-'));
    const store = copyOfServerStore(path.join(dir, 'store'));
    writeFileSync(metaPath(store, 'flags'), '{"format":1,"id":"fl');
    await FileStore.open({ dir: store });
    expect(readFileSync(`${metaPath(store, 'flags')}.damaged`, 'utf8')).toBe('{"format":1,"id":"fl');
    expect(JSON.parse(readFileSync(metaPath(store, 'flags'), 'utf8'))).toMatchObject({ id: 'flags', draft: 1 });
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('repair by hand (docs/operations.md#repair)', () => {
  it('a document whose directory was lost without a backup restarts its history from what customers load', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'manual-repair-'));
    const store = copyOfServerStore(path.join(dir, 'store'));
    const name = await manifestFile('markets');
    rmSync(path.join(store, 'documents', 'markets'), { recursive: true });
    expect(await (await FileStore.open({ dir: store })).store.health()).toEqual({
      damaged: [expect.objectContaining({ id: 'markets', file: 'documents/markets' })],
      damagedChangeSets: [],
    });

    // The guide's step: the published file, pretty-printed, becomes version 1.
    mkdirSync(path.join(store, 'documents', 'markets', 'versions'), { recursive: true });
    const published = readFileSync(path.join(publishedDir(store), name), 'utf8');
    writeFileSync(versionFilePath(store, 'markets', 1), `${JSON.stringify(JSON.parse(published), null, 2)}\n`);

    const { store: reopened, recovery } = await FileStore.open({ dir: store });
    expect(await reopened.health()).toEqual({ damaged: [], damagedChangeSets: [] });
    expect(recovery.findings).toEqual([
      expect.objectContaining({
        file: 'documents/markets/meta.json',
        status: 'repaired',
        action: expect.stringContaining(`published version 1 recovered from published/${name}`),
      }),
    ]);
    expect(await reopened.summary('markets')).toMatchObject({
      draft: { version: 1, author: 'recovered' },
      published: { version: 1, file: name },
    });
    rmSync(dir, { recursive: true, force: true });
  });
});
