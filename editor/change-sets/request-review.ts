/**
 * "Request review…" on a document page when approval is on (docs/workflow.md#approval): the document
 * goes into the open change set that holds it, or a new one titled with the user's message, and that set is
 * submitted. A document is in at most one unpublished set, so there is never a choice to make.
 */
import { actOnChangeSet, createChangeSet, listChangeSets } from '../api/change-sets-api';
import type { ChangeSet, DocumentId } from '../../schemas/contracts';

/** What asking for review does, given the sets as they are. */
export type ReviewPlan =
  /** No open set holds it: a new set with this document, then submitted. */
  | { kind: 'create' }
  /** Its open set is still a draft: submit that set. */
  | { kind: 'submit'; changeSet: ChangeSet }
  /** Its open set is already in review or approved (an edit after approval has sent it back to review already). */
  | { kind: 'already'; changeSet: ChangeSet };

/** The unpublished set carrying `documentId`, if any. */
export function openSetHolding(changeSets: readonly ChangeSet[], documentId: DocumentId): ChangeSet | undefined {
  return changeSets.find((set) => set.state !== 'published' && set.members.some((m) => m.id === documentId));
}

export function planReviewRequest(changeSets: readonly ChangeSet[], documentId: DocumentId): ReviewPlan {
  const holder = openSetHolding(changeSets, documentId);
  if (!holder) return { kind: 'create' };
  return holder.state === 'draft' ? { kind: 'submit', changeSet: holder } : { kind: 'already', changeSet: holder };
}

/** Carries out the plan; answers the set now holding the document, submitted. */
export async function requestReview(
  documentId: DocumentId,
  title: string,
): Promise<{ plan: ReviewPlan; changeSet: ChangeSet }> {
  const plan = planReviewRequest((await listChangeSets()).changeSets, documentId);
  switch (plan.kind) {
    case 'create': {
      const created = await createChangeSet({ title, documents: [documentId] });
      return { plan, changeSet: await actOnChangeSet(created.id, created.revision, { action: 'submit' }) };
    }
    case 'submit':
      return {
        plan,
        changeSet: await actOnChangeSet(plan.changeSet.id, plan.changeSet.revision, { action: 'submit' }),
      };
    case 'already':
      return { plan, changeSet: plan.changeSet };
  }
}

/** A title for a new set when the user wrote no message. */
export function defaultReviewTitle(documentId: DocumentId): string {
  return `Changes to ${documentId}`;
}
