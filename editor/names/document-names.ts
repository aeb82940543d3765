/**
 * What people call each document (docs/editor-search.md#document-names): a locale by its country from the locale
 * registry (config/locales.json), named in English by Intl, with the registry's flag code; the two shared documents by
 * what they hold. The dashboard and the search both name documents this way.
 */
import type { DocumentId } from '../../schemas/contracts';
import { localeEntry } from '../../schemas/locale-registry';

export interface DocumentName {
  /** "Germany", "English (no market)", "Markets list". */
  name: string;
  /**
   * The registry's flag code ("de", "eu"), drawn by the shell's FlagIcon, decorative: the name says it in words.
   * Not an emoji: Windows and Linux without an emoji font show regional-indicator letters or boxes instead of flags.
   */
  flag: string | null;
}

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const languages = new Intl.DisplayNames(['en'], { type: 'language' });

const SHARED_DOCUMENTS = {
  markets: { name: 'Markets list', flag: null },
  flags: { name: 'Feature flags', flag: null },
} as const satisfies Record<Exclude<DocumentId, `${string}-${string}` | 'en'>, DocumentName>;

export function documentName(id: DocumentId | string): DocumentName {
  if (id in SHARED_DOCUMENTS) return SHARED_DOCUMENTS[id as keyof typeof SHARED_DOCUMENTS];
  const entry = localeEntry(id);
  const flag = entry?.flag ?? null;
  if (entry?.country) return { name: regions.of(entry.country) ?? entry.country, flag };
  const language = id.split('-')[0]!;
  return { name: `${languages.of(language) ?? language} (no market)`, flag };
}
