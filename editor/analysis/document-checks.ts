/** The checks on the documents themselves, whoever looks: links, label lengths, markets, siblings, translations, and items nobody saw. */
import type { LocaleConfig, MarketEntry } from '../../schemas/generated/config-types';
import type { IndexedItem } from './items';
import { checkLabelOverflow, checkUntranslated, englishReference } from './labels';
import { checkConfigLinks, checkMarketEntries } from './link-checks';
import type { AudienceProblem } from './problems';
import { unseenItems, type Sightings } from './sightings';
import { checkSibling, REFERENCE_LOCALES, siblingsOf } from './siblings';

export interface DocumentSet {
  configs: ReadonlyMap<string, LocaleConfig>;
  markets: readonly MarketEntry[];
  /** Document id (a locale or `markets`) → its items. */
  index: ReadonlyMap<string, IndexedItem[]>;
  /** The locales the matrix was built for. */
  locales: readonly string[];
}

export function documentProblems(set: DocumentSet, sightings: Sightings): AudienceProblem[] {
  const { configs, index, locales } = set;
  return [
    ...locales.flatMap((id) => [...checkConfigLinks(configs.get(id)!), ...checkLabelOverflow(index.get(id)!)]),
    ...(locales.length > 0 ? checkMarketEntries(set.markets, configs) : []),
    ...unseenItems(locales, index, sightings),
    ...siblingProblems(set),
    ...untranslatedProblems(set),
  ];
}

/** The items a locale shows: its own, with the en account menu when it has none. */
function shownItems(config: LocaleConfig, index: ReadonlyMap<string, IndexedItem[]>): IndexedItem[] {
  const own = index.get(config.locale) ?? [];
  if (config.accountMenu) return own;
  return [...own, ...(index.get('en') ?? []).filter((i) => i.kind === 'account')];
}

function siblingProblems({ configs, index, locales }: DocumentSet): AudienceProblem[] {
  const out: AudienceProblem[] = [];
  for (const reference of Object.values(REFERENCE_LOCALES)) {
    const ref = configs.get(reference);
    if (!ref) continue;
    for (const sibling of siblingsOf(reference, configs.keys())) {
      if (!locales.includes(sibling) && !locales.includes(reference)) continue;
      out.push(...checkSibling(reference, shownItems(ref, index), sibling, shownItems(configs.get(sibling)!, index)));
    }
  }
  return out;
}

function untranslatedProblems({ configs, index, locales }: DocumentSet): AudienceProblem[] {
  const reference = configs.get(REFERENCE_LOCALES.en!) ?? configs.get('en');
  if (!reference) return [];
  const english = englishReference(
    index.get(reference.locale) ?? [],
    reference.locale === 'en' ? [] : (index.get('en') ?? []),
    reference,
  );
  return locales.flatMap((id) => checkUntranslated(configs.get(id)!, index.get(id) ?? [], english));
}
