/**
 * Which documents can join a change set: those whose draft differs from what customers get (or that were never
 * published), and that no other unpublished set holds, since a document is in at most one
 * (docs/workflow.md#change-sets). The others are listed with why they cannot join.
 */
import type { ChangeSet, DocumentId, DocumentSummary } from '../../schemas/contracts';

export interface MemberCandidate {
  id: DocumentId;
  /** Why it cannot join; absent when it can. */
  unavailable?: string;
}

export function memberCandidates(
  documents: readonly DocumentSummary[],
  changeSets: readonly ChangeSet[],
  into?: ChangeSet,
): MemberCandidate[] {
  const holder = new Map<DocumentId, ChangeSet>();
  for (const set of changeSets) if (set.state !== 'published') for (const m of set.members) holder.set(m.id, set);
  return documents
    .filter(
      (doc) => (doc.hasUnpublishedChanges || doc.published === null) && !into?.members.some((m) => m.id === doc.id),
    )
    .map((doc) => {
      const held = holder.get(doc.id);
      return held && held.id !== into?.id ? { id: doc.id, unavailable: `already in “${held.title}”` } : { id: doc.id };
    });
}
