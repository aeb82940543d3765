/**
 * The Accept-Language request header (RFC 9110 §12.5.4): language ranges (RFC 4647 §2.1) with optional
 * weights. A header is untrusted input, so anything that does not parse is dropped element by element and
 * the rest still counts; nothing here throws.
 */

export interface LanguageRange {
  /** The range in lower case (`fr-fr`, `de`), or `*` for any language. */
  range: string;
  /** The weight, 0.001 to 1: ranges weighted 0 ("not acceptable") are left out. */
  q: number;
}

/** Only the first this many characters are read: a real header is a few dozen; a huge one must not cost more. */
export const MAX_HEADER_LENGTH = 1024;

/**
 * One element: `language-range [ OWS ";" OWS "q=" qvalue ]`, with qvalue `0[.ddd]` or `1[.000]` (RFC 9110 §12.4.2).
 * The parameter name is case-insensitive; no other parameter is defined for this header.
 */
const ELEMENT = /^(\*|[a-z]{1,8}(?:-[a-z0-9]{1,8})*)(?:[ \t]*;[ \t]*q=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?))?$/i;

/** The acceptable ranges, most preferred first; equal weights keep the header's order. */
export function parseAcceptLanguage(header: string | undefined): LanguageRange[] {
  if (!header) return [];
  const ranges: { range: string; q: number; index: number }[] = [];
  header
    .slice(0, MAX_HEADER_LENGTH)
    .split(',')
    .forEach((element, index) => {
      const match = ELEMENT.exec(element.trim());
      if (!match) return;
      const q = match[2] === undefined ? 1 : Number(match[2]);
      if (q > 0) ranges.push({ range: match[1]!.toLowerCase(), q, index });
    });
  return ranges.sort((a, b) => b.q - a.q || a.index - b.index).map(({ range, q }) => ({ range, q }));
}

const languageOf = (tag: string) => tag.toLowerCase().split('-')[0]!;

/**
 * The market whose language a visitor prefers to the page's (docs/rendering.md#who-gets-what): the first
 * acceptable range, by weight, that names a market, unless a range the page already satisfies comes first
 * (its language, or `*`: any language will do), in which case the visitor reads this page and nothing is
 * suggested. A range names a market by its locale (`fr-fr` → fr-FR), else by its language when that language
 * has one market (`fi`), or a market in the country of the language's name (`fr` → fr-FR, `de` → de-DE);
 * `en`, spoken in several markets, names none.
 */
export function marketFromAcceptLanguage<M extends { id: string; locale: string }>(
  header: string | undefined,
  markets: readonly M[],
  pageLocale: string,
): M | undefined {
  const pageLanguage = languageOf(pageLocale);
  for (const { range } of parseAcceptLanguage(header)) {
    if (range === '*' || languageOf(range) === pageLanguage) return undefined;
    const market = markets.find((m) => m.locale.toLowerCase() === range) ?? byLanguage(markets, languageOf(range));
    if (market) return market;
  }
  return undefined;
}

function byLanguage<M extends { locale: string }>(markets: readonly M[], language: string): M | undefined {
  const speaking = markets.filter((m) => languageOf(m.locale) === language);
  if (speaking.length === 1) return speaking[0];
  return speaking.find((m) => m.locale.toLowerCase() === `${language}-${language}`);
}
