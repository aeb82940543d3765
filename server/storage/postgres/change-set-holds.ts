/**
 * The change_set_holds table (migrations.ts, version 6): one row per document an unpublished change set holds, its
 * primary key the rule "a document is in at most one unpublished change set" (docs/workflow.md#change-sets). Every
 * write of a change set record brings the rows in step with the record, inside the record's transaction, so the
 * rule holds however many instances write at once: an insert of a document another transaction holds waits for
 * that one to commit and then finds the row taken.
 */
import type pg from 'pg';
import type { ChangeSet } from '../../../schemas/contracts/index';
import type { DocumentId } from '../../../schemas/validator/index';
import { heldBy, newlyHeld, type HeldElsewhere } from '../change-set-holds';

/** A writer that lost a race this many times in a row to holds let go in between is a bug, not a race. */
const ATTEMPTS = 5;

/**
 * Makes the rows say what `set` holds now: lets go of what it no longer carries (or everything, once published)
 * and takes what it carries that nobody holds. Returns the documents it carries that another set holds.
 */
export async function syncHolds(
  c: pg.ClientBase,
  set: Pick<ChangeSet, 'id' | 'state' | 'members'>,
): Promise<DocumentId[]> {
  const held = heldBy(set);
  await c.query('DELETE FROM change_set_holds WHERE change_set = $1 AND NOT (document_id = ANY($2::text[]))', [
    set.id,
    held,
  ]);
  if (held.length === 0) return [];
  // One statement, in DOCUMENT_IDS order: two writers taking the same documents wait on each other in one order.
  await c.query(
    'INSERT INTO change_set_holds (document_id, change_set) SELECT unnest($1::text[]), $2 ON CONFLICT (document_id) DO NOTHING',
    [held, set.id],
  );
  const mine = await c.query<{ document_id: DocumentId }>(
    'SELECT document_id FROM change_set_holds WHERE change_set = $1',
    [set.id],
  );
  const ours = new Set(mine.rows.map((r) => r.document_id));
  return held.filter((id) => !ours.has(id));
}

/**
 * syncHolds for a write of `next` over `current` (undefined: a create), in that write's transaction; the first
 * document `next` takes on that another set holds, with that set, or undefined when the write may commit.
 */
export async function takeHolds(
  c: pg.ClientBase,
  next: ChangeSet,
  current: ChangeSet | undefined,
): Promise<HeldElsewhere | undefined> {
  const wanted = newlyHeld(next, current);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const missing = (await syncHolds(c, next)).filter((id) => wanted.includes(id));
    if (missing.length === 0) return undefined;
    const holders = await c.query<HolderRow>(
      'SELECT h.document_id, c.id, c.record FROM change_set_holds h JOIN change_sets c ON c.id = h.change_set WHERE h.document_id = ANY($1::text[])',
      [missing],
    );
    for (const document of missing) {
      const row = holders.rows.find((r) => r.document_id === document);
      // Gone since the insert (its set was published or dropped it): free now, taken on the next attempt.
      if (!row) continue;
      if (carries(row.record, document))
        return {
          document,
          holder: { id: row.id, title: typeof row.record.title === 'string' ? row.record.title : row.id },
        };
      await releaseStale(c, row.id, document);
    }
  }
  throw new Error(`change set ${next.id}: its documents' holds kept changing under ${ATTEMPTS} attempts`);
}

interface HolderRow {
  document_id: DocumentId;
  id: string;
  /** jsonb: whatever the row holds (an edit by hand may have broken it). */
  record: Partial<ChangeSet>;
}

function carries(record: Partial<ChangeSet>, document: DocumentId): boolean {
  return (
    record.state !== 'published' && Array.isArray(record.members) && record.members.some((m) => m?.id === document)
  );
}

/**
 * A hold whose set no longer carries the document: written around the holds (an instance of a release before them,
 * during a rolling upgrade, or an edit by hand: docs/operations.md#postgresql). Let go once the set's row, locked,
 * confirms it; a set being written meanwhile is waited for, and then decides.
 */
async function releaseStale(c: pg.ClientBase, setId: string, document: DocumentId): Promise<void> {
  const row = (
    await c.query<{ record: Partial<ChangeSet> }>('SELECT record FROM change_sets WHERE id = $1 FOR SHARE', [setId])
  ).rows[0];
  if (row && carries(row.record, document)) return;
  await c.query('DELETE FROM change_set_holds WHERE document_id = $1 AND change_set = $2', [document, setId]);
}
