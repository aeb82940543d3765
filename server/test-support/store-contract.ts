/**
 * The behaviours every DocumentStore shares (server/storage/store.ts), as one Vitest suite that any store's test
 * file registers with its own factory: server/storage/file-store.contract.test.ts and server/storage/postgres/postgres-store.contract.test.ts.
 * What only one store does (the file store's journal and repairs, Postgres's notifications and lost connections)
 * is tested beside that store.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeSet, ManifestFragments } from '../../schemas/contracts/index';
import { DOCUMENT_IDS, type DocumentId } from '../../schemas/validator/index';
import { changeSetRecord, markedEntry, markedPublication, markedText, markerOf } from './batch-fixture';
import { changeSetHoldsContract } from './change-set-holds-contract';
import {
  renderFragmentFile,
  renderManifest,
  type FragmentFile,
  type ManifestSource,
} from '../storage/published-config';
import type { DocumentStore, PublicationInfo } from '../storage/store';
import { sha256 } from '../storage/store-layout';
import { SECRET_BYTES } from '../storage/workflow-layout';
import { TURN_IDLE_MS } from '../storage/write-turns';

export interface StoreFactory {
  /** A new, empty place for a store (a directory, a database); called once per test. */
  fresh(): Promise<string>;
  /** Opens the store at `location`; a second open of the same location sees everything the first wrote. */
  open(location: string): Promise<DocumentStore>;
  /** Releases what open() took (connections); the store is not used afterwards. */
  close?(store: DocumentStore): Promise<void>;
}

const MEMBERS: DocumentId[] = ['de-DE', 'en-GB', 'flags'];
const CS = 'cs-abcdefghij';

const create = (text: string, author = 'anna') => ({ text, author, message: 'created', action: 'create' as const });
const save = (text: string, author = 'ben', message = 'saved') => ({ text, author, message, action: 'save' as const });

/** Registers the contract's tests for the store `factory` makes, under `describe(name)`. */
export function storeContract(name: string, factory: StoreFactory): void {
  describe(`${name}: the DocumentStore contract`, () => {
    const opened: DocumentStore[] = [];
    let location = '';
    afterEach(async () => {
      for (const store of opened.splice(0)) await factory.close?.(store);
    });

    /** A store in a new, empty place; `reopen` opens the same place again. */
    async function freshStore(): Promise<DocumentStore> {
      location = await factory.fresh();
      return reopen();
    }
    async function reopen(): Promise<DocumentStore> {
      const store = await factory.open(location);
      opened.push(store);
      return store;
    }
    /** Closes `store` so the place can be opened again (the file store allows one process at a time). */
    async function closeStore(store: DocumentStore): Promise<void> {
      opened.splice(opened.indexOf(store), 1);
      await factory.close?.(store);
    }
    const manifestOf = async (store: DocumentStore) =>
      Buffer.from((await store.readPublished('manifest.json'))!).toString('utf8');
    const entry = (id: DocumentId, p: PublicationInfo): ManifestSource => ({ id, hash: p.hash, file: p.file });

    describe('saving drafts', () => {
      it('creates a document once, then saves only over the draft read (compare-and-set): stale, exists and not-found name what is there', async () => {
        const store = await freshStore();
        const created = await store.commitDraft('de-DE', create('{"v":1}'), null);
        expect(created).toMatchObject({
          ok: true,
          version: { version: 1, author: 'anna', action: 'create', sha256: sha256('{"v":1}') },
        });

        expect(await store.commitDraft('de-DE', create('{"again":true}', 'carl'), null)).toMatchObject({
          ok: false,
          reason: 'exists',
          current: { id: 'de-DE', version: 1, text: '{"v":1}' },
        });
        expect(await store.commitDraft('en-GB', save('{}'), 1)).toEqual({ ok: false, reason: 'not-found' });

        expect(await store.commitDraft('de-DE', save('{"v":2}'), 1)).toMatchObject({
          ok: true,
          version: { version: 2, author: 'ben' },
        });
        const late = await store.commitDraft('de-DE', save('{"lost":true}', 'carl'), 1);
        expect(late).toMatchObject({
          ok: false,
          reason: 'stale',
          current: { version: 2, text: '{"v":2}', author: 'ben' },
        });
        expect((await store.read('de-DE', 'draft'))!.text).toBe('{"v":2}');
      });

      it('of twenty saves over the same draft at once, exactly one wins and the others are told the winner', async () => {
        const store = await freshStore();
        await store.commitDraft('de-DE', create('{"v":1}'), null);
        const results = await Promise.all(
          Array.from({ length: 20 }, (_, i) => store.commitDraft('de-DE', save(`{"writer":${i}}`), 1)),
        );
        const winners = results.filter((r) => r.ok);
        expect(winners).toHaveLength(1);
        const text = (await store.read('de-DE', 'draft'))!.text;
        for (const r of results) if (!r.ok) expect(r).toMatchObject({ reason: 'stale', current: { version: 2, text } });
        expect((await store.history('de-DE'))!.versions).toHaveLength(2);
      });

      it('keeps a text byte for byte, whatever it holds', async () => {
        const store = await freshStore();
        const text = '{\n  "label": "Überweisung \\u00e9 😀 \\"quoted\\"",\r\n  "tab": "\t"\n}\n';
        await store.commitDraft('de-DE', create(text), null);
        const read = (await store.read('de-DE', 1))!;
        expect(read.text).toBe(text);
        expect(read.sha256).toBe(sha256(text));
      });
    });

    describe('write turns (docs/api.md#write-turns)', () => {
      it('serves tickets oldest first, per document: a writer without one stands behind every live ticket', async () => {
        const { turns } = await freshStore();
        expect(await turns.standing('de-DE', undefined)).toEqual({ ahead: 0 });
        const first = await turns.join('de-DE', undefined);
        const second = await turns.join('de-DE', undefined);
        expect([first.ahead, second.ahead]).toEqual([0, 1]);
        expect(second.ticket).not.toBe(first.ticket);
        // Another document's line is its own.
        expect(await turns.standing('en-GB', undefined)).toEqual({ ahead: 0 });
        expect(await turns.standing('de-DE', undefined)).toEqual({ ahead: 2 });
        expect(await turns.standing('de-DE', second.ticket)).toEqual({ ahead: 1, ticket: second.ticket });
        // Joining again keeps the place; a ticket of another document is no ticket here.
        expect(await turns.join('de-DE', second.ticket)).toEqual({ ahead: 1, ticket: second.ticket });
        expect(await turns.standing('en-GB', first.ticket)).toEqual({ ahead: 0 });
        await turns.leave('de-DE', first.ticket);
        expect(await turns.standing('de-DE', second.ticket)).toEqual({ ahead: 0, ticket: second.ticket });
        expect(await turns.standing('de-DE', first.ticket)).toEqual({ ahead: 1 });
      });

      it('wakes a save waiting for the line to move as soon as a ticket leaves', async () => {
        const { turns } = await freshStore();
        const first = await turns.join('de-DE', undefined);
        const started = performance.now();
        const moved = turns.changed('de-DE', 5_000);
        await turns.leave('de-DE', first.ticket);
        await moved;
        expect(performance.now() - started).toBeLessThan(1_000);
        const quiet = performance.now();
        await turns.changed('de-DE', 50);
        expect(performance.now() - quiet).toBeGreaterThanOrEqual(45);
      });

      it('drops a ticket whose holder stopped coming back, and keeps one whose holder keeps asking', async () => {
        const { turns } = await freshStore();
        const gone = await turns.join('flags', undefined);
        const waiting = await turns.join('flags', undefined);
        for (let waited = 0; waited <= TURN_IDLE_MS; waited += TURN_IDLE_MS / 4) {
          await new Promise((resolve) => setTimeout(resolve, TURN_IDLE_MS / 4));
          await turns.standing('flags', waiting.ticket);
        }
        expect(await turns.standing('flags', waiting.ticket)).toEqual({ ahead: 0, ticket: waiting.ticket });
        expect(await turns.standing('flags', gone.ticket)).toEqual({ ahead: 1 });
        expect((await turns.join('flags', gone.ticket)).ahead).toBe(1);
      });
    });

    describe('reading', () => {
      it('history lists every version oldest first with author, message, action and restoredFrom; read takes draft, published or a number', async () => {
        const store = await freshStore();
        await store.commitDraft('de-DE', create('{"v":1}'), null);
        await store.commitDraft('de-DE', save('{"v":2}', 'ben', 'second'), 1);
        await store.commitDraft(
          'de-DE',
          { text: '{"v":1}', author: 'carl', message: 'back', action: 'restore', restoredFrom: 1 },
          2,
        );

        const history = (await store.history('de-DE'))!;
        expect(history.draftVersion).toBe(3);
        expect(history.versions.map((v) => [v.version, v.author, v.message, v.action, v.restoredFrom])).toEqual([
          [1, 'anna', 'created', 'create', undefined],
          [2, 'ben', 'second', 'save', undefined],
          [3, 'carl', 'back', 'restore', 1],
        ]);
        for (const v of history.versions) expect(new Date(v.time).toISOString()).toBe(v.time);
        expect(history.versions[0]!.time <= history.versions[2]!.time).toBe(true);
        expect(history.publications).toEqual([]);

        expect(await store.read('de-DE', 'draft')).toMatchObject({
          id: 'de-DE',
          version: 3,
          text: '{"v":1}',
          restoredFrom: 1,
        });
        expect(await store.read('de-DE', 2)).toMatchObject({ version: 2, text: '{"v":2}', message: 'second' });
        expect(await store.read('de-DE', 'published')).toBeUndefined();
        expect(await store.read('de-DE', 4)).toBeUndefined();
        expect(await store.read('en-GB', 'draft')).toBeUndefined();
        expect(await store.history('en-GB')).toBeUndefined();
        expect(await store.summary('en-GB')).toBeUndefined();
      });

      it('lists the documents present in DOCUMENT_IDS order with their draft, publication and version count', async () => {
        const store = await freshStore();
        const ids = [...DOCUMENT_IDS].reverse().slice(0, 4);
        for (const id of ids) await store.commitDraft(id, create(markedText(id, 'one')), null);
        await store.commitDraft(ids[0]!, save(markedText(ids[0]!, 'two')), 1);
        await store.publish(ids[1]!, markedPublication(ids[1]!, 'one', 1), 1);

        const listed = await store.list();
        expect(listed.map((s) => s.id)).toEqual(DOCUMENT_IDS.filter((id) => ids.includes(id)));
        expect(listed.find((s) => s.id === ids[0])).toMatchObject({
          draft: { version: 2, author: 'ben' },
          published: null,
          versionCount: 2,
        });
        expect(listed.find((s) => s.id === ids[1])).toMatchObject({
          draft: { version: 1 },
          published: { version: 1, author: 'publisher' },
          versionCount: 1,
        });
        expect(await store.summary(ids[1]!)).toEqual(listed.find((s) => s.id === ids[1]));
      });
    });

    describe('publishing one document', () => {
      it('stores the hashed file, points the document and the manifest at it, and serves both', async () => {
        const store = await freshStore();
        expect(await manifestOf(store)).toBe(renderManifest([]));
        await store.commitDraft('de-DE', create(markedText('de-DE', 'one')), null);
        const publication = markedPublication('de-DE', 'one', 1);
        const published = await store.publish('de-DE', publication, 1);
        expect(published).toMatchObject({
          ok: true,
          unchanged: false,
          publication: { version: 1, hash: publication.hash, file: publication.file, author: 'publisher' },
        });
        const info = (published as { publication: PublicationInfo }).publication;

        expect(await manifestOf(store)).toBe(renderManifest([entry('de-DE', info)]));
        expect(Buffer.from((await store.readPublished(publication.file))!).equals(Buffer.from(publication.bytes))).toBe(
          true,
        );
        expect(await store.read('de-DE', 'published')).toMatchObject({ version: 1 });
        expect((await store.summary('de-DE'))!.published).toEqual(info);
        expect((await store.history('de-DE'))!.publications).toEqual([info]);

        expect(await store.publish('de-DE', publication, 1)).toEqual({ ok: true, publication: info, unchanged: true });
        expect((await store.history('de-DE'))!.publications).toHaveLength(1);
      });

      it('refuses a stale or missing draft and changes nothing', async () => {
        const store = await freshStore();
        await store.commitDraft('de-DE', create(markedText('de-DE', 'one')), null);
        await store.commitDraft('de-DE', save(markedText('de-DE', 'two')), 1);
        const before = await manifestOf(store);
        expect(await store.publish('de-DE', markedPublication('de-DE', 'one', 1), 1)).toMatchObject({
          ok: false,
          reason: 'stale',
          current: { version: 2 },
        });
        expect(await store.publish('en-GB', markedPublication('en-GB', 'one', 1), 1)).toEqual({
          ok: false,
          reason: 'not-found',
        });
        expect(await manifestOf(store)).toBe(before);
        expect((await store.history('de-DE'))!.publications).toEqual([]);
      });

      it('keeps every publication, so a rollback to an older file is a new publication of it', async () => {
        const store = await freshStore();
        await store.commitDraft('de-DE', create(markedText('de-DE', 'one')), null);
        await store.publish('de-DE', markedPublication('de-DE', 'one', 1), 1);
        await store.commitDraft('de-DE', save(markedText('de-DE', 'two')), 1);
        await store.publish('de-DE', markedPublication('de-DE', 'two', 2), 2);
        await store.commitDraft(
          'de-DE',
          { ...save(markedText('de-DE', 'one')), action: 'restore', restoredFrom: 1 },
          2,
        );
        const back = markedPublication('de-DE', 'one', 3);
        const again = await store.publish('de-DE', back, 3);
        expect(again).toMatchObject({ ok: true, unchanged: false });

        const publications = (await store.history('de-DE'))!.publications;
        expect(publications.map((p) => [p.version, p.file])).toEqual([
          [1, markedPublication('de-DE', 'one', 1).file],
          [2, markedPublication('de-DE', 'two', 2).file],
          [3, back.file],
        ]);
        expect(await manifestOf(store)).toBe(renderManifest([entry('de-DE', publications[2]!)]));
        // Older files stay, so a cached manifest never names a missing one.
        expect(markerOf((await store.readPublished(markedPublication('de-DE', 'two', 2).file))!)).toBe('two');
      });

      it('serves nothing for names that are not published files', async () => {
        const store = await freshStore();
        for (const name of [
          'de-DE.0123456789abcdef.json',
          'xx-XX.0123456789abcdef.json',
          '../documents/de-DE/meta.json',
          'fragments/shell.0123456789abcdef.css',
          'secrets',
          '',
        ])
          expect(await store.readPublished(name)).toBeUndefined();
      });
    });

    describe('publishing fragments', () => {
      it('stores the fragment files not there yet, points the manifest at the section, and serves them', async () => {
        const store = await freshStore();
        await store.commitDraft('de-DE', create(markedText('de-DE', 'one')), null);
        const published = (await store.publish('de-DE', markedPublication('de-DE', 'one', 1), 1)) as {
          publication: PublicationInfo;
        };
        const { files, section } = fragments('one');

        expect((await store.publishFragments(files, section)).sort()).toEqual(files.map((f) => f.file).sort());
        expect(await manifestOf(store)).toBe(renderManifest([entry('de-DE', published.publication)], section));
        for (const file of files)
          expect(Buffer.from((await store.readPublished(file.file))!).toString('utf8')).toBe(
            Buffer.from(file.bytes).toString('utf8'),
          );

        expect(await store.publishFragments(files, section)).toEqual([]);
        const next = fragments('two');
        expect((await store.publishFragments(next.files, next.section)).sort()).toEqual(
          next.files.map((f) => f.file).sort(),
        );
        expect(await manifestOf(store)).toBe(renderManifest([entry('de-DE', published.publication)], next.section));
        expect(await store.readPublished(files[0]!.file)).toBeDefined();

        // A later publication keeps the fragments section.
        await store.commitDraft('de-DE', save(markedText('de-DE', 'two')), 1);
        const later = (await store.publish('de-DE', markedPublication('de-DE', 'two', 2), 2)) as {
          publication: PublicationInfo;
        };
        expect(await manifestOf(store)).toBe(renderManifest([entry('de-DE', later.publication)], next.section));
      });
    });

    describe('publishing a batch', () => {
      async function storeWithMembers(): Promise<DocumentStore> {
        const store = await freshStore();
        for (const id of MEMBERS) await store.commitDraft(id, create(markedText(id, 'old')), null);
        expect((await store.publishBatch(MEMBERS.map((id) => markedEntry(id, 'old', 1)))).ok).toBe(true);
        for (const id of MEMBERS) await store.commitDraft(id, save(markedText(id, 'new')), 1);
        await store.writeChangeSet(
          changeSetRecord(
            CS,
            MEMBERS.map((id) => ({ id, version: 2 })),
          ),
          null,
        );
        return store;
      }
      const publishedMarkers = async (store: DocumentStore) => {
        const manifest = JSON.parse(await manifestOf(store)) as { documents: Record<string, { file: string }> };
        return Object.fromEntries(
          await Promise.all(
            MEMBERS.map(async (id) => [id, markerOf((await store.readPublished(manifest.documents[id]!.file))!)]),
          ),
        );
      };
      const all = (marker: string) => Object.fromEntries(MEMBERS.map((id) => [id, marker]));
      const next = (store: DocumentStore) =>
        store
          .readChangeSet(CS)
          .then((c) => ({ next: { ...c!, state: 'published' as const }, expectedRevision: c!.revision }));

      it('publishes every member and the change set record in one step, with one time, the change set and the approver', async () => {
        const store = await storeWithMembers();
        const extra = { changeSet: CS, approvedBy: 'olga' };
        const result = await store.publishBatch(
          MEMBERS.map((id) => markedEntry(id, 'new', 2, extra)),
          await next(store),
        );
        expect(result.ok).toBe(true);
        const { publications } = result as Extract<typeof result, { ok: true }>;
        expect(
          publications.map((p) => [
            p.id,
            p.unchanged,
            p.publication.version,
            p.publication.changeSet,
            p.publication.approvedBy,
          ]),
        ).toEqual(MEMBERS.map((id) => [id, false, 2, CS, 'olga']));
        expect(new Set(publications.map((p) => p.publication.time)).size).toBe(1);
        expect(await publishedMarkers(store)).toEqual(all('new'));
        expect(await manifestOf(store)).toBe(renderManifest(publications.map((p) => entry(p.id, p.publication))));
        expect(await store.readChangeSet(CS)).toMatchObject({ state: 'published', revision: 2 });
        expect((await store.history('flags'))!.publications.at(-1)).toEqual(
          publications.find((p) => p.id === 'flags')!.publication,
        );
      });

      it('publishes nothing when one member is stale or gone, and says which', async () => {
        const store = await storeWithMembers();
        const before = await manifestOf(store);
        await store.commitDraft('en-GB', save(markedText('en-GB', 'newer')), 2);
        expect(
          await store.publishBatch(
            MEMBERS.map((id) => markedEntry(id, 'new', 2)),
            await next(store),
          ),
        ).toMatchObject({ ok: false, reason: 'stale', id: 'en-GB', current: { version: 3 } });
        expect(await store.publishBatch([markedEntry('de-DE', 'new', 2), markedEntry('it-IT', 'new', 1)])).toEqual({
          ok: false,
          reason: 'not-found',
          id: 'it-IT',
        });
        expect(await manifestOf(store)).toBe(before);
        expect(await publishedMarkers(store)).toEqual(all('old'));
        for (const id of MEMBERS) expect((await store.history(id))!.publications).toHaveLength(1);
        expect(await store.readChangeSet(CS)).toMatchObject({ revision: 1, state: 'approved' });
      });

      it('publishes nothing when the change set record moved on', async () => {
        const store = await storeWithMembers();
        const stale = await next(store);
        await store.writeChangeSet({ ...stale.next, state: 'in-review' }, stale.expectedRevision);
        const result = await store.publishBatch(
          MEMBERS.map((id) => markedEntry(id, 'new', 2)),
          stale,
        );
        expect(result).toMatchObject({
          ok: false,
          reason: 'change-set-stale',
          current: { id: CS, state: 'in-review', revision: 2 },
        });
        expect(await publishedMarkers(store)).toEqual(all('old'));
        for (const id of MEMBERS) expect((await store.history(id))!.publications).toHaveLength(1);
      });

      it('reports members already published as they are unchanged, and refuses a document named twice', async () => {
        const store = await storeWithMembers();
        const again = await store.publishBatch([markedEntry('de-DE', 'new', 2), markedEntry('flags', 'new', 2)]);
        expect(again.ok).toBe(true);
        const repeat = await store.publishBatch([markedEntry('de-DE', 'new', 2), markedEntry('en-GB', 'new', 2)]);
        expect((repeat as Extract<typeof repeat, { ok: true }>).publications.map((p) => [p.id, p.unchanged])).toEqual([
          ['de-DE', true],
          ['en-GB', false],
        ]);
        expect((await store.history('de-DE'))!.publications).toHaveLength(2);
        await expect(
          settled(() => store.publishBatch([markedEntry('de-DE', 'new', 2), markedEntry('de-DE', 'new', 2)])),
        ).rejects.toThrow(/named twice/);
      });
    });

    describe('change sets', () => {
      it('are created once, then written only over the revision read (compare-and-set)', async () => {
        const store = await freshStore();
        expect(await store.writeChangeSet(changeSetRecord(CS, [{ id: 'de-DE', version: 1 }]), null)).toMatchObject({
          ok: true,
          changeSet: { id: CS, revision: 1 },
        });
        expect(await store.writeChangeSet(changeSetRecord(CS, []), null)).toMatchObject({
          ok: false,
          reason: 'stale',
          current: { revision: 1 },
        });
        expect(await store.writeChangeSet(changeSetRecord(CS, [], { title: 'Spring fix' }), 1)).toMatchObject({
          ok: true,
          changeSet: { title: 'Spring fix', revision: 2 },
        });
        expect(await store.writeChangeSet(changeSetRecord(CS, [], { title: 'Lost update' }), 1)).toMatchObject({
          ok: false,
          reason: 'stale',
          current: { title: 'Spring fix', revision: 2 },
        });
        expect(await store.writeChangeSet(changeSetRecord('cs-zzzzzzzzzz', []), 3)).toEqual({
          ok: false,
          reason: 'not-found',
        });
        expect(await store.readChangeSet('cs-zzzzzzzzzz')).toBeUndefined();
        await expect(settled(() => store.writeChangeSet(changeSetRecord('not-an-id', []), null))).rejects.toThrow(
          /not a change set id/,
        );
      });

      it('of ten writers over the same revision, exactly one wins', async () => {
        const store = await freshStore();
        await store.writeChangeSet(changeSetRecord(CS, []), null);
        const results = await Promise.all(
          Array.from({ length: 10 }, (_, i) =>
            store.writeChangeSet(changeSetRecord(CS, [], { title: `writer ${i}` }), 1),
          ),
        );
        const winners = results.filter((r) => r.ok);
        expect(winners).toHaveLength(1);
        expect((await store.readChangeSet(CS))!.title).toBe((winners[0] as { changeSet: ChangeSet }).changeSet.title);
      });

      it('keep every field as written, are listed newest first, and callers get copies', async () => {
        const store = await freshStore();
        const full = changeSetRecord('cs-dddddddddd', [{ id: 'de-DE', version: 3 }], {
          createdAt: '2025-02-01T00:00:00.000Z',
          comments: [
            {
              id: 'c1',
              author: 'olga',
              time: '2025-02-02T00:00:00.000Z',
              text: 'Ünïcode ok?',
              target: { document: 'de-DE', pointer: '/header/items/0', itemId: 'home' },
            },
          ],
          events: [{ kind: 'created', author: 'anna', time: '2025-02-01T00:00:00.000Z', versions: { 'de-DE': 3 } }],
          approval: { by: 'olga', time: '2025-02-03T00:00:00.000Z', versions: { 'de-DE': 3 } },
          schedule: {
            at: '2025-03-01T08:00:00.000Z',
            by: 'olga',
            failure: { time: '2025-03-01T08:00:00.100Z', reason: 'draft changed' },
          },
          shares: [
            {
              id: 's1',
              createdBy: 'anna',
              createdAt: '2025-02-01T00:00:00.000Z',
              expiresAt: '2025-02-08T00:00:00.000Z',
              note: '',
            },
          ],
        });
        await store.writeChangeSet(full, null);
        expect(await store.readChangeSet('cs-dddddddddd')).toEqual({ ...full, revision: 1 });

        await store.writeChangeSet(
          changeSetRecord('cs-aaaaaaaaaa', [], { createdAt: '2025-03-01T00:00:00.000Z' }),
          null,
        );
        await store.writeChangeSet(
          changeSetRecord('cs-bbbbbbbbbb', [], { createdAt: '2025-05-01T00:00:00.000Z' }),
          null,
        );
        await store.writeChangeSet(
          changeSetRecord('cs-cccccccccc', [], { createdAt: '2025-05-01T00:00:00.000Z' }),
          null,
        );
        const listed = await store.listChangeSets();
        expect(listed.map((c) => c.id)).toEqual(['cs-cccccccccc', 'cs-bbbbbbbbbb', 'cs-aaaaaaaaaa', 'cs-dddddddddd']);
        listed[0]!.title = 'changed by a caller';
        (await store.readChangeSet('cs-dddddddddd'))!.comments.pop();
        expect((await store.readChangeSet('cs-cccccccccc'))!.title).toBe('Change set cs-cccccccccc');
        expect((await store.readChangeSet('cs-dddddddddd'))!.comments).toHaveLength(1);
      });
    });

    changeSetHoldsContract({ fresh: freshStore, reopen, close: closeStore });

    describe('the store secret', () => {
      it('is made once, 256 bits, and is the same for every caller', async () => {
        const store = await freshStore();
        const [a, b] = await Promise.all([store.secret('share-links'), store.secret('share-links')]);
        expect(a).toHaveLength(SECRET_BYTES);
        expect(a.equals(b)).toBe(true);
        a.fill(0);
        expect((await store.secret('share-links')).equals(b)).toBe(true);
      });
    });

    describe('reopening', () => {
      it('keeps documents, history, publications, the manifest, fragments, change sets and the secret', async () => {
        const first = await freshStore();
        await first.commitDraft('de-DE', create(markedText('de-DE', 'one')), null);
        await first.commitDraft(
          'de-DE',
          { text: markedText('de-DE', 'two'), author: 'ben', message: 'restore', action: 'restore', restoredFrom: 1 },
          1,
        );
        await first.commitDraft('flags', create(markedText('flags', 'one')), null);
        await first.publishBatch([
          markedEntry('de-DE', 'two', 2, { changeSet: CS, approvedBy: 'olga' }),
          markedEntry('flags', 'one', 1),
        ]);
        const { files, section } = fragments('one');
        await first.publishFragments(files, section);
        await first.writeChangeSet(changeSetRecord(CS, [{ id: 'de-DE', version: 2 }]), null);
        const secret = await first.secret('share-links');
        const before = {
          list: await first.list(),
          history: await Promise.all(['de-DE', 'flags'].map((id) => first.history(id as DocumentId))),
          manifest: await manifestOf(first),
          changeSets: await first.listChangeSets(),
        };
        await closeStore(first);

        const second = await reopen();
        expect(await second.list()).toEqual(before.list);
        expect(await Promise.all(['de-DE', 'flags'].map((id) => second.history(id as DocumentId)))).toEqual(
          before.history,
        );
        expect(await manifestOf(second)).toBe(before.manifest);
        expect(await second.listChangeSets()).toEqual(before.changeSets);
        expect((await second.secret('share-links')).equals(secret)).toBe(true);
        expect(markerOf((await second.readPublished(markedPublication('de-DE', 'two', 2).file))!)).toBe('two');
        expect(await second.readPublished(files[0]!.file)).toBeDefined();
        expect((await second.health()).damaged).toEqual([]);
      });
    });
  });
}

/** A call's failure as a rejection, whether the store throws at once or rejects later. */
function settled<T>(call: () => Promise<T>): Promise<T> {
  return Promise.resolve().then(call);
}

/** A fragments section for de-DE and the files it names; `variant` changes every file's bytes. */
export function fragments(variant: string): { files: FragmentFile[]; section: ManifestFragments } {
  const css = renderFragmentFile({ slot: 'css' }, `.ps-${variant}{color:red}`);
  const header = renderFragmentFile({ locale: 'de-DE', slot: 'header' }, `<header>${variant}</header>`);
  const footer = renderFragmentFile({ locale: 'de-DE', slot: 'footer' }, `<footer>${variant}</footer>`);
  const ref = ({ file, hash }: FragmentFile) => ({ file, hash });
  return {
    files: [css, header, footer],
    section: { css: ref(css), locales: { 'de-DE': { header: ref(header), footer: ref(footer) } } },
  };
}
