import type { MarketEntry } from '../../schemas/generated/config-types';

/** A market entry with its name in one page language. */
export interface NamedMarket {
  entry: MarketEntry;
  name: string;
}

const cache = new WeakMap<readonly MarketEntry[], Map<string, readonly NamedMarket[]>>();

/**
 * The markets named in the page's language and sorted by that name with its collation (docs/rules.md#market-picker).
 * Naming and collation are the slow part; a published market list never changes, so this runs once per language.
 */
export function namedMarkets(markets: readonly MarketEntry[], language: string): readonly NamedMarket[] {
  let byLanguage = cache.get(markets);
  if (!byLanguage) cache.set(markets, (byLanguage = new Map()));
  let named = byLanguage.get(language);
  if (!named) {
    const regions = regionNames(language);
    const collator = new Intl.Collator(language);
    named = markets
      .map((entry) => ({ entry, name: marketName(entry, language, regions) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    byLanguage.set(language, named);
  }
  return named;
}

/**
 * An entry with `names` (other/EU, which is not one country) takes its name for the language, or for the language
 * without its region (de for de-CH); a country is named by Intl from its region code, as the page's language writes
 * it (Deutschland, Allemagne, Germany). `country` is the name when neither has one.
 */
export function marketName(entry: MarketEntry, language: string, regions: Intl.DisplayNames | undefined): string {
  if (entry.names) return entry.names[language] ?? entry.names[language.split('-')[0]!] ?? entry.country;
  return regions?.of(entry.redirectTarget.alpha2) ?? entry.country;
}

function regionNames(language: string): Intl.DisplayNames | undefined {
  try {
    return new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  } catch {
    // A language Intl cannot read is a config mistake the validator reports; the picker still shows `country`.
    return undefined;
  }
}
