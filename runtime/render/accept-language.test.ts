import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketFromAcceptLanguage, MAX_HEADER_LENGTH, parseAcceptLanguage } from './accept-language';

describe('parseAcceptLanguage (RFC 9110 §12.5.4)', () => {
  it('orders by weight, a missing weight being 1, and keeps the header order between equal weights', () => {
    expect(parseAcceptLanguage('da, en-GB;q=0.8, en;q=0.7')).toEqual([
      { range: 'da', q: 1 },
      { range: 'en-gb', q: 0.8 },
      { range: 'en', q: 0.7 },
    ]);
    expect(parseAcceptLanguage('fr;q=0.5, de;q=0.9, it;q=0.5, *;q=0.1')).toEqual([
      { range: 'de', q: 0.9 },
      { range: 'fr', q: 0.5 },
      { range: 'it', q: 0.5 },
      { range: '*', q: 0.1 },
    ]);
  });

  it('reads optional whitespace, tabs and an upper-case Q, and lower-cases the ranges', () => {
    expect(parseAcceptLanguage(' FR-fr\t;\tQ=0.9 ,\tDE ')).toEqual([
      { range: 'de', q: 1 },
      { range: 'fr-fr', q: 0.9 },
    ]);
  });

  it('leaves out ranges weighted 0: they are not acceptable', () => {
    expect(parseAcceptLanguage('fr;q=0, de;q=0.000, it')).toEqual([{ range: 'it', q: 1 }]);
  });

  it.each([
    ['a weight above 1', 'fr;q=1.5'],
    ['a weight with four decimals', 'fr;q=0.1234'],
    ['a negative weight', 'fr;q=-1'],
    ['a weight that is no number', 'fr;q=abc'],
    ['another parameter', 'fr;level=1'],
    ['a subtag longer than 8 characters', 'fr-abcdefghi'],
    ['a primary subtag with a digit', 'f1'],
    ['an underscore', 'fr_FR'],
    ['a wildcard subtag', 'fr-*'],
    ['an empty subtag', 'fr--fr'],
  ])('drops an element with %s and keeps the rest', (_, element) => {
    expect(parseAcceptLanguage(`${element}, nl;q=0.5`)).toEqual([{ range: 'nl', q: 0.5 }]);
  });

  it('gives nothing for a missing, empty or list-only header', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
    expect(parseAcceptLanguage(' , ,')).toEqual([]);
  });

  it('reads only the first MAX_HEADER_LENGTH characters', () => {
    const header = `${'x;q=0.1,'.repeat(MAX_HEADER_LENGTH / 8)}fr`;
    expect(parseAcceptLanguage(header).some((r) => r.range === 'fr')).toBe(false);
  });

  it('never throws, and gives weights in (0, 1] sorted from high to low, for any input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (header) => {
        const ranges = parseAcceptLanguage(header);
        for (const [i, r] of ranges.entries()) {
          expect(r.q).toBeGreaterThan(0);
          expect(r.q).toBeLessThanOrEqual(1);
          if (i > 0) expect(ranges[i - 1]!.q).toBeGreaterThanOrEqual(r.q);
        }
      }),
    );
  });

  it('reads back every well-formed header it is given', () => {
    const subtag = (min: number) => fc.stringMatching(new RegExp(`^[a-z]{${min},8}$`));
    const element = fc.record({
      range: fc.oneof(
        fc.constant('*'),
        fc.tuple(subtag(1), fc.option(subtag(2), { nil: undefined })).map(([a, b]) => (b ? `${a}-${b}` : a)),
      ),
      thousandths: fc.integer({ min: 1, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(element, { maxLength: 12 }), (elements) => {
        const header = elements
          .map((e) => `${e.range};q=${e.thousandths === 1000 ? '1' : `0.${String(e.thousandths).padStart(3, '0')}`}`)
          .join(', ');
        const parsed = parseAcceptLanguage(header);
        expect(parsed).toHaveLength(elements.length);
        // A stable sort by weight of what was sent.
        const expected = elements
          .map((e, index) => ({ range: e.range, q: e.thousandths / 1000, index }))
          .sort((a, b) => b.q - a.q || a.index - b.index);
        expect(parsed).toEqual(expected.map(({ range, q }) => ({ range, q })));
      }),
    );
  });
});

describe('marketFromAcceptLanguage', () => {
  const markets = [
    { id: 'at', locale: 'de-AT' },
    { id: 'fr', locale: 'fr-FR' },
    { id: 'de', locale: 'de-DE' },
    { id: 'ie', locale: 'en-IE' },
    { id: 'gb', locale: 'en-GB' },
    { id: 'us', locale: 'en-US' },
    { id: 'fi', locale: 'fi-FI' },
  ];
  const idFor = (header: string | undefined, page: string) => marketFromAcceptLanguage(header, markets, page)?.id;

  it('names the market of the preferred locale', () => {
    expect(idFor('fr-FR,fr;q=0.9', 'de-DE')).toBe('fr');
    expect(idFor('en-US,en;q=0.9', 'de-DE')).toBe('us');
  });

  it('names none when the preferred language is the page’s, whatever the region', () => {
    expect(idFor('de-DE,de;q=0.9', 'de-DE')).toBeUndefined();
    expect(idFor('de-AT', 'de-DE')).toBeUndefined();
    expect(idFor('en-US,en;q=0.9', 'en')).toBeUndefined();
    expect(idFor('fr;q=0.5, de', 'de-AT')).toBeUndefined();
  });

  it('names none when any language is preferred to the others (`*` first)', () => {
    expect(idFor('*, fr', 'de-DE')).toBeUndefined();
  });

  it('names a market by language: its only market, or the one of the country named like the language', () => {
    expect(idFor('fi', 'de-DE')).toBe('fi');
    expect(idFor('fr-BE', 'de-DE')).toBe('fr');
    expect(idFor('de', 'fr-FR')).toBe('de');
  });

  it('skips ranges that name no market, and a language spoken in several markets', () => {
    expect(idFor('ja, en, fr;q=0.5', 'de-DE')).toBe('fr');
    expect(idFor('ja, en-AU', 'de-DE')).toBeUndefined();
  });

  it('names none for a missing or malformed header', () => {
    expect(idFor(undefined, 'de-DE')).toBeUndefined();
    expect(idFor('fr_FR;q=2', 'de-DE')).toBeUndefined();
  });
});
