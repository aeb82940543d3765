import type { ConfigDocumentId } from '../../../schemas/validator/documents';

/**
 * What the fallback chrome says, built in: it shows exactly when the published config, which holds every
 * other string, cannot be used. One row per language of the locale configs (the type derives the list
 * from the config ids, so a new locale's language does not compile without its row).
 */
type LanguageOf<Id extends string> = Id extends `${infer Language}-${string}` ? Language : Id;
export type FallbackLanguage = LanguageOf<ConfigDocumentId>;

export interface FallbackStrings {
  /** The logo's alternative text: it is the link home. */
  logoAlt: string;
  /** The footer's link home. */
  home: string;
}

export const FALLBACK_STRINGS: Record<FallbackLanguage, FallbackStrings> = {
  de: { logoAlt: 'Depona – zur Startseite', home: 'Startseite' },
  en: { logoAlt: 'Depona – go to the homepage', home: 'Homepage' },
  fr: { logoAlt: 'Depona – aller à la page d’accueil', home: 'Page d’accueil' },
  es: { logoAlt: 'Depona – ir a la página de inicio', home: 'Página de inicio' },
  nl: { logoAlt: 'Depona – naar de startpagina', home: 'Startpagina' },
  pl: { logoAlt: 'Depona – przejdź do strony głównej', home: 'Strona główna' },
  fi: { logoAlt: 'Depona – siirry etusivulle', home: 'Etusivu' },
  it: { logoAlt: 'Depona – vai alla pagina iniziale', home: 'Pagina iniziale' },
};

/** The brand the fallback shows without a config: the logo every locale config names (config/*.json). */
export const FALLBACK_BRAND = { name: 'Depona', logoUrl: '/assets/logo.svg' } as const;

/** The row for a language tag (`de-DE`, `de-de`, `fr`); English when the language is unknown. */
export function fallbackLanguage(tag: string | undefined): FallbackLanguage {
  const language = tag?.split('-')[0]?.toLowerCase();
  return language && language in FALLBACK_STRINGS ? (language as FallbackLanguage) : 'en';
}
