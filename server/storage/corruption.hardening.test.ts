/**
 * The store on a bad day: each variant damages one kind of file of a store with history (several
 * versions, a restore, earlier and current publications), restarts a real server on it and checks
 * over HTTP that
 *   - the service is up: /healthz, the list, the manifest and every untouched document answer;
 *   - nothing is rolled back silently: every document listed as healthy serves its acknowledged
 *     draft and publication, and customers get the acknowledged published bytes;
 *   - no acknowledged version is lost: each one the damage did not destroy is still readable (or,
 *     for a document reported damaged, still on disk), also after a save on top.
 * A damaged document must be reported (list + 503 document-damaged), never reseeded.
 * Prints one row per variant and the totals; docs/operations.md#repair says what each repair does.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentId } from '../../schemas/validator/index';
import { contentHash, parsePublishedFileName } from './published-config';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { metaPath, publishedDir, versionFilePath } from './store-layout';

interface Acknowledged {
  /** Every version's text, by number. */
  versions: Map<number, string>;
  draft: number;
  published: { version: number; file: string };
}

const TRACKED: DocumentId[] = ['de-DE', 'flags', 'markets'];
let baseline: string;
let seedDir: string;
const acknowledged = new Map<DocumentId, Acknowledged>();
/** The de-DE published files: A is versions 1 and 4 (a restore of 1), B is version 2, the current one. */
const files = { A: '', B: '', flagsCurrent: '' };
let flagsMetaText = '';
/** de-DE's meta.json as a backup taken before versions 3 and 4 would hold it. */
let deMetaAtVersion2 = '';

beforeAll(async () => {
  const server = await startTestServer();
  const put = async (id: DocumentId, change: (content: Record<string, unknown>) => void) => {
    const current = (await server.call('GET', `/api/documents/${id}`, { as: 'editor' })).json;
    change(current.content);
    const saved = await server.call('PUT', `/api/documents/${id}`, {
      as: 'editor',
      headers: { 'if-match': current.etag },
      body: { content: current.content, message: 'baseline' },
    });
    expect(saved.status).toBe(200);
    return saved.json;
  };
  const publish = async (id: DocumentId, etag: string) => {
    const published = await server.call('POST', `/api/documents/${id}/publish`, {
      as: 'editor',
      headers: { 'if-match': etag },
    });
    expect(published.status).toBe(200);
    return published.json;
  };
  // de-DE: 1 seed (published: A), 2 save (published: B), 3 save, 4 restore of 1 (the draft).
  files.A = (await server.call('GET', '/configs/manifest.json')).json.documents['de-DE'].file;
  const v2 = await put('de-DE', (c) => ((c.seo as Record<string, string>).metaTitle = 'Baseline version 2'));
  files.B = (await publish('de-DE', v2.etag)).url.replace('/configs/', '');
  deMetaAtVersion2 = readFileSync(metaPath(server.configDir, 'de-DE'), 'utf8');
  const v3 = await put('de-DE', (c) => ((c.seo as Record<string, string>).metaTitle = 'Baseline version 3'));
  const restored = await server.call('POST', '/api/documents/de-DE/restore', {
    as: 'editor',
    headers: { 'if-match': v3.etag },
    body: { version: 1 },
  });
  expect(restored.json.version).toBe(4);
  // flags: 1 seed (published), 2 save (published).
  const f2 = await put(
    'flags',
    (c) => ((c.flags as { description: string }[])[0]!.description = 'Baseline flags version 2'),
  );
  files.flagsCurrent = (await publish('flags', f2.etag)).url.replace('/configs/', '');

  for (const id of TRACKED) {
    const history = (await server.call('GET', `/api/documents/${id}/history`, { as: 'editor' })).json;
    const versions = new Map<number, string>();
    for (const v of history.versions)
      versions.set(
        v.version,
        (await server.call('GET', `/api/documents/${id}?version=${v.version}`, { as: 'editor' })).json.text,
      );
    const file = (await server.call('GET', '/configs/manifest.json')).json.documents[id].file;
    acknowledged.set(id, {
      versions,
      draft: history.draftVersion,
      published: { version: history.publishedVersion, file },
    });
  }
  await server.started.app.close();
  baseline = path.join(server.root, 'store');
  seedDir = server.seedDir;
  flagsMetaText = readFileSync(metaPath(baseline, 'flags'), 'utf8');
}, 60_000);

afterAll(() => {
  if (baseline) rmSync(path.dirname(baseline), { recursive: true, force: true });
  printFigures();
});

type Damage = (dir: string) => void;
interface Variant {
  name: string;
  target: DocumentId;
  /** What the target must be after the restart: repaired at start, or reported damaged. */
  outcome: 'healthy' | 'damaged';
  damage: Damage;
  /** Versions of the target this damage destroys beyond repair (not counted as lost by the service). */
  destroys?: number[];
}

const meta = (id: DocumentId) => (dir: string) => metaPath(dir, id);
const version = (id: DocumentId, n: number) => (dir: string) => versionFilePath(dir, id, n);
const pub = (name: () => string) => (dir: string) => path.join(publishedDir(dir), name());
const manifest = (dir: string) => path.join(publishedDir(dir), 'manifest.json');

const truncate =
  (file: (dir: string) => string): Damage =>
  (dir) =>
    truncateSync(file(dir), Math.floor(readFileSync(file(dir)).length / 2));
const empty =
  (file: (dir: string) => string): Damage =>
  (dir) =>
    writeFileSync(file(dir), '');
const write =
  (file: (dir: string) => string, text: string | (() => string)): Damage =>
  (dir) =>
    writeFileSync(file(dir), typeof text === 'string' ? text : text());
const remove =
  (file: (dir: string) => string): Damage =>
  (dir) =>
    unlinkSync(file(dir));
const flipByte =
  (file: (dir: string) => string): Damage =>
  (dir) => {
    const bytes = readFileSync(file(dir));
    const at = bytes.indexOf('"') + 1;
    bytes[at] = bytes[at]! ^ 0x01;
    writeFileSync(file(dir), bytes);
  };
const both =
  (...damages: Damage[]): Damage =>
  (dir) =>
    damages.forEach((d) => d(dir));
const GARBAGE = '\u0000\u00ff\u00fe garbage \ufffd\n';

const VARIANTS: Variant[] = [
  { name: 'de-DE meta.json cut in half', target: 'de-DE', outcome: 'healthy', damage: truncate(meta('de-DE')) },
  { name: 'de-DE meta.json empty', target: 'de-DE', outcome: 'healthy', damage: empty(meta('de-DE')) },
  { name: 'de-DE meta.json is {}', target: 'de-DE', outcome: 'healthy', damage: write(meta('de-DE'), '{}\n') },
  {
    name: 'de-DE meta.json inconsistent (draft 99)',
    target: 'de-DE',
    outcome: 'healthy',
    damage: (dir) =>
      writeFileSync(
        metaPath(dir, 'de-DE'),
        readFileSync(metaPath(dir, 'de-DE'), 'utf8').replace(/"draft": \d+/, '"draft": 99'),
      ),
  },
  { name: 'de-DE meta.json deleted', target: 'de-DE', outcome: 'healthy', damage: remove(meta('de-DE')) },
  {
    name: 'de-DE meta.json binary garbage',
    target: 'de-DE',
    outcome: 'healthy',
    damage: write(meta('de-DE'), GARBAGE),
  },
  {
    name: 'de-DE meta.json holds the flags record',
    target: 'de-DE',
    outcome: 'healthy',
    damage: write(meta('de-DE'), () => flagsMetaText),
  },
  {
    name: 'de-DE meta.json replaced by a directory',
    target: 'de-DE',
    outcome: 'damaged',
    damage: both(remove(meta('de-DE')), (dir) =>
      mkdirSync(path.join(metaPath(dir, 'de-DE'), 'x'), { recursive: true }),
    ),
  },
  {
    name: 'de-DE meta.json from a backup 2 saves older',
    target: 'de-DE',
    outcome: 'healthy',
    damage: write(meta('de-DE'), () => deMetaAtVersion2),
  },
  { name: 'flags meta.json cut in half', target: 'flags', outcome: 'healthy', damage: truncate(meta('flags')) },
  { name: 'flags meta.json deleted', target: 'flags', outcome: 'healthy', damage: remove(meta('flags')) },
  {
    name: 'de-DE meta.json and manifest deleted',
    target: 'de-DE',
    outcome: 'healthy',
    damage: both(remove(meta('de-DE')), remove(manifest)),
  },
  {
    name: 'de-DE meta.json deleted and version 2 missing',
    target: 'de-DE',
    outcome: 'damaged',
    damage: both(remove(meta('de-DE')), remove(version('de-DE', 2))),
    destroys: [2],
  },
  {
    name: 'de-DE meta.json cut, temp files left behind',
    target: 'de-DE',
    outcome: 'healthy',
    damage: both(
      truncate(meta('de-DE')),
      write((dir) => path.join(dir, 'documents', 'de-DE', '.meta.json.1.ab.tmp'), '{"tr'),
    ),
  },
  {
    name: 'de-DE draft (v4) garbage, same text as v1',
    target: 'de-DE',
    outcome: 'healthy',
    damage: write(version('de-DE', 4), GARBAGE),
  },
  {
    name: 'de-DE draft (v4) deleted, same text as v1',
    target: 'de-DE',
    outcome: 'healthy',
    damage: remove(version('de-DE', 4)),
  },
  {
    name: 'de-DE v1 deleted, same text as v4',
    target: 'de-DE',
    outcome: 'healthy',
    damage: remove(version('de-DE', 1)),
  },
  {
    name: 'de-DE v3 one byte changed',
    target: 'de-DE',
    outcome: 'damaged',
    damage: flipByte(version('de-DE', 3)),
    destroys: [3],
  },
  {
    name: 'de-DE published v2 deleted',
    target: 'de-DE',
    outcome: 'damaged',
    damage: remove(version('de-DE', 2)),
    destroys: [2],
  },
  {
    name: 'flags draft (v2) cut in half',
    target: 'flags',
    outcome: 'damaged',
    damage: truncate(version('flags', 2)),
    destroys: [2],
  },
  {
    name: 'markets only version garbage',
    target: 'markets',
    outcome: 'damaged',
    damage: write(version('markets', 1), GARBAGE),
    destroys: [1],
  },
  {
    name: 'de-DE current published file deleted',
    target: 'de-DE',
    outcome: 'healthy',
    damage: remove(pub(() => files.B)),
  },
  {
    name: 'de-DE current published file tampered',
    target: 'de-DE',
    outcome: 'healthy',
    damage: flipByte(pub(() => files.B)),
  },
  {
    name: 'de-DE current published file emptied',
    target: 'de-DE',
    outcome: 'healthy',
    damage: empty(pub(() => files.B)),
  },
  {
    name: 'de-DE earlier published file deleted',
    target: 'de-DE',
    outcome: 'healthy',
    damage: remove(pub(() => files.A)),
  },
  {
    name: 'flags current published file deleted',
    target: 'flags',
    outcome: 'healthy',
    damage: remove(pub(() => files.flagsCurrent)),
  },
  {
    name: 'every published file deleted',
    target: 'de-DE',
    outcome: 'healthy',
    damage: (dir) => rmSync(publishedDir(dir), { recursive: true }),
  },
  { name: 'manifest deleted', target: 'de-DE', outcome: 'healthy', damage: remove(manifest) },
  { name: 'manifest cut in half', target: 'de-DE', outcome: 'healthy', damage: truncate(manifest) },
  { name: 'manifest is {}', target: 'de-DE', outcome: 'healthy', damage: write(manifest, '{}') },
  {
    name: 'manifest names a missing file',
    target: 'de-DE',
    outcome: 'healthy',
    damage: (dir) =>
      writeFileSync(
        manifest(dir),
        readFileSync(manifest(dir), 'utf8').replaceAll(files.B, 'de-DE.0000000000000000.json'),
      ),
  },
  {
    name: 'manifest rolled back to an earlier file',
    target: 'de-DE',
    outcome: 'healthy',
    damage: (dir) => writeFileSync(manifest(dir), readFileSync(manifest(dir), 'utf8').replaceAll(files.B, files.A)),
  },
  {
    name: 'documents/de-DE deleted, published files kept',
    target: 'de-DE',
    outcome: 'damaged',
    damage: (dir) => rmSync(path.join(dir, 'documents', 'de-DE'), { recursive: true }),
    destroys: [1, 2, 3, 4],
  },
  {
    name: 'documents/flags deleted, published files kept',
    target: 'flags',
    outcome: 'damaged',
    damage: (dir) => rmSync(path.join(dir, 'documents', 'flags'), { recursive: true }),
    destroys: [1, 2],
  },
];

interface Figures {
  name: string;
  started: boolean;
  outcome: string;
  outages: number;
  rollbacks: number;
  lost: number;
}
const rows: Figures[] = [];

function printFigures(): void {
  if (rows.length === 0) return;
  const total = (key: 'outages' | 'rollbacks' | 'lost') => rows.reduce((sum, r) => sum + r[key], 0);
  const lines = rows.map(
    (r) =>
      `  ${r.name.padEnd(50)} ${r.outcome.padEnd(9)} ${String(r.outages).padStart(7)} ${String(r.rollbacks).padStart(9)} ${String(r.lost).padStart(5)}`,
  );
  console.log(
    [
      `Corruption suite: ${rows.length} variants, each followed by a restart`,
      `  ${'variant'.padEnd(50)} ${'target'.padEnd(9)} outages rollbacks  lost`,
      ...lines,
      `  totals: service-wide outages ${total('outages')}, silent rollbacks ${total('rollbacks')}, acknowledged versions lost ${total('lost')}`,
    ].join('\n'),
  );
}

describe('a damaged store never takes the service down, rolls customers back or loses a version', () => {
  it('has at least 25 variants', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(VARIANTS.map((v) => [v.name, v] as const))('%s', async (_name, variant) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'corruption-'));
    const configDir = path.join(dir, 'store');
    cpSync(baseline, configDir, { recursive: true, preserveTimestamps: true });
    variant.damage(configDir);
    const figures: Figures = { name: variant.name, started: false, outcome: '—', outages: 0, rollbacks: 0, lost: 0 };
    rows.push(figures);
    let server: TestServer | undefined;
    try {
      server = await startTestServer({ configDir, seedDir });
      figures.started = true;
      await measure(server, variant, figures);
    } catch (error) {
      figures.outages++;
      throw error;
    } finally {
      await server?.started.app.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(figures).toMatchObject({ started: true, outcome: variant.outcome, outages: 0, rollbacks: 0, lost: 0 });
  });
});

async function measure(server: TestServer, variant: Variant, figures: Figures): Promise<void> {
  const get = (url: string) => server.call('GET', url, { as: 'editor' });
  const up = async (url: string) => (await get(url)).status === 200;
  if (!(await up('/healthz')) || !(await up('/api/documents')) || !(await up('/configs/manifest.json')))
    figures.outages++;

  const list = (await get('/api/documents')).json;
  const damaged = new Map<string, { file: string; problem: string; repair: string }>(
    (list.damaged ?? []).map((d: { id: string }) => [d.id, d]),
  );
  const listed = new Map<string, { draft: { version: number }; published: { version: number } | null }>(
    list.documents.map((d: { id: string }) => [d.id, d]),
  );
  figures.outcome = damaged.has(variant.target) ? 'damaged' : listed.has(variant.target) ? 'healthy' : 'missing';

  // Customers: the manifest names only files that are there, with the bytes their hash promises.
  const names = (await get('/configs/manifest.json')).json.documents as Record<string, { file: string }>;
  for (const entry of Object.values(names)) {
    const file = await fetch(`${server.url}/configs/${entry.file}`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (file.status !== 200 || contentHash(bytes) !== parsePublishedFileName(entry.file)?.hash) figures.outages++;
  }

  for (const id of TRACKED) {
    const ack = acknowledged.get(id)!;
    const report = damaged.get(id);
    const customerFile = names[id]?.file;
    // What customers load must be the acknowledged publication (or its re-rendering under a new name).
    if (customerFile && customerFile !== ack.published.file) {
      const served = (await get(`/configs/${customerFile}`)).text;
      const expected = (await get(`/configs/${ack.published.file}`)).text;
      if (served !== expected || report) figures.rollbacks++;
    }
    if (!customerFile && id !== variant.target) figures.outages++;

    if (report) {
      expect(report.file).toBeTruthy();
      expect(report.repair).toMatch(/docs\/operations\.md#repair/);
      const read = await get(`/api/documents/${id}`);
      const write = await server.call('PUT', `/api/documents/${id}`, {
        as: 'editor',
        headers: { 'if-match': `"v${ack.draft}"` },
        body: { content: {}, message: 'x' },
      });
      expect([read.status, read.json.error.code, write.status, write.json.error.code]).toEqual([
        503,
        'document-damaged',
        503,
        'document-damaged',
      ]);
      if (id !== variant.target) figures.outages++;
      // Nothing of a damaged document is rewritten: every version the damage spared is still on disk.
      for (const [n, text] of ack.versions) {
        if (id === variant.target && variant.destroys?.includes(n)) continue;
        const onDisk = (() => {
          try {
            return readFileSync(versionFilePath(server.configDir, id, n), 'utf8');
          } catch {
            return undefined;
          }
        })();
        if (onDisk !== text) figures.lost++;
      }
      continue;
    }
    const entry = listed.get(id);
    if (!entry) {
      figures.outages++;
      continue;
    }
    // Silent rollback: an older draft or publication than acknowledged, with no report.
    if (entry.draft.version !== ack.draft || entry.published?.version !== ack.published.version) figures.rollbacks++;
    const draft = await get(`/api/documents/${id}`);
    if (draft.status !== 200) figures.outages++;
    else if (draft.json.text !== ack.versions.get(ack.draft)) figures.rollbacks++;
    // Earlier publications too: a manifest cached before the last publish still names them.
    for (const publication of (await get(`/api/documents/${id}/history`)).json.publications ?? []) {
      const file = await fetch(`${server.url}${publication.url}`);
      if (file.status !== 200 || contentHash(new Uint8Array(await file.arrayBuffer())) !== publication.hash)
        figures.outages++;
    }
  }

  // A save on the target (when healthy) must append, not overwrite; a stale one must get 412.
  if (listed.has(variant.target)) {
    const current = (await get(`/api/documents/${variant.target}`)).json;
    const stale = await server.call('PUT', `/api/documents/${variant.target}`, {
      as: 'editor',
      headers: { 'if-match': '"v1"' },
      body: { content: current.content, message: 'stale' },
    });
    if (stale.status !== 412) figures.outages++;
    const saved = await server.call('PUT', `/api/documents/${variant.target}`, {
      as: 'editor',
      headers: { 'if-match': current.etag },
      body: { content: current.content, message: 'after the restart' },
    });
    if (saved.status !== 200 || saved.json.version !== acknowledged.get(variant.target)!.draft + 1) figures.outages++;
  }
  for (const id of TRACKED) {
    if (damaged.has(id)) continue;
    for (const [n, text] of acknowledged.get(id)!.versions) {
      const read = await get(`/api/documents/${id}?version=${n}`);
      if (read.status !== 200 || read.json.text !== text) figures.lost++;
    }
  }
}
