import { documentKind, type DocumentId } from './documents';
import type { CrossFileContext } from './semantic-checks';

/** Builds the cross-file context from already-parsed documents (flags registry, config ids present). */
export function crossFileContext(
  documents: readonly { id: DocumentId; value?: unknown }[],
  configIds?: Iterable<string>,
): CrossFileContext {
  const flagsDoc = documents.find((d) => d.id === 'flags')?.value as { flags?: { id?: unknown }[] } | undefined;
  const flagIds = Array.isArray(flagsDoc?.flags)
    ? new Set(flagsDoc.flags.map((f) => f?.id).filter((v): v is string => typeof v === 'string'))
    : undefined;
  const ids = new Set(configIds ?? documents.filter((d) => documentKind(d.id) === 'locale').map((d) => d.id));
  return { ...(flagIds ? { flagIds } : {}), configIds: ids };
}
