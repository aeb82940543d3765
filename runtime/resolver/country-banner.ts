import type { MarketModel } from './model';

export interface BannerInput {
  markets: readonly MarketModel[];
  /** The config id of the page being shown. */
  currentConfigId: string;
  /** Value of the country-choice query parameter (?country=xx, a market id), if any. */
  countryChoice?: string;
  /** Preferred locale stored by an earlier choice, if any. */
  storedPreferredLocale?: string;
}

/**
 * SPEC §4: the banner shows when a country-choice parameter is present, or when the stored preferred
 * locale differs from the current market's. It suggests the chosen (or stored) market.
 */
export function countryBannerSuggestion(input: BannerInput): MarketModel | undefined {
  const current = input.markets.find((m) => m.locale === input.currentConfigId);
  if (input.countryChoice) {
    const choice = input.countryChoice.toLowerCase();
    const chosen = input.markets.find((m) => m.id === choice);
    return chosen && chosen !== current ? chosen : undefined;
  }
  if (input.storedPreferredLocale && current && input.storedPreferredLocale !== current.preferredLocale) {
    return input.markets.find((m) => m.preferredLocale === input.storedPreferredLocale);
  }
  return undefined;
}
