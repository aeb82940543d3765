import type { ConfigId } from '../generated/config-types';
import { CONFIG_IDS } from '../locale-registry';

/**
 * The closed list of locale document ids, from the locale registry (config/locales.json). Anything else is
 * refused before a path is built from it.
 */
export const LOCALE_CONFIG_IDS: readonly ConfigDocumentId[] = CONFIG_IDS;
/** A locale config id: generated from the registry's ids (npm run gen:types), so it stays a closed union. */
export type ConfigDocumentId = ConfigId;
export type DocumentId = ConfigDocumentId | 'markets' | 'flags';
export type DocumentKind = 'locale' | 'markets' | 'flags';

export const DOCUMENT_IDS: readonly DocumentId[] = [...LOCALE_CONFIG_IDS, 'markets', 'flags'];

export function isDocumentId(id: string): id is DocumentId {
  return (DOCUMENT_IDS as readonly string[]).includes(id);
}

export function documentKind(id: DocumentId): DocumentKind {
  if (id === 'markets') return 'markets';
  if (id === 'flags') return 'flags';
  return 'locale';
}

/** `config/de-DE.json` → `de-DE`; undefined for names that are not documents. */
export function documentIdFromFileName(fileName: string): DocumentId | undefined {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const id = base.endsWith('.json') ? base.slice(0, -'.json'.length) : base;
  return isDocumentId(id) ? id : undefined;
}
