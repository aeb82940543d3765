/**
 * The request facts a server-rendered portal page is rendered from, reduced to what changes its bytes
 * (docs/rendering.md#the-page-cache). A query value that the render reads but that renders like its absence
 * (an unknown distributor, an unknown market) is folded into one value here, where it enters, so a flood of
 * made-up values is one page, not one render each.
 */
import type { LocaleConfig, MarketsDocument } from '../../schemas/generated/config-types';

/**
 * The country choice of a `?country=` or a `country_choice` cookie that names no market. The banner treats every
 * such choice alike (no banner, and no suggestion from the stored preferred locale: runtime/resolver/country-banner.ts),
 * so they share this one value, which no market id can take (market ids are kebab-case: schemas/common.schema.json#/$defs/Id).
 */
export const UNKNOWN_COUNTRY = '?';

/**
 * The market id a country choice names, as the banner matches it (lower case), or UNKNOWN_COUNTRY when it names
 * none; undefined stays undefined (no choice).
 */
export function canonicalCountry(choice: string | undefined, markets: MarketsDocument): string | undefined {
  if (choice === undefined) return undefined;
  const id = choice.toLowerCase();
  return markets.markets.some((market) => market.id === id) ? id : UNKNOWN_COUNTRY;
}

/**
 * The distributor a visitor's page is rendered for: `?distributor=` when a visibility rule of the page's documents
 * names it, else none. The server render reads a visitor's distributor only through such rules (firstRenderContext;
 * its logo arrives with the client's cobranding call), where an id no rule names evaluates as no distributor
 * (runtime/resolver/rules.ts), so the page is the same; a logged-in customer's frame ignores it
 * (server/render/page-facts.test.ts checks both against the render).
 */
export function renderedDistributor(
  requested: string | null,
  loggedIn: boolean,
  documents: readonly object[],
): string | undefined {
  if (!requested || loggedIn) return undefined;
  return documents.some((document) => namedDistributors(document).has(requested)) ? requested : undefined;
}

const named = new WeakMap<object, Set<string>>();

/** Every distributor id a `distributor: { in | notIn }` rule anywhere in `document` names (memoised per parsed document). */
export function namedDistributors(document: object): Set<string> {
  let ids = named.get(document);
  if (ids) return ids;
  ids = new Set<string>();
  const pending: unknown[] = [document];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      pending.push(...value);
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key === 'distributor' && typeof child === 'object' && child !== null) {
        for (const list of Object.values(child))
          if (Array.isArray(list)) for (const id of list) if (typeof id === 'string') ids.add(id);
      }
      pending.push(child);
    }
  }
  named.set(document, ids);
  return ids;
}

/** The documents whose rules a page's distributor is read against: its config, the fallback's account menu, the markets. */
export function ruleDocuments(documents: {
  config: LocaleConfig;
  fallback?: LocaleConfig;
  markets: MarketsDocument;
}): object[] {
  return [documents.config, ...(documents.fallback ? [documents.fallback] : []), documents.markets];
}
