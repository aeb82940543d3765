import {
  isDocumentId,
  validateDocument,
  type CrossFileContext,
  type DocumentId,
  type Problem,
  type ValidatedDocument,
} from '../../schemas/validator';

export { buildContext } from './build-context';
// The preview's feed needs the default-filled document too, from the same lazily loaded module.
export { validateDocument };

/** Flags are checked on their own, like a save of flags on the server; one object, so the memo below matches. */
const ALONE: CrossFileContext = {};

let last: { id: DocumentId; text: string; context: CrossFileContext; result: ValidatedDocument } | null = null;

/**
 * The open draft through the shared validator: its problems and its default-filled document. The preview's feed
 * validates each change as it is typed and the page's problem list the same text once typing settles, so the
 * last result is kept and the second asks nothing (docs/editor-typing.md#the-fixes). The result is shared:
 * never mutate it.
 */
export function validateDraft(id: DocumentId, text: string, context: CrossFileContext): ValidatedDocument {
  const scope = id === 'flags' ? ALONE : context;
  if (last && last.id === id && last.text === text && last.context === scope) return last.result;
  const result = validateDocument({ id, file: `draft ${id}`, text }, scope);
  last = { id, text, context: scope, result };
  return result;
}

/**
 * The editor's live check: the shared validator (the same one the server runs on save), with the
 * cross-file context built from the other drafts, as the server does for a save. The document page loads this
 * module through live-validator.ts, after the form is editable (docs/editor-bundle.md#the-validator).
 */
export function validateText(id: string, text: string, context: CrossFileContext): Problem[] {
  if (!isDocumentId(id)) return [];
  return validateDraft(id, text, context).problems;
}
