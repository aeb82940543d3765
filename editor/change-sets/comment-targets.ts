/**
 * What a comment can point at: the whole set, one member document, or one item in it
 * (docs/workflow.md#comments-and-history). Items come from the carried draft of a locale document, named as
 * the matrix and the review name them; other documents (markets, flags) are commented on as a whole.
 */
import type { ChangeSetComment, CommentTarget, DocumentId } from '../../schemas/contracts';
import { indexConfig } from '../analysis/items';
import type { LocaleConfig } from '../../schemas/generated/config-types';

export interface ItemChoice {
  pointer: string;
  itemId: string;
  /** "header.private › Konto › Zahlungsmethoden". */
  label: string;
}

function isLocaleConfig(content: unknown): content is LocaleConfig {
  return typeof content === 'object' && content !== null && 'locale' in content && 'header' in content;
}

/** The items of a member's carried draft a comment can be about, in document order. */
export function itemChoices(content: unknown): ItemChoice[] {
  if (!isLocaleConfig(content)) return [];
  try {
    return indexConfig(content).map((item) => ({
      pointer: item.pointer,
      itemId: item.id,
      label: `${item.location} › ${item.title}`,
    }));
  } catch {
    // A draft the index cannot read (saved before a schema change) is commented on as a whole.
    return [];
  }
}

/** The body's target: none for the set, the document's root pointer for a whole document, or the item. */
export function commentTarget(document: DocumentId | null, item: ItemChoice | undefined): CommentTarget | undefined {
  if (!document) return undefined;
  return item ? { document, pointer: item.pointer, itemId: item.itemId } : { document, pointer: '' };
}

/** Where a comment points, in words: "on de-DE › zahlungsmethoden" or "on the set". */
export function describeTarget(comment: Pick<ChangeSetComment, 'target'>): string {
  const { target } = comment;
  if (!target) return 'on the set';
  if (!target.pointer) return `on ${target.document}`;
  return `on ${target.document} › ${target.itemId ?? target.pointer}`;
}
