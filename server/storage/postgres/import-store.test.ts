/**
 * Copying a file store into PostgreSQL (docs/operations.md#migrating-from-the-file-store): the Postgres store then
 * answers exactly as the file store did, a second run changes nothing, a longer file store is appended, and a
 * database that went its own way is refused without a write.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE } from '../../../schemas/contracts/index';
import { changeSetRecord, markedEntry, markedPublication, markedText } from '../../test-support/batch-fixture';
import { startPgCluster, type PgCluster } from '../../test-support/pg-cluster';
import { fragments } from '../../test-support/store-contract';
import { FileStore } from '../file-store';
import type { DocumentStore } from '../store';
import { importFileStore, type ImportReport } from './import-store';
import { PostgresStore } from './postgres-store';

let cluster: PgCluster;
const root = mkdtempSync(path.join(tmpdir(), 'import-store-'));
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  rmSync(root, { recursive: true, force: true });
});

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

let stores = 0;
/** A file store with three documents: several versions (one a restore), single and batch publications, fragments, a change set and the secret. */
async function fileStore(): Promise<{ dir: string; writer: FileStore }> {
  const dir = path.join(root, `store-${++stores}`);
  const { store } = await FileStore.open({ dir });
  opened.push(store);
  await store.commitDraft(
    'de-DE',
    { text: markedText('de-DE', 'one'), author: 'anna', message: 'first', action: 'create' },
    null,
  );
  await store.commitDraft(
    'de-DE',
    { text: markedText('de-DE', 'two'), author: 'ben', message: 'second', action: 'save' },
    1,
  );
  await store.publish('de-DE', markedPublication('de-DE', 'two', 2, 'carla'), 2);
  await store.commitDraft(
    'de-DE',
    { text: markedText('de-DE', 'one'), author: 'dora', message: 'back to one', action: 'restore', restoredFrom: 1 },
    2,
  );
  await store.commitDraft(
    'flags',
    { text: '{ "flags": [] }\n\n', author: 'anna', message: 'flags', action: 'create' },
    null,
  );
  await store.commitDraft(
    'en-GB',
    { text: markedText('en-GB', 'ü – 日本'), author: 'erik', message: 'unicode', action: 'create' },
    null,
  );
  const record = (await store.writeChangeSet(
    changeSetRecord('cs-abcdefghij', [
      { id: 'de-DE', version: 3 },
      { id: 'en-GB', version: 1 },
    ]),
    null,
  )) as { ok: true; changeSet: { revision: number } };
  const batch = await store.publishBatch(
    [
      markedEntry('de-DE', 'one', 3, { changeSet: 'cs-abcdefghij', approvedBy: 'olga' }),
      markedEntry('en-GB', 'ü – 日本', 1, { changeSet: 'cs-abcdefghij', approvedBy: 'olga' }),
    ],
    {
      next: changeSetRecord(
        'cs-abcdefghij',
        [
          { id: 'de-DE', version: 3 },
          { id: 'en-GB', version: 1 },
        ],
        { state: 'published' },
      ),
      expectedRevision: record.changeSet.revision,
    },
  );
  expect(batch.ok).toBe(true);
  await store.writeChangeSet(
    changeSetRecord('cs-klmnopqrst', [{ id: 'flags', version: 1 }], {
      state: 'draft',
      createdAt: '2025-02-01T00:00:00.000Z',
    }),
    null,
  );
  const { files, section } = fragments('one');
  await store.publishFragments(files, section);
  await store.secret('share-links');
  return { dir, writer: store };
}

async function reader(dir: string): Promise<FileStore> {
  const { store } = await FileStore.open({ dir, repair: false });
  opened.push(store);
  return store;
}

async function importInto(dir: string, url: string): Promise<ImportReport> {
  const source = await reader(dir);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await importFileStore(source, client);
  } finally {
    await client.end();
  }
}

async function database(): Promise<{ url: string; store: PostgresStore }> {
  const url = await cluster.createDatabase();
  // Opening applies the migrations, as store:migrate does before it copies.
  const store = await PostgresStore.open({ connectionString: url, connectTimeoutMs: 2_000 });
  opened.push(store);
  return { url, store };
}

/** Everything a client of either store can see, for comparing the two. */
async function answers(store: DocumentStore) {
  const list = await store.list();
  const documents = [];
  for (const { id } of list) {
    const history = (await store.history(id))!;
    const texts = [];
    for (const v of history.versions) texts.push(await store.read(id, v.version));
    const files = [];
    for (const p of history.publications)
      files.push([p.file, Buffer.from((await store.readPublished(p.file))!).toString('base64')]);
    documents.push({
      history,
      texts,
      draft: await store.read(id, 'draft'),
      published: await store.read(id, 'published'),
      files,
    });
  }
  const manifest = Buffer.from((await store.readPublished(MANIFEST_FILE))!);
  const { fragments: section } = JSON.parse(manifest.toString('utf8')) as { fragments: { css: { file: string } } };
  return {
    list,
    documents,
    manifest: manifest.toString('base64'),
    css: Buffer.from((await store.readPublished(section.css.file))!).toString('base64'),
    changeSets: await store.listChangeSets(),
    secret: (await store.secret('share-links')).toString('hex'),
  };
}

async function tables(url: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const dump: Record<string, unknown[]> = {};
    for (const [table, order] of [
      ['documents', 'id'],
      ['versions', 'document_id, version'],
      ['publications', 'seq'],
      ['published_files', 'file'],
      ['manifest', 'singleton'],
      ['change_sets', 'id'],
      ['change_set_holds', 'document_id'],
      ['secrets', 'name'],
    ] as const)
      dump[table] = (await client.query(`SELECT * FROM ${table} ORDER BY ${order}`)).rows;
    return dump;
  } finally {
    await client.end();
  }
}

describe('importFileStore', () => {
  it('copies everything: the Postgres store then answers as the file store does, byte for byte', async () => {
    const { dir, writer } = await fileStore();
    const { url, store } = await database();
    // An instance already running on the database serves the empty manifest from its cache.
    const empty = Buffer.from((await store.readPublished(MANIFEST_FILE))!).toString('base64');
    const report = await importInto(dir, url);
    expect(report.exitCode).toBe(0);
    expect(report.lines).toEqual([
      'de-DE: 3 versions, 2 publications copied',
      'en-GB: 1 version, 1 publication copied',
      'flags: 1 version, 0 publications copied',
      'change set cs-abcdefghij: revision 2 copied',
      'change set cs-klmnopqrst: revision 1 copied',
      'secret share-links: copied',
      'manifest: copied, with 3 new fragment files',
      '✓ 3 documents: 3 copied, 0 up to date; other records: 4 copied, 0 up to date',
    ]);
    // A fresh instance, so nothing it serves comes from a cache filled before the copy.
    const fresh = await PostgresStore.open({ connectionString: url });
    opened.push(fresh);
    const expected = await answers(writer);
    expect(await answers(fresh)).toEqual(expected);
    // That instance hears of the copied manifest (NOTIFY) and serves it within a second.
    const served = async () => Buffer.from((await store.readPublished(MANIFEST_FILE))!).toString('base64');
    for (const start = Date.now(); (await served()) === empty && Date.now() - start < 1_000;)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await served()).toBe(expected.manifest);
    // The history keeps who and when, the restore's source and the batch's change set and approver.
    const history = (await fresh.history('de-DE'))!;
    expect(history.versions.map((v) => [v.author, v.action, v.restoredFrom])).toEqual([
      ['anna', 'create', undefined],
      ['ben', 'save', undefined],
      ['dora', 'restore', 1],
    ]);
    expect(history.publications.map((p) => [p.version, p.author, p.changeSet, p.approvedBy])).toEqual([
      [2, 'carla', undefined, undefined],
      [3, 'publisher', 'cs-abcdefghij', 'olga'],
    ]);
    // And the copy works on: the next save and publication continue the history.
    expect(
      await fresh.commitDraft(
        'de-DE',
        { text: markedText('de-DE', 'four'), author: 'anna', message: 'm', action: 'save' },
        3,
      ),
    ).toMatchObject({ ok: true, version: { version: 4 } });
    // The unpublished set's document is held in the database too (change-set-holds.ts); the published one's is free.
    expect(
      await fresh.writeChangeSet(changeSetRecord('cs-zzzzzzzzzz', [{ id: 'flags', version: 1 }]), null),
    ).toMatchObject({ ok: false, reason: 'held', holder: { id: 'cs-klmnopqrst' } });
    expect(
      await fresh.writeChangeSet(changeSetRecord('cs-zzzzzzzzzz', [{ id: 'de-DE', version: 4 }]), null),
    ).toMatchObject({ ok: true });
  }, 60_000);

  it('a second run reports every record up to date and changes nothing', async () => {
    const { dir } = await fileStore();
    const { url } = await database();
    await importInto(dir, url);
    const before = await tables(url);
    const again = await importInto(dir, url);
    expect(again.exitCode).toBe(0);
    expect(again.lines).toEqual([
      'de-DE: up to date',
      'en-GB: up to date',
      'flags: up to date',
      'change set cs-abcdefghij: up to date',
      'change set cs-klmnopqrst: up to date',
      'secret share-links: up to date',
      'manifest: up to date',
      '✓ 3 documents: 0 copied, 3 up to date; other records: 0 copied, 4 up to date',
    ]);
    expect(await tables(url)).toEqual(before);
  }, 60_000);

  it('appends what the file store gained since an earlier run: versions, publications, change set revisions', async () => {
    const { dir, writer } = await fileStore();
    const { url } = await database();
    await importInto(dir, url);
    await writer.commitDraft(
      'flags',
      { text: '{ "flags": [1] }\n', author: 'ben', message: 'more', action: 'save' },
      1,
    );
    await writer.publish('flags', markedPublication('flags', 'two', 2), 2);
    const cs = (await writer.readChangeSet('cs-klmnopqrst'))!;
    await writer.writeChangeSet({ ...cs, title: 'renamed' }, cs.revision);
    const report = await importInto(dir, url);
    expect(report.exitCode).toBe(0);
    expect(report.lines).toContain(
      'flags: 1 version, 1 publication copied (the database had 1 version, 0 publications)',
    );
    expect(report.lines).toContain('change set cs-klmnopqrst: revision 2 copied (the database had revision 1)');
    expect(report.lines).toContain('de-DE: up to date');
    expect(report.lines).toContain('manifest: copied, with 0 new fragment files');
    const fresh = await PostgresStore.open({ connectionString: url });
    opened.push(fresh);
    expect(await answers(fresh)).toEqual(await answers(writer));
  }, 60_000);

  it('refuses a document whose versions differ in the database, writes nothing for it, and keeps the manifest', async () => {
    const { dir } = await fileStore();
    const { url, store } = await database();
    // The database went its own way: de-DE was created there with other text.
    await store.commitDraft(
      'de-DE',
      { text: '{"elsewhere":true}', author: 'zed', message: 'm', action: 'create' },
      null,
    );
    await store.writeChangeSet(changeSetRecord('cs-klmnopqrst', [], { title: 'other' }), null);
    await store.writeChangeSet({ ...(await store.readChangeSet('cs-klmnopqrst'))! }, 1);
    const deBefore = await tables(url);
    const report = await importInto(dir, url);
    expect(report.exitCode).toBe(1);
    expect(report.lines[0]).toMatch(
      /^de-DE: refused, nothing written for it: version 1 differs \(sha256 [0-9a-f]{12}… in the database, [0-9a-f]{12}… in the file store\)$/,
    );
    expect(report.lines).toContain('en-GB: 1 version, 1 publication copied');
    expect(report.lines).toContain(
      'change set cs-klmnopqrst: refused: the database has revision 2, the file store 1: it was changed after an earlier copy',
    );
    expect(report.lines).toContain('manifest: refused: not copied while a document is refused');
    expect(report.lines.at(-1)).toBe(
      '✗ 3 documents: 2 copied, 0 up to date, 1 refused; other records: 2 copied, 0 up to date, 2 refused',
    );
    const after = (await tables(url)) as Record<string, { document_id?: string; id?: string }[]>;
    const before = deBefore as typeof after;
    expect(after.versions!.filter((v) => v.document_id === 'de-DE')).toEqual(
      before.versions!.filter((v) => v.document_id === 'de-DE'),
    );
    expect(after.documents!.find((d) => d.id === 'de-DE')).toEqual(before.documents!.find((d) => d.id === 'de-DE'));
    expect(after.manifest).toEqual(before.manifest);
    expect((await store.readChangeSet('cs-klmnopqrst'))!.title).toBe('other');
  }, 60_000);

  it('refuses a database with more versions than the file store, and a different share-links key', async () => {
    const { dir } = await fileStore();
    const { url, store } = await database();
    await importInto(dir, url);
    await store.commitDraft(
      'flags',
      { text: '{}', author: 'zed', message: 'edited after the copy', action: 'save' },
      1,
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("UPDATE secrets SET key = decode(repeat('00', 32), 'hex') WHERE name = 'share-links'");
    await client.end();
    const report = await importInto(dir, url);
    expect(report.exitCode).toBe(1);
    expect(report.lines).toContain(
      'flags: refused, nothing written for it: the database has 2 versions, the file store 1: it was edited after an earlier copy',
    );
    expect(report.lines).toContain(
      'secret share-links: refused: the database already holds a different key (links it signed would stop working if it were replaced)',
    );
  }, 60_000);
});
