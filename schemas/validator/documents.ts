import commonSchema from '../common.schema.json';

/** The closed list of document ids. Anything else is refused before a path is built from it. */
export const LOCALE_CONFIG_IDS = commonSchema.$defs.ConfigId.enum as readonly ConfigDocumentId[];
export type ConfigDocumentId =
  | 'de-DE' | 'de-AT' | 'de-CH' | 'en-GB' | 'en-IE' | 'en-US'
  | 'fr-FR' | 'es-ES' | 'nl-NL' | 'pl-PL' | 'fi-FI' | 'it-IT' | 'en';
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
