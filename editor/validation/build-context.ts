import { crossFileContext } from '../../schemas/validator/cross-file-context';
import type { CrossFileContext } from '../../schemas/validator';

/**
 * The cross-file context a draft is validated with, built from the other drafts as the server builds it for a
 * save. Light on purpose: the page builds it before the validator itself has loaded (docs/editor-bundle.md#the-validator).
 */
export function buildContext(flagsContent: unknown, localeIds: readonly string[]): CrossFileContext {
  return crossFileContext(flagsContent === undefined ? [] : [{ id: 'flags', value: flagsContent }], localeIds);
}
