import { describe, expect, it } from 'vitest';
import type { ConfigId, MarketEntry } from '../../schemas/generated/config-types';
import { LOCALE_REGISTRY } from '../../schemas/locale-registry';
import { bannerCountryName, countryBannerSuggestion } from './country-banner';
import { namedMarkets } from './market-picker-names';
import type { MarketModel } from './model';
import {
  CONFIG_IDS,
  DEFAULT_FLAGS,
  editableConfig,
  MARKET_LOCALES,
  MARKETS as marketEntries,
} from './__fixtures__/configs';
import { visitor } from './__fixtures__/contexts';
import { footer } from './__fixtures__/shell';

const BOTH = ['newMarketLocales', 'unifiedDomainLocales'];
const picker = (locale: ConfigId, flags: Iterable<string> = BOTH) => footer(visitor(locale, { flags })).marketPicker!;
const ids = (markets: readonly MarketModel[]) => markets.map((m) => m.id);

describe('market picker: markets filtered by their flags, sorted by country', () => {
  it('lists every market sorted by its name in the page language (de-DE: Österreich sorts as O)', () => {
    const markets = picker('de-DE').markets;
    expect(markets.map((m) => m.country)).toEqual([
      'Andere Länder / EU',
      'Deutschland',
      'Finnland',
      'Frankreich',
      'Irland',
      'Italien',
      'Niederlande',
      'Österreich',
      'Polen',
      'Schweiz',
      'Spanien',
      'Vereinigte Staaten',
      'Vereinigtes Königreich',
    ]);
  });

  it("sorts with the page language's collation (Finnish puts Ö after Z, German among the Os)", () => {
    const entry = (id: string, name: string): MarketEntry => ({
      ...marketEntries[0]!,
      id,
      names: { fi: name, de: name },
    });
    const entries = [entry('o', 'Öland'), entry('z', 'Zeta'), entry('p', 'Pori')];
    expect(namedMarkets(entries, 'fi').map((m) => m.name)).toEqual(['Pori', 'Zeta', 'Öland']);
    expect(namedMarkets(entries, 'de').map((m) => m.name)).toEqual(['Öland', 'Pori', 'Zeta']);
  });

  it.each(CONFIG_IDS)('%s lists the 13 markets in country-name order', (id) => {
    const markets = picker(id).markets;
    expect(markets).toHaveLength(13);
    const names = markets.map((m) => m.country);
    expect(names).toEqual([...names].sort(new Intl.Collator(id === 'de-CH' ? 'de-CH' : id.slice(0, 2)).compare));
  });

  it('registry defaults switch both market flags on', () => {
    expect(ids(picker('de-DE', DEFAULT_FLAGS).markets)).toHaveLength(13);
  });

  it('without newMarketLocales Poland, Finland, Switzerland and Italy are not listed', () => {
    expect(ids(picker('de-DE', ['unifiedDomainLocales']).markets)).toEqual([
      'eu',
      'de',
      'fr',
      'ie',
      'nl',
      'at',
      'es',
      'us',
      'gb',
    ]);
  });

  it('without unifiedDomainLocales the US and other/EU entries are not listed', () => {
    expect(ids(picker('de-DE', ['newMarketLocales']).markets)).toEqual([
      'de',
      'fi',
      'fr',
      'ie',
      'it',
      'nl',
      'at',
      'pl',
      'ch',
      'es',
      'gb',
    ]);
  });

  it('with neither flag, the seven original markets remain', () => {
    expect(ids(picker('de-DE', []).markets)).toEqual(['de', 'fr', 'ie', 'nl', 'at', 'es', 'gb']);
  });

  it.each(MARKET_LOCALES)('%s marks its own market as current, and only that one', (locale) => {
    const current = picker(locale).markets.filter((m) => m.current);
    expect(current.map((m) => m.locale)).toEqual([locale]);
  });

  it('plain en marks other/EU as current', () => {
    expect(
      picker('en')
        .markets.filter((m) => m.current)
        .map((m) => m.id),
    ).toEqual(['eu']);
  });

  it('market links are absolute paths, not prefixed with the page base path', () => {
    const links = Object.fromEntries(picker('de-DE').markets.map((m) => [m.id, m.link.href]));
    expect(links).toMatchObject({ at: '/de-at/', us: '/en-us/', eu: '/en/select-country/', de: '/de-de/' });
  });

  it('names the countries in the page language, from their region codes', () => {
    const names = (locale: ConfigId) => Object.fromEntries(picker(locale).markets.map((m) => [m.id, m.country]));
    expect(names('de-DE')).toMatchObject({ gb: 'Vereinigtes Königreich', fr: 'Frankreich', de: 'Deutschland' });
    expect(names('fr-FR')).toMatchObject({ gb: 'Royaume-Uni', de: 'Allemagne', fr: 'France' });
    expect(names('en-GB')).toMatchObject({ de: 'Germany', at: 'Austria', fi: 'Finland' });
  });

  it('names other/EU in the page language: German on de-DE and de-CH, French on fr-FR', () => {
    const eu = (locale: ConfigId) => picker(locale).markets.find((m) => m.id === 'eu')!.country;
    expect(eu('de-DE')).toBe('Andere Länder / EU');
    expect(eu('de-CH')).toBe('Andere Länder / EU');
    expect(eu('fr-FR')).toBe('Autres pays / UE');
    expect(eu('en-GB')).toBe('Other / EU');
  });

  it('has a name for other/EU in every language of the locale registry', () => {
    const eu = marketEntries.find((m) => m.id === 'eu')!;
    expect(Object.keys(LOCALE_REGISTRY.languages).filter((language) => !eu.names?.[language])).toEqual([]);
  });

  it("falls back to the entry's country name for a language its names lack", () => {
    const other: MarketEntry = { ...marketEntries[0]!, id: 'xx', country: 'Elsewhere', names: { de: 'Anderswo' } };
    expect(namedMarkets([other], 'nl').map((m) => m.name)).toEqual(['Elsewhere']);
    expect(namedMarkets([other], 'de-CH').map((m) => m.name)).toEqual(['Anderswo']);
  });

  it('carries the localised label', () => {
    expect(picker('de-DE').label).toBe('Land wählen');
  });

  it('hideCountryPicker removes it', () => {
    const config = editableConfig('de-DE');
    config.footer.hideCountryPicker = true;
    expect(footer(visitor('de-DE', { flags: BOTH }), config).marketPicker).toBeUndefined();
  });
});

describe('country banner suggestion', () => {
  const markets = picker('de-DE').markets;

  it('a country-choice parameter suggests that market', () => {
    expect(countryBannerSuggestion({ markets, currentConfigId: 'de-DE', countryChoice: 'AT' })?.id).toBe('at');
  });

  it('a country choice of the current market or an unknown one suggests nothing', () => {
    expect(countryBannerSuggestion({ markets, currentConfigId: 'de-DE', countryChoice: 'de' })).toBeUndefined();
    expect(countryBannerSuggestion({ markets, currentConfigId: 'de-DE', countryChoice: 'zz' })).toBeUndefined();
  });

  it('a stored preferred locale that differs from the current market suggests the stored market', () => {
    expect(countryBannerSuggestion({ markets, currentConfigId: 'de-DE', storedPreferredLocale: 'en-GB' })?.id).toBe(
      'gb',
    );
  });

  it('a stored preferred locale equal to the current market suggests nothing', () => {
    expect(
      countryBannerSuggestion({ markets, currentConfigId: 'de-DE', storedPreferredLocale: 'de-DE' }),
    ).toBeUndefined();
    expect(countryBannerSuggestion({ markets, currentConfigId: 'de-DE' })).toBeUndefined();
  });
});

describe('the banner names the suggested country in the page language', () => {
  const markets = picker('de-DE').markets;
  const market = (id: string) => markets.find((m) => m.id === id)!;

  it('a German page names the United Kingdom in German, as its market picker does', () => {
    expect(market('gb').country).toBe('Vereinigtes Königreich');
    expect(bannerCountryName(market('gb'), 'de-DE')).toBe('Vereinigtes Königreich');
  });

  it("the name follows the page language, not the suggested market's", () => {
    expect(bannerCountryName(market('at'), 'fr-FR')).toBe('Autriche');
    expect(bannerCountryName(market('at'), 'en-GB')).toBe('Austria');
  });

  it("a market without a region keeps the market list's name", () => {
    expect(bannerCountryName({ country: 'Other / EU', locale: 'en' }, 'de-DE')).toBe('Other / EU');
  });

  it("a locale Intl cannot read keeps the market list's name", () => {
    expect(bannerCountryName({ country: 'Somewhere', locale: 'not a locale!' }, 'de-DE')).toBe('Somewhere');
  });
});
