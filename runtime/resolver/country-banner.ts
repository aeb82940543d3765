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
 * docs/rules.md#country-banner: the banner shows when a country-choice parameter is present, or when the stored preferred
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

/**
 * The suggested market's country as the page's language names it: a German page names "Vereinigtes Königreich",
 * as its market picker does (docs/rules.md#market-picker). The name comes bare, without the article or case a
 * preposition would need, so the configs' texts put it after a colon. Markets without a region in their locale
 * ("en", the rest of the EU) keep the name the market list gives, which is already in the page's language.
 */
export function bannerCountryName(market: Pick<MarketModel, 'country' | 'locale'>, pageLocale: string): string {
  try {
    const region = new Intl.Locale(market.locale).region;
    if (!region) return market.country;
    return new Intl.DisplayNames([pageLocale], { type: 'region', fallback: 'none' }).of(region) ?? market.country;
  } catch {
    // A locale Intl cannot parse is a config mistake the validator reports; the banner still reads.
    return market.country;
  }
}
