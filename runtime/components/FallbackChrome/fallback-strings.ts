import { LOCALE_REGISTRY } from '../../../schemas/locale-registry';
import type { ConfigDocumentId } from '../../../schemas/validator/documents';

/**
 * What the fallback chrome says, built in: it shows exactly when the published config, which holds every
 * other string, cannot be used. One entry per language in config/locales.json (its languages); the
 * registry's test checks that every locale's language has one.
 */
type LanguageOf<Id extends string> = Id extends `${infer Language}-${string}` ? Language : Id;
/** The languages of the registry's config ids (ConfigDocumentId is generated from the registry). */
export type FallbackLanguage = LanguageOf<ConfigDocumentId>;

export interface FallbackStrings {
  /** The logo's alternative text: it is the link home. */
  logoAlt: string;
  /** The footer's link home. */
  home: string;
}

export const FALLBACK_STRINGS = Object.fromEntries(
  Object.entries(LOCALE_REGISTRY.languages).map(([language, entry]) => [language, entry.fallback]),
) as Readonly<Record<FallbackLanguage, FallbackStrings>>;

/** The brand the fallback shows without a config: the logo every locale config names (config/*.json). */
export const FALLBACK_BRAND = { name: 'Depona', logoUrl: '/assets/logo.svg' } as const;

/** The row for a language tag (`de-DE`, `de-de`, `fr`); English when the language is unknown. */
export function fallbackLanguage(tag: string | undefined): FallbackLanguage {
  const language = tag?.split('-')[0]?.toLowerCase();
  return language && Object.hasOwn(FALLBACK_STRINGS, language) ? (language as FallbackLanguage) : 'en';
}
