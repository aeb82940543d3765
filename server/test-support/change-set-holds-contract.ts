/**
 * The store's part of "a document is in at most one unpublished change set" (docs/workflow.md#change-sets,
 * server/storage/change-set-holds.ts), registered by storeContract for every store: writeChangeSet refuses a record
 * that takes on a document another unpublished set carries, writes nothing of it, and lets go of a document once the
 * set that held it is published or drops it.
 */
import { describe, expect, it } from 'vitest';
import type { ChangeSet } from '../../schemas/contracts/index';
import type { DocumentId } from '../../schemas/validator/index';
import type { DocumentStore } from '../storage/store';
import { changeSetRecord, markedEntry, markedText } from './batch-fixture';

const [A, B, C] = ['cs-aaaaaaaaaa', 'cs-bbbbbbbbbb', 'cs-cccccccccc'];
const carrying = (id: string, documents: DocumentId[], overrides: Partial<ChangeSet> = {}) =>
  changeSetRecord(
    id,
    documents.map((d) => ({ id: d, version: 1 })),
    { state: 'draft', ...overrides },
  );
const heldBy = (document: DocumentId, id: string) => ({
  ok: false,
  reason: 'held',
  document,
  holder: { id, title: `Change set ${id}` },
});

/** `fresh` makes a store in a new place, `reopen` opens the last one again (after `close`). */
export function changeSetHoldsContract(stores: {
  fresh(): Promise<DocumentStore>;
  reopen(): Promise<DocumentStore>;
  close(store: DocumentStore): Promise<void>;
}): void {
  describe('one unpublished change set per document', () => {
    it('a create or an add of a document another unpublished set carries is refused, naming it, and writes nothing', async () => {
      const store = await stores.fresh();
      expect(await store.writeChangeSet(carrying(A, ['de-DE']), null)).toMatchObject({ ok: true });
      expect(await store.writeChangeSet(carrying(B, ['flags', 'de-DE']), null)).toEqual(heldBy('de-DE', A));
      expect(await store.readChangeSet(B)).toBeUndefined();
      await store.writeChangeSet(carrying(B, []), null);
      expect(await store.writeChangeSet(carrying(B, ['de-DE'], { revision: 1 }), 1)).toEqual(heldBy('de-DE', A));
      expect(await store.readChangeSet(B)).toMatchObject({ revision: 1, members: [] });
      // Nothing of a refused write is kept: flags, which it also took on, is still free.
      expect(await store.writeChangeSet(carrying(C, ['flags']), null)).toMatchObject({ ok: true });
    });

    it('a set keeps what it carries through every other write; a document it drops, or a set published, is free again', async () => {
      const store = await stores.fresh();
      await store.writeChangeSet(carrying(A, ['de-DE', 'flags']), null);
      expect(
        await store.writeChangeSet(carrying(A, ['de-DE', 'flags'], { title: 'Renamed', state: 'in-review' }), 1),
      ).toMatchObject({ ok: true });
      expect(await store.writeChangeSet(carrying(A, ['de-DE'], { state: 'in-review' }), 2)).toMatchObject({ ok: true });
      expect(await store.writeChangeSet(carrying(B, ['flags']), null)).toMatchObject({ ok: true });
      expect(await store.writeChangeSet(carrying(C, ['de-DE']), null)).toEqual(heldBy('de-DE', A));
      expect(await store.writeChangeSet(carrying(A, ['de-DE'], { state: 'published' }), 3)).toMatchObject({ ok: true });
      expect(await store.writeChangeSet(carrying(C, ['de-DE']), null)).toMatchObject({ ok: true });
    });

    it('a set published as a batch lets go of its documents in the same step', async () => {
      const store = await stores.fresh();
      await store.commitDraft(
        'de-DE',
        { text: markedText('de-DE', 'one'), author: 'anna', message: 'created', action: 'create' },
        null,
      );
      await store.writeChangeSet(carrying(A, ['de-DE'], { state: 'approved' }), null);
      expect(
        await store.publishBatch([markedEntry('de-DE', 'one', 1, { changeSet: A })], {
          next: carrying(A, ['de-DE'], { state: 'published', revision: 1 }),
          expectedRevision: 1,
        }),
      ).toMatchObject({ ok: true });
      expect(await store.writeChangeSet(carrying(B, ['de-DE']), null)).toMatchObject({ ok: true });
    });

    it('of ten sets created at once carrying one document, exactly one is written; and after a reopen it still holds it', async () => {
      const store = await stores.fresh();
      const ids = Array.from({ length: 10 }, (_, i) => `cs-racerace${'abcdefghij'[i]}a`);
      const results = await Promise.all(ids.map((id) => store.writeChangeSet(carrying(id, ['de-DE']), null)));
      const winners = results.flatMap((r) => (r.ok ? [r.changeSet.id] : []));
      expect(winners).toHaveLength(1);
      for (const result of results.filter((r) => !r.ok)) expect(result).toEqual(heldBy('de-DE', winners[0]!));
      await stores.close(store);
      const reopened = await stores.reopen();
      expect(await reopened.writeChangeSet(carrying(A, ['de-DE']), null)).toEqual(heldBy('de-DE', winners[0]!));
    });
  });
}
