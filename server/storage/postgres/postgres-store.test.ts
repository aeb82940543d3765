/**
 * What only the Postgres store does (docs/operations.md#postgresql): several instances on one database (migrations
 * at a common start, compare-and-set across instances, a publication on one served by the other at once through
 * LISTEN/NOTIFY), the manifest byte for byte the file store's, damage found in the database, and a lost database.
 * The behaviours every store shares are in postgres-store.contract.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_IDS } from '../../../schemas/validator/index';
import { changeSetRecord, markedEntry, markedPublication, markedText } from '../../test-support/batch-fixture';
import { findPgBinDir, startPgCluster, type PgCluster } from '../../test-support/pg-cluster';
import { REPO_ROOT } from '../../test-support/seed-fixture';
import { ChangeSetDamagedError, DocumentDamagedError } from '../document-damage';
import { FileStore } from '../file-store';
import { renderStoredVersion } from '../published-config';
import type { DocumentStore } from '../store';
import { fragments } from '../../test-support/store-contract';
import { DatabaseUnavailableError } from './database-errors';
import { SchemaTooNewError } from './migrate';
import { MIGRATIONS } from './migrations';
import { PostgresStore } from './postgres-store';

let cluster: PgCluster;
const root = mkdtempSync(path.join(tmpdir(), 'postgres-store-'));
beforeAll(async () => {
  cluster = await startPgCluster();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
  rmSync(root, { recursive: true, force: true });
});

const opened: PostgresStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
});
async function open(connectionString: string): Promise<PostgresStore> {
  const store = await PostgresStore.open({ connectionString, connectTimeoutMs: 2_000 });
  opened.push(store);
  return store;
}

async function sql<R extends pg.QueryResultRow>(
  connectionString: string,
  text: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

const manifestText = async (store: DocumentStore) =>
  Buffer.from((await store.readPublished('manifest.json'))!).toString('utf8');

/** Polls `read` until it returns something other than `before`; how long that took, in ms. */
async function msUntilChanged(read: () => Promise<string>, before: string, limitMs = 2_000): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < limitMs) {
    if ((await read()) !== before) return performance.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`no change within ${limitMs} ms`);
}

describe('several instances on one database', () => {
  it('two opens at once on an empty database apply each migration once', async () => {
    const url = await cluster.createDatabase();
    await Promise.all([open(url), open(url), open(url)]);
    const applied = await sql<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(applied.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    // And a later open finds nothing to do.
    await open(url);
    expect(await sql(url, 'SELECT version FROM schema_migrations')).toHaveLength(MIGRATIONS.length);
  });

  it('refuses a database whose schema is newer than the service', async () => {
    const url = await cluster.createDatabase();
    await open(url);
    await sql(url, "INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')");
    await expect(PostgresStore.open({ connectionString: url })).rejects.toThrow(SchemaTooNewError);
    await expect(PostgresStore.open({ connectionString: url })).rejects.toThrow(
      `schema is at version 999, newer than this service knows (${MIGRATIONS.at(-1)!.version})`,
    );
  });

  it('of twenty saves over the same draft on two instances at once, exactly one wins', async () => {
    const url = await cluster.createDatabase();
    const [a, b] = [await open(url), await open(url)];
    await a.commitDraft('de-DE', { text: '{"v":1}', author: 'anna', message: 'm', action: 'create' }, null);
    for (let round = 1; round <= 5; round++) {
      const start = performance.now();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? a : b).commitDraft(
            'de-DE',
            { text: `{"round":${round},"writer":${i}}`, author: `w${i}`, message: 'm', action: 'save' },
            round,
          ),
        ),
      );
      const ms = performance.now() - start;
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const draft = (await b.read('de-DE', 'draft'))!;
      expect(draft.version).toBe(round + 1);
      for (const r of results)
        if (!r.ok) expect(r).toMatchObject({ reason: 'stale', current: { version: round + 1, text: draft.text } });
      console.info(
        `CAS contention: 20 saves over one draft on 2 instances, round ${round}: 1 won, 19 stale, ${ms.toFixed(1)} ms`,
      );
    }
    expect((await a.history('de-DE'))!.versions.map((v) => v.version)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('of two creates of one document on two instances, one creates and the other is told it exists', async () => {
    const url = await cluster.createDatabase();
    const [a, b] = [await open(url), await open(url)];
    const results = await Promise.all(
      [a, b, a, b].map((s, i) =>
        s.commitDraft('en-GB', { text: `{"creator":${i}}`, author: 'x', message: 'm', action: 'create' }, null),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'exists')).toHaveLength(3);
  });

  it("a publication on one instance is in the other's manifest at once: single, batch and fragments", async () => {
    const url = await cluster.createDatabase();
    const [a, b] = [await open(url), await open(url)];
    for (const id of ['de-DE', 'flags'] as const)
      await a.commitDraft(id, { text: markedText(id, 'one'), author: 'anna', message: 'm', action: 'create' }, null);
    const delays: number[] = [];
    const published = async (publish: () => Promise<unknown>) => {
      const before = await manifestText(b);
      // b serves this from its cache now; the publication on a must reach it without a request to a.
      expect(await manifestText(b)).toBe(before);
      await publish();
      delays.push(await msUntilChanged(() => manifestText(b), before));
      expect(await manifestText(b)).toBe(await manifestText(a));
    };
    await published(() => a.publish('de-DE', markedPublication('de-DE', 'one', 1), 1));
    await published(() => a.publishBatch([markedEntry('flags', 'one', 1)]));
    const { files, section } = fragments('one');
    await published(() => a.publishFragments(files, section));
    console.info(
      `NOTIFY: a publication on instance A reached instance B's manifest after ${delays.map((d) => d.toFixed(1)).join(', ')} ms`,
    );
    expect(Math.max(...delays)).toBeLessThan(1_000);
  });

  it('calls onPublished listeners when another instance publishes', async () => {
    const url = await cluster.createDatabase();
    const [a, b] = [await open(url), await open(url)];
    let heard = 0;
    const stop = b.onPublished(() => heard++);
    await a.commitDraft(
      'de-DE',
      { text: markedText('de-DE', 'one'), author: 'anna', message: 'm', action: 'create' },
      null,
    );
    expect(heard).toBe(0);
    await a.publish('de-DE', markedPublication('de-DE', 'one', 1), 1);
    await expect.poll(() => heard, { timeout: 1_000 }).toBe(1);
    stop();
  });

  it('one line of writers per document across instances: a ticket that leaves on A wakes the save waiting on B', async () => {
    const url = await cluster.createDatabase();
    const [a, b] = [await open(url), await open(url)];
    const first = await a.turns.join('flags', undefined);
    const second = await b.turns.join('flags', undefined);
    expect(second.ahead).toBe(1);
    const started = performance.now();
    const moved = b.turns.changed('flags', 5_000);
    await a.turns.leave('flags', first.ticket);
    await moved;
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await b.turns.standing('flags', second.ticket)).toEqual({ ahead: 0, ticket: second.ticket });
  });

  it('the share-link secret made by one instance is the one every other uses', async () => {
    const url = await cluster.createDatabase();
    const stores = await Promise.all([open(url), open(url), open(url)]);
    const keys = await Promise.all(stores.map((s) => s.secret('share-links')));
    expect(keys.every((k) => k.equals(keys[0]!))).toBe(true);
  });
});

describe('the manifest', () => {
  it('is byte for byte what the file store writes for the same publications', async () => {
    const { store: files } = await FileStore.open({ dir: path.join(root, 'same-publications') });
    const database = await open(await cluster.createDatabase());
    const ids = DOCUMENT_IDS.slice(0, 5);
    for (const store of [files, database] as DocumentStore[]) {
      for (const id of [...ids].reverse())
        await store.commitDraft(
          id,
          { text: markedText(id, 'one'), author: 'anna', message: 'm', action: 'create' },
          null,
        );
      await store.writeChangeSet(changeSetRecord('cs-abcdefghij', []), null);
      await store.publishBatch(
        ids.slice(1).map((id) => markedEntry(id, 'one', 1, { changeSet: 'cs-abcdefghij', approvedBy: 'olga' })),
      );
      const { files: fragmentFiles, section } = fragments('one');
      await store.publishFragments(fragmentFiles, section);
      await store.publish(ids[0]!, markedPublication(ids[0]!, 'one', 1), 1);
      await store.commitDraft(
        ids[2]!,
        { text: markedText(ids[2]!, 'two'), author: 'ben', message: 'm', action: 'save' },
        1,
      );
      await store.publish(ids[2]!, markedPublication(ids[2]!, 'two', 2), 2);
    }
    const text = await manifestText(database);
    expect(text).toBe(await manifestText(files));
    expect(Object.keys((JSON.parse(text) as { documents: object }).documents)).toHaveLength(5);
    const named = (JSON.parse(text) as { documents: Record<string, { file: string }> }).documents;
    for (const { file } of Object.values(named))
      expect(
        Buffer.from((await database.readPublished(file))!).equals(Buffer.from((await files.readPublished(file))!)),
      ).toBe(true);
  });
});

describe('damage in the database', () => {
  it('a version whose text no longer matches its sha256 makes the document damaged, reported by health(), never fatal', async () => {
    const url = await cluster.createDatabase();
    const store = await open(url);
    for (const id of ['de-DE', 'flags'] as const)
      await store.commitDraft(
        id,
        { text: markedText(id, 'one'), author: 'anna', message: 'm', action: 'create' },
        null,
      );
    await sql(url, `UPDATE versions SET text = '{"changed":true}' WHERE document_id = 'de-DE'`);

    // The running instance finds it when it reads the text...
    await expect(store.read('de-DE', 'draft')).rejects.toBeInstanceOf(DocumentDamagedError);
    expect((await store.health()).damaged).toEqual([
      expect.objectContaining({ id: 'de-DE', file: 'versions/de-DE/1' }),
    ]);
    // ...and a new one at open.
    const reopened = await open(url);
    expect((await reopened.health()).damaged.map((d) => d.id)).toEqual(['de-DE']);
    await expect(
      reopened.commitDraft('de-DE', { text: '{}', author: 'x', message: 'm', action: 'save' }, 1),
    ).rejects.toBeInstanceOf(DocumentDamagedError);
    expect((await reopened.list()).map((s) => s.id)).toEqual(['flags']);
    expect(await reopened.read('flags', 'draft')).toMatchObject({ version: 1 });
  });

  it('a change set row that is no longer a change set is refused and reported, never fatal; the others keep working', async () => {
    const url = await cluster.createDatabase();
    const store = await open(url);
    const [bad, good] = ['cs-aaaaaaaaaa', 'cs-bbbbbbbbbb'];
    // Different documents: one unpublished set per document (docs/workflow.md#change-sets).
    for (const [id, document] of [
      [bad, 'de-DE'],
      [good, 'flags'],
    ] as const)
      expect((await store.writeChangeSet(changeSetRecord(id, [{ id: document, version: 1 }]), null)).ok).toBe(true);
    await sql(url, `UPDATE change_sets SET record = jsonb_set(record, '{state}', '"lost"') WHERE id = $1`, [bad]);

    await expect(store.readChangeSet(bad)).rejects.toBeInstanceOf(ChangeSetDamagedError);
    await expect(store.writeChangeSet(changeSetRecord(bad, [], { revision: 1 }), 1)).rejects.toBeInstanceOf(
      ChangeSetDamagedError,
    );
    expect((await store.listChangeSets()).map((c) => c.id)).toEqual([good]);
    expect((await store.health()).damagedChangeSets).toEqual([
      expect.objectContaining({
        id: bad,
        file: `change_sets/${bad}`,
        problem: expect.stringContaining('unknown state "lost"'),
      }),
    ]);
    // A new instance finds it at open; the row put right counts again.
    const reopened = await open(url);
    expect((await reopened.health()).damagedChangeSets?.map((d) => d.id)).toEqual([bad]);
    await sql(url, `UPDATE change_sets SET record = jsonb_set(record, '{state}', '"draft"') WHERE id = $1`, [bad]);
    expect((await reopened.readChangeSet(bad))?.state).toBe('draft');
    expect((await reopened.health()).damagedChangeSets).toEqual([]);
  });

  it('a hold whose set no longer carries the document (written around the holds: an older release, SQL by hand) is let go when another set wants it', async () => {
    const url = await cluster.createDatabase();
    const store = await open(url);
    await store.writeChangeSet(
      changeSetRecord('cs-aaaaaaaaaa', [
        { id: 'de-DE', version: 1 },
        { id: 'flags', version: 1 },
      ]),
      null,
    );
    // Published outside the store (and, below, a second set emptied so): their holds stay behind.
    await sql(
      url,
      `UPDATE change_sets SET record = jsonb_set(record, '{state}', '"published"') WHERE id = 'cs-aaaaaaaaaa'`,
    );
    expect(await sql(url, 'SELECT document_id, change_set FROM change_set_holds ORDER BY document_id')).toHaveLength(2);
    expect(
      await store.writeChangeSet(changeSetRecord('cs-bbbbbbbbbb', [{ id: 'de-DE', version: 1 }]), null),
    ).toMatchObject({ ok: true });
    await sql(url, `UPDATE change_sets SET record = jsonb_set(record, '{members}', '[]') WHERE id = 'cs-bbbbbbbbbb'`);
    expect(
      await store.writeChangeSet(
        changeSetRecord('cs-cccccccccc', [
          { id: 'de-DE', version: 1 },
          { id: 'flags', version: 1 },
        ]),
        null,
      ),
    ).toMatchObject({ ok: true });
    expect(await sql(url, 'SELECT document_id, change_set FROM change_set_holds ORDER BY document_id')).toEqual([
      { document_id: 'de-DE', change_set: 'cs-cccccccccc' },
      { document_id: 'flags', change_set: 'cs-cccccccccc' },
    ]);
  });

  it('a published file changed in the database is rendered again from its version, or refused, never served changed', async () => {
    const url = await cluster.createDatabase();
    const store = await open(url);
    // A real config renders back to its published bytes (renderStoredVersion); a marker text does not.
    const text = readFileSync(path.join(REPO_ROOT, 'config', 'flags.json'), 'utf8');
    const rendered = renderStoredVersion('flags', text)!.published;
    await store.commitDraft('flags', { text, author: 'anna', message: 'm', action: 'create' }, null);
    await store.publish(
      'flags',
      { version: 1, bytes: rendered.bytes, hash: rendered.hash, file: rendered.file, author: 'anna' },
      1,
    );
    await store.commitDraft(
      'de-DE',
      { text: markedText('de-DE', 'x'), author: 'anna', message: 'm', action: 'create' },
      null,
    );
    const marked = markedPublication('de-DE', 'x', 1);
    await store.publish('de-DE', marked, 1);
    for (const file of [rendered.file, marked.file])
      await sql(url, 'UPDATE published_files SET bytes = $1 WHERE file = $2', [Buffer.from('{"evil":true}'), file]);

    const fresh = await open(url);
    expect(Buffer.from((await fresh.readPublished(rendered.file))!).equals(Buffer.from(rendered.bytes))).toBe(true);
    expect(
      (
        await sql<{ bytes: Buffer }>(url, 'SELECT bytes FROM published_files WHERE file = $1', [rendered.file])
      )[0]!.bytes.equals(Buffer.from(rendered.bytes)),
    ).toBe(true);
    await expect(fresh.readPublished(marked.file)).rejects.toBeInstanceOf(DocumentDamagedError);
  });
});

describe('a lost database', () => {
  it('calls reject with DatabaseUnavailableError, health says down, customers keep the manifest, and all recovers when it is back', async () => {
    if (!cluster.throwaway)
      throw new Error(
        'this test stops the server: run it on a throwaway cluster (unset TEST_DATABASE_URL and DATABASE_URL)',
      );
    const url = await cluster.createDatabase();
    const [a, b] = [await open(url), await open(url)];
    await a.commitDraft(
      'de-DE',
      { text: markedText('de-DE', 'one'), author: 'anna', message: 'm', action: 'create' },
      null,
    );
    await a.publish('de-DE', markedPublication('de-DE', 'one', 1), 1);
    const manifest = await manifestText(b);

    await cluster.pause();
    try {
      await expect(
        a.commitDraft('de-DE', { text: '{}', author: 'x', message: 'm', action: 'save' }, 1),
      ).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(b.read('de-DE', 'draft')).rejects.toBeInstanceOf(DatabaseUnavailableError);
      await expect(b.listChangeSets()).rejects.toThrow(/the database cannot be reached/);
      const health = await a.health();
      expect(health.database).toMatchObject({
        state: 'down',
        error: expect.stringMatching(/the database cannot be reached/),
      });
      expect(await manifestText(b)).toBe(manifest);
    } finally {
      await cluster.resume();
    }

    // The pools open new connections by themselves.
    await expect.poll(async () => (await a.health()).database, { timeout: 10_000 }).toEqual({ state: 'ok' });
    expect(
      await a.commitDraft(
        'de-DE',
        { text: markedText('de-DE', 'two'), author: 'ben', message: 'm', action: 'save' },
        1,
      ),
    ).toMatchObject({ ok: true });
    // And b's listener is back: a publication on a reaches it.
    const before = await manifestText(b);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await a.publish('de-DE', markedPublication('de-DE', 'two', 2), 2);
    await msUntilChanged(() => manifestText(b), before, 6_000);
  }, 30_000);
});

describe('the throwaway cluster', () => {
  it('says how to install PostgreSQL when its binaries are missing', () => {
    expect(() => findPgBinDir({ PATH: '' }, path.join(root, 'no-postgresql'))).toThrow(/apt-get install postgresql/);
  });
});
