/**
 * The file store's workflow records (docs/workflow.md): change set records under compare-and-set, the
 * share-link secret, and the batch publication with its journal (all documents or none, rolled forward at
 * open). The kill loop over real processes is batch-kill.test.ts.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { DocumentId } from '../../schemas/validator/index';
import { changeSetRecord, markedEntry, markedText, markerOf } from '../test-support/batch-fixture';
import type { WriteFaults } from './atomic-write';
import { ChangeSetDamagedError } from './document-damage';
import { FileStore } from './file-store';
import { checkStore } from './store-check';
import { metaPath, publishedDir } from './store-layout';
import { changeSetPath, JOURNAL_FILE, journalPath, secretPath, SECRET_BYTES } from './workflow-layout';

const root = mkdtempSync(path.join(tmpdir(), 'workflow-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let count = 0;
let dir: string;
beforeEach(() => {
  dir = path.join(root, `store-${++count}`);
});

const MEMBERS: DocumentId[] = ['de-DE', 'en-GB', 'flags'];
const CS = 'cs-abcdefghij';

/** A store holding MEMBERS at version 1 (marker "old"), all published in one batch. */
async function storeWithOldBatch(options: { faults?: WriteFaults } = {}): Promise<FileStore> {
  const { store } = await FileStore.open({ dir, ...options });
  for (const id of MEMBERS)
    await store.commitDraft(id, { text: markedText(id, 'old'), author: 'anna', message: 'm', action: 'create' }, null);
  const first = await store.publishBatch(MEMBERS.map((id) => markedEntry(id, 'old', 1)));
  expect(first.ok).toBe(true);
  return store;
}

/** Saves marker "new" as version 2 of every member. */
async function saveNew(store: FileStore): Promise<void> {
  for (const id of MEMBERS)
    await store.commitDraft(id, { text: markedText(id, 'new'), author: 'ben', message: 'm', action: 'save' }, 1);
}

/** The marker of every member's file the manifest on disk names. */
function markersOnDisk(storeDir = dir): Record<string, string | undefined> {
  const manifest = JSON.parse(readFileSync(path.join(publishedDir(storeDir), 'manifest.json'), 'utf8')) as {
    documents: Record<string, { file: string }>;
  };
  return Object.fromEntries(
    MEMBERS.map((id) => [id, markerOf(readFileSync(path.join(publishedDir(storeDir), manifest.documents[id]!.file)))]),
  );
}

const all = (marker: string) => Object.fromEntries(MEMBERS.map((id) => [id, marker]));

describe('change set records', () => {
  it('are created once, then written only over the revision read (compare-and-set), and survive a reopen', async () => {
    const { store } = await FileStore.open({ dir });
    const created = await store.writeChangeSet(changeSetRecord(CS, [{ id: 'de-DE', version: 1 }]), null);
    expect(created).toMatchObject({ ok: true, changeSet: { id: CS, revision: 1 } });
    expect(await store.writeChangeSet(changeSetRecord(CS, []), null)).toMatchObject({
      ok: false,
      reason: 'stale',
      current: { revision: 1 },
    });

    const renamed = await store.writeChangeSet(
      changeSetRecord(CS, [{ id: 'de-DE', version: 1 }], { title: 'Spring fix' }),
      1,
    );
    expect(renamed).toMatchObject({ ok: true, changeSet: { title: 'Spring fix', revision: 2 } });
    const late = await store.writeChangeSet(changeSetRecord(CS, [], { title: 'Lost update' }), 1);
    expect(late).toMatchObject({ ok: false, reason: 'stale', current: { title: 'Spring fix', revision: 2 } });
    expect(await store.writeChangeSet(changeSetRecord('cs-zzzzzzzzzz', []), 3)).toEqual({
      ok: false,
      reason: 'not-found',
    });

    const reopened = (await FileStore.open({ dir })).store;
    expect(await reopened.readChangeSet(CS)).toMatchObject({ title: 'Spring fix', revision: 2 });
    expect(JSON.parse(readFileSync(changeSetPath(dir, CS), 'utf8'))).toMatchObject({ id: CS, revision: 2 });
  });

  it('of ten writers over the same revision, exactly one wins', async () => {
    const { store } = await FileStore.open({ dir });
    await store.writeChangeSet(changeSetRecord(CS, []), null);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => store.writeChangeSet(changeSetRecord(CS, [], { title: `writer ${i}` }), 1)),
    );
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    expect((await store.readChangeSet(CS))!.title).toBe(
      (winners[0] as { changeSet: { title: string } }).changeSet.title,
    );
  });

  it('are listed newest first, and callers get copies that cannot change the store', async () => {
    const { store } = await FileStore.open({ dir });
    await store.writeChangeSet(changeSetRecord('cs-aaaaaaaaaa', [], { createdAt: '2025-03-01T00:00:00.000Z' }), null);
    await store.writeChangeSet(changeSetRecord('cs-bbbbbbbbbb', [], { createdAt: '2025-05-01T00:00:00.000Z' }), null);
    await store.writeChangeSet(changeSetRecord('cs-cccccccccc', [], { createdAt: '2025-04-01T00:00:00.000Z' }), null);
    const listed = await store.listChangeSets();
    expect(listed.map((c) => c.id)).toEqual(['cs-bbbbbbbbbb', 'cs-cccccccccc', 'cs-aaaaaaaaaa']);
    listed[0]!.title = 'changed by a caller';
    expect((await store.readChangeSet('cs-bbbbbbbbbb'))!.title).toBe('Change set cs-bbbbbbbbbb');
  });

  it('a damaged record is reported by health() and store:check, refused when read, and never stops the store', async () => {
    const { store } = await FileStore.open({ dir });
    await store.writeChangeSet(changeSetRecord('cs-aaaaaaaaaa', []), null);
    await store.writeChangeSet(changeSetRecord(CS, []), null);
    writeFileSync(changeSetPath(dir, CS), '{"id": "cs-abcdefghij", "title": "cut sh');

    const check = await checkStore(dir, { repair: false });
    expect(check.exitCode).toBe(1);
    expect(check.lines[0]).toMatch(
      /^changesets\/cs-abcdefghij\.json: is not valid JSON .* — by hand: restore it from a backup, or delete it/,
    );

    const reopened = (await FileStore.open({ dir })).store;
    expect((await reopened.health()).damagedChangeSets).toEqual([
      expect.objectContaining({ id: CS, file: `changesets/${CS}.json` }),
    ]);
    await expect(reopened.readChangeSet(CS)).rejects.toBeInstanceOf(ChangeSetDamagedError);
    await expect(reopened.writeChangeSet(changeSetRecord(CS, []), 1)).rejects.toBeInstanceOf(ChangeSetDamagedError);
    expect((await reopened.listChangeSets()).map((c) => c.id)).toEqual(['cs-aaaaaaaaaa']);
    expect(
      await reopened.writeChangeSet(changeSetRecord('cs-aaaaaaaaaa', [], { title: 'still works' }), 1),
    ).toMatchObject({ ok: true });
  });

  it('a record whose id is not its file name, or whose state is unknown, is damaged', async () => {
    const { store } = await FileStore.open({ dir });
    await store.writeChangeSet(changeSetRecord(CS, []), null);
    await store.writeChangeSet(changeSetRecord('cs-aaaaaaaaaa', []), null);
    writeFileSync(changeSetPath(dir, CS), JSON.stringify(changeSetRecord('cs-bbbbbbbbbb', [], { revision: 1 })));
    writeFileSync(
      changeSetPath(dir, 'cs-aaaaaaaaaa'),
      JSON.stringify({ ...changeSetRecord('cs-aaaaaaaaaa', []), revision: 1, state: 'shipped' }),
    );
    const problems = (await FileStore.open({ dir })).store
      .health()
      .then((h) => h.damagedChangeSets!.map((d) => d.problem));
    expect(await problems).toEqual([
      'has an unknown state "shipped" (states: draft, in-review, approved, published)',
      'is not the record of cs-abcdefghij (its id is "cs-bbbbbbbbbb")',
    ]);
  });
});

describe('the share-link secret', () => {
  it('is 32 random bytes made on first use, private to the service, and the same on every call and every open', async () => {
    const { store } = await FileStore.open({ dir });
    expect(existsSync(secretPath(dir, 'share-links'))).toBe(false);
    const [a, b] = await Promise.all([store.secret('share-links'), store.secret('share-links')]);
    expect(a.length).toBe(SECRET_BYTES);
    expect(a.equals(b)).toBe(true);
    expect(statSync(secretPath(dir, 'share-links')).mode & 0o777).toBe(0o600);
    expect(readFileSync(secretPath(dir, 'share-links')).equals(a)).toBe(true);
    const reopened = (await FileStore.open({ dir })).store;
    expect((await reopened.secret('share-links')).equals(a)).toBe(true);
    // Another store's key differs: it is random, not derived.
    const other = (await FileStore.open({ dir: `${dir}-other` })).store;
    expect((await other.secret('share-links')).equals(a)).toBe(false);
  });

  it('a key of the wrong size is reported and replaced; one that others can read is made private', async () => {
    const { store } = await FileStore.open({ dir });
    const key = await store.secret('share-links');
    writeFileSync(secretPath(dir, 'share-links'), key.subarray(0, 10));
    const check = await checkStore(dir, { repair: false });
    expect(check.lines[0]).toBe(
      'secrets/share-links.key: holds 10 bytes, not 32 — repair with --repair (or a restart): removed; a new random key is made on first use, and links signed with the old one stop working',
    );
    const replaced = await (await FileStore.open({ dir })).store.secret('share-links');
    expect(replaced.length).toBe(32);
    expect(replaced.equals(key)).toBe(false);

    const { chmodSync } = await import('node:fs');
    chmodSync(secretPath(dir, 'share-links'), 0o644);
    const reopened = await FileStore.open({ dir });
    expect(reopened.recovery.findings).toEqual([
      expect.objectContaining({
        file: 'secrets/share-links.key',
        problem: 'can be read by other users (mode 644)',
        status: 'repaired',
      }),
    ]);
    expect(statSync(secretPath(dir, 'share-links')).mode & 0o777).toBe(0o600);
    expect((await reopened.store.secret('share-links')).equals(replaced)).toBe(true);
  });
});

describe('batch publication', () => {
  it('switches every document, its publication record and the change set record together', async () => {
    const store = await storeWithOldBatch();
    await store.writeChangeSet(
      changeSetRecord(
        CS,
        MEMBERS.map((id) => ({ id, version: 2 })),
      ),
      null,
    );
    await saveNew(store);
    const next = changeSetRecord(
      CS,
      MEMBERS.map((id) => ({ id, version: 2 })),
      { state: 'published', published: { by: 'carla', time: 'now', versions: {} } },
    );
    const result = await store.publishBatch(
      MEMBERS.map((id) => markedEntry(id, 'new', 2, { changeSet: CS, approvedBy: 'dora' })),
      { next, expectedRevision: 1 },
    );
    expect(result.ok).toBe(true);
    expect(markersOnDisk()).toEqual(all('new'));
    for (const id of MEMBERS) {
      const meta = JSON.parse(readFileSync(metaPath(dir, id), 'utf8'));
      expect(meta.published).toMatchObject({ version: 2, changeSet: CS, approvedBy: 'dora' });
      expect(meta.publications).toHaveLength(2);
    }
    expect(await store.readChangeSet(CS)).toMatchObject({ state: 'published', revision: 2 });
    expect(existsSync(journalPath(dir))).toBe(false);
    // A store holding change sets, a secret and publications with their change set and approver is clean to store:check.
    await store.secret('share-links');
    expect(await checkStore(dir, { repair: false })).toMatchObject({
      exitCode: 0,
      lines: [expect.stringMatching(/: no problems$/)],
    });
  });

  it("publishes nothing when one member's draft moved on, or when the change set record did", async () => {
    const store = await storeWithOldBatch();
    await store.writeChangeSet(changeSetRecord(CS, []), null);
    await saveNew(store);
    await store.commitDraft(
      'flags',
      { text: markedText('flags', 'newer'), author: 'ben', message: 'm', action: 'save' },
      2,
    );
    const manifest = readFileSync(path.join(publishedDir(dir), 'manifest.json'), 'utf8');

    const stale = await store.publishBatch(MEMBERS.map((id) => markedEntry(id, 'new', 2)));
    expect(stale).toMatchObject({ ok: false, reason: 'stale', id: 'flags', current: { version: 3 } });
    const staleSet = await store.publishBatch(
      MEMBERS.map((id) => markedEntry(id, 'new', id === 'flags' ? 3 : 2)),
      { next: changeSetRecord(CS, []), expectedRevision: 7 },
    );
    expect(staleSet).toMatchObject({ ok: false, reason: 'change-set-stale', current: { id: CS, revision: 1 } });

    expect(readFileSync(path.join(publishedDir(dir), 'manifest.json'), 'utf8')).toBe(manifest);
    for (const id of MEMBERS) expect((await store.summary(id))!.published!.version).toBe(1);
    expect(markersOnDisk()).toEqual(all('old'));
    expect(await store.readChangeSet(CS)).toMatchObject({ revision: 1 });
  });

  it('a batch already published is unchanged: nothing is written', async () => {
    const store = await storeWithOldBatch();
    const again = await store.publishBatch(MEMBERS.map((id) => markedEntry(id, 'old', 1)));
    expect(again.ok && again.publications.map((p) => p.unchanged)).toEqual([true, true, true]);
    for (const id of MEMBERS) expect((await store.history(id))!.publications).toHaveLength(1);
  });

  it('a failure before the commit point (the journal) leaves all of the old batch', async () => {
    const faults: WriteFaults = {
      beforeRename: (target) =>
        armed && target.endsWith(JOURNAL_FILE) ? Promise.reject(new Error('crash before the journal')) : undefined,
    };
    let armed = false;
    const store = await storeWithOldBatch({ faults });
    await saveNew(store);
    armed = true;
    await expect(store.publishBatch(MEMBERS.map((id) => markedEntry(id, 'new', 2)))).rejects.toThrow(
      'crash before the journal',
    );
    expect(markersOnDisk()).toEqual(all('old'));
    for (const id of MEMBERS) expect((await store.summary(id))!.published!.version).toBe(1);
    const reopened = await FileStore.open({ dir });
    expect(markersOnDisk()).toEqual(all('old'));
    expect(reopened.recovery.findings).toEqual([]);
  });

  it('a failure after the commit point is rolled forward by the next open: all of the new batch, the record too', async () => {
    let armed = false;
    const faults: WriteFaults = {
      // The first meta.json written after the journal fails, as a kill there would leave it.
      beforeRename: (target) => {
        if (!armed || !target.endsWith('meta.json') || !existsSync(journalPath(dir))) return;
        armed = false;
        throw new Error('crash after the commit point');
      },
    };
    const store = await storeWithOldBatch({ faults });
    await store.writeChangeSet(changeSetRecord(CS, []), null);
    await saveNew(store);
    armed = true;
    const next = changeSetRecord(CS, [], { state: 'published' });
    await expect(
      store.publishBatch(
        MEMBERS.map((id) => markedEntry(id, 'new', 2, { changeSet: CS })),
        { next, expectedRevision: 1 },
      ),
    ).rejects.toThrow('crash after the commit point');
    // On disk: the journal, the old metas and the old manifest, never a mix.
    expect(existsSync(journalPath(dir))).toBe(true);
    expect(markersOnDisk()).toEqual(all('old'));

    // store:check names it and writes nothing.
    const check = await checkStore(dir, { repair: false });
    expect(check.lines[0]).toBe(
      `${JOURNAL_FILE}: a batch publication of 3 document(s) (de-DE, en-GB, flags) from change set ${CS} was interrupted after its commit point — repair with --repair (or a restart): rolled forward: the publication records, the change set record and the manifest switched to the whole batch`,
    );
    expect(existsSync(journalPath(dir))).toBe(true);

    const reopened = await FileStore.open({ dir });
    expect(reopened.recovery.findings.map((f) => [f.file, f.status])).toEqual([
      [JOURNAL_FILE, 'repaired'],
      ['published/manifest.json', 'repaired'],
    ]);
    expect(markersOnDisk()).toEqual(all('new'));
    expect(existsSync(journalPath(dir))).toBe(false);
    for (const id of MEMBERS)
      expect(JSON.parse(readFileSync(metaPath(dir, id), 'utf8')).published).toMatchObject({
        version: 2,
        changeSet: CS,
      });
    expect(await reopened.store.readChangeSet(CS)).toMatchObject({ state: 'published', revision: 2 });
    // Rolled forward once: a second open finds nothing.
    expect((await FileStore.open({ dir })).recovery.findings).toEqual([]);
  });

  it('in the running process, a batch whose writes failed after the commit point is finished before the next one', async () => {
    let failures = 0;
    const faults: WriteFaults = {
      beforeRename: (target) => {
        if (failures > 0 && target.endsWith('manifest.json')) {
          failures--;
          throw new Error('manifest write failed');
        }
      },
    };
    const store = await storeWithOldBatch({ faults });
    await saveNew(store);
    failures = 1;
    await expect(store.publishBatch(MEMBERS.map((id) => markedEntry(id, 'new', 2)))).rejects.toThrow(
      'manifest write failed',
    );
    expect(markersOnDisk()).toEqual(all('old'));
    // Committed: the store answers with the new publications at once.
    expect((await store.summary('de-DE'))!.published!.version).toBe(2);

    const retry = await store.publishBatch(MEMBERS.map((id) => markedEntry(id, 'new', 2)));
    expect(retry.ok && retry.publications.every((p) => p.unchanged)).toBe(true);
    expect(markersOnDisk()).toEqual(all('new'));
    expect(existsSync(journalPath(dir))).toBe(false);
  });

  it('an unreadable journal is reported for a person, never guessed at', async () => {
    await storeWithOldBatch();
    writeFileSync(journalPath(dir), '{"format": 1, "time": "x", "publications": [{"id": "de-DE"');
    const reopened = await FileStore.open({ dir });
    expect(reopened.recovery.findings).toEqual([expect.objectContaining({ file: JOURNAL_FILE, status: 'manual' })]);
    expect(markersOnDisk()).toEqual(all('old'));
  });

  it('publication records written before change sets (no changeSet, no approvedBy) stay valid', async () => {
    const { store } = await FileStore.open({ dir });
    await store.commitDraft(
      'de-DE',
      { text: markedText('de-DE', 'old'), author: 'anna', message: 'm', action: 'create' },
      null,
    );
    const { publication } = markedEntry('de-DE', 'old', 1);
    await store.publish('de-DE', publication, 1);
    const meta = JSON.parse(readFileSync(metaPath(dir, 'de-DE'), 'utf8'));
    expect(meta.published).not.toHaveProperty('changeSet');
    expect((await FileStore.open({ dir })).recovery.findings).toEqual([]);
    // A publication record of the wrong shape is still refused.
    writeFileSync(metaPath(dir, 'de-DE'), JSON.stringify({ ...meta, published: { ...meta.published, approvedBy: 7 } }));
    expect((await checkStore(dir, { repair: false })).lines[0]).toMatch(
      /^documents\/de-DE\/meta\.json: has a malformed publication record/,
    );
  });
});
