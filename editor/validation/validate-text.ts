import { isDocumentId, validateDocument, type CrossFileContext, type Problem } from '../../schemas/validator';

export { buildContext } from './build-context';
// The preview's feed needs the default-filled document too, from the same lazily loaded module.
export { validateDocument };

/**
 * The editor's live check: the shared validator (the same one the server runs on save), with the
 * cross-file context built from the other drafts, as the server does for a save. The document page loads this
 * module through live-validator.ts, after the form is editable (docs/editor-bundle.md#the-validator).
 */
export function validateText(id: string, text: string, context: CrossFileContext): Problem[] {
  if (!isDocumentId(id)) return [];
  // Flags are checked on their own, like a save of flags on the server.
  return validateDocument({ id, file: `draft ${id}`, text }, id === 'flags' ? {} : context).problems;
}
