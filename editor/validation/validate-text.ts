import { crossFileContext, isDocumentId, validateDocument, type CrossFileContext, type Problem } from '../../schemas/validator';

/**
 * The editor's live check: the shared validator (the same one the server runs on save), with the
 * cross-file context built from the other drafts, as the server does for a save.
 */
export function buildContext(flagsContent: unknown, localeIds: readonly string[]): CrossFileContext {
  return crossFileContext(flagsContent === undefined ? [] : [{ id: 'flags', value: flagsContent }], localeIds);
}

export function validateText(id: string, text: string, context: CrossFileContext): Problem[] {
  if (!isDocumentId(id)) return [];
  // Flags are checked on their own, like a save of flags on the server.
  return validateDocument({ id, file: `draft ${id}`, text }, id === 'flags' ? {} : context).problems;
}
