/**
 * "A document is in at most one unpublished change set" (docs/workflow.md#change-sets), as both stores hold it in
 * writeChangeSet: the file store under its lock (file-store.ts), PostgreSQL by a primary key on the holds table
 * (postgres/change-set-holds.ts). What counts is decided here once, for both.
 *
 * A write is refused only for the documents it takes on: members of an unpublished record that its stored record did
 * not already carry while unpublished. So a set that a store from before this rule left holding a document beside
 * another set is never stuck: it may still be saved, commented on, or have that document removed.
 */
import type { ChangeSet } from '../../schemas/contracts/index';
import { DOCUMENT_IDS, type DocumentId } from '../../schemas/validator/index';

/** Who holds a document a write wanted, as the refusal names it. */
export interface Holder {
  id: string;
  title: string;
}

/** The other set holding a document that a write of a change set wanted to take on. */
export interface HeldElsewhere {
  document: DocumentId;
  holder: Holder;
}

/** Whether `set` holds its documents: every state but published. */
export function isOpen(set: Pick<ChangeSet, 'state'>): boolean {
  return set.state !== 'published';
}

/** The documents `set` holds, in DOCUMENT_IDS order (the order the database takes them in, so two writers never wait on each other in a cycle). */
export function heldBy(set: Pick<ChangeSet, 'state' | 'members'>): DocumentId[] {
  if (!isOpen(set)) return [];
  const members = new Set(set.members.map((m) => m.id));
  return DOCUMENT_IDS.filter((id) => members.has(id));
}

/** The documents writing `next` over `current` (undefined: a create) takes on, in DOCUMENT_IDS order. */
export function newlyHeld(
  next: Pick<ChangeSet, 'state' | 'members'>,
  current: Pick<ChangeSet, 'state' | 'members'> | undefined,
): DocumentId[] {
  const before = new Set(current ? heldBy(current) : []);
  return heldBy(next).filter((id) => !before.has(id));
}

/** The first of `documents` that an unpublished set among `sets`, other than `self`, carries. */
export function heldElsewhere(
  documents: readonly DocumentId[],
  self: string,
  sets: Iterable<ChangeSet>,
): HeldElsewhere | undefined {
  const others = [...sets].filter((s) => s.id !== self && isOpen(s));
  for (const document of documents) {
    const holder = others.find((s) => s.members.some((m) => m.id === document));
    if (holder) return { document, holder: { id: holder.id, title: holder.title } };
  }
  return undefined;
}
