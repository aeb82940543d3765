import type { DocumentId, DocumentKind } from '../../schemas/validator/documents';
import { documentKind } from '../../schemas/validator/documents';

/** What went wrong with a published document; the fallback's tracking event carries it (runtime/tracking). */
export type ConfigFailureReason =
  'unreachable' | 'timeout' | 'http-status' | 'not-json' | 'wrong-shape' | 'not-published';

/** A published document, or the manifest that lists them. */
export type ConfigDocumentName = DocumentId | 'manifest';

const KIND_LABEL: Record<DocumentKind, string> = {
  locale: 'locale config',
  markets: 'markets document',
  flags: 'flags document',
};

/** How messages name a document: `de-DE config`, `markets document`, `config manifest`. */
export function documentLabel(document: ConfigDocumentName): string {
  if (document === 'manifest') return 'config manifest';
  return documentKind(document) === 'locale' ? `${document} config` : KIND_LABEL[documentKind(document)];
}

/** What a valid one of these is called: `locale config`, `markets document`, `manifest`. */
export function kindLabel(document: ConfigDocumentName): string {
  return document === 'manifest' ? 'manifest' : KIND_LABEL[documentKind(document)];
}

/**
 * A published document that cannot be used, named with its URL:
 * `de-DE config (/configs/de-DE.0123456789abcdef.json) is not a valid locale config: /footer must be object`.
 */
export class ConfigLoadError extends Error {
  constructor(
    readonly document: ConfigDocumentName,
    readonly url: string,
    readonly reason: ConfigFailureReason,
    /** What is wrong, after the document's name and URL. */
    readonly detail: string,
    readonly status?: number,
  ) {
    super(`${documentLabel(document)} (${url}) ${detail}`);
    this.name = 'ConfigLoadError';
  }
}
