import fc from 'fast-check';
import deAT from '../../config/de-AT.json';
import deDE from '../../config/de-DE.json';
import enGB from '../../config/en-GB.json';
import type { DocumentId } from '../../schemas/contracts';
import { fold, indexDocument, type SearchEntry } from './search-entries';
import { searchEntries } from './search-match';

const documents = new Map<DocumentId, SearchEntry[]>([
  ['de-DE', indexDocument('de-DE', deDE)],
  ['de-AT', indexDocument('de-AT', deAT)],
  ['en-GB', indexDocument('en-GB', enGB)],
]);

describe('text queries', () => {
  it('groups hits by document and ranks the exact label first, pointing at the label field', () => {
    const results = searchEntries(documents, 'festgeld');
    expect(results.groups.map((g) => g.documentId)).toEqual(['de-DE', 'de-AT']);
    const top = results.groups[0]!.hits[0]!;
    expect(top.entry.name).toBe('Festgeld');
    expect(top.field).toBe('label');
    expect(top.pointer).toBe(`${top.entry.pointer}/title`);
  });

  it('ignores case and accents', () => {
    const plain = searchEntries(documents, 'KUNDIGUNGSGELD');
    expect(plain.groups[0]!.hits[0]!.entry.name).toBe('Kündigungsgeld');
  });

  it('needs every word, and a word found only in the trail narrows without matching alone', () => {
    const narrowed = searchEntries(documents, 'mein sparen festgeld', { perGroup: 100 });
    expect(narrowed.total).toBeGreaterThan(0);
    for (const group of narrowed.groups)
      for (const hit of group.hits) expect(hit.entry.trail.join(' ')).toContain('Mein Sparen');
    const trailOnly = searchEntries(
      new Map([['de-DE', [entry({ trail: ['Header', 'Mein Sparen'], label: 'Festgeld' })]]]),
      'mein sparen',
    );
    expect(trailOnly.total).toBe(0);
    expect(
      searchEntries(
        new Map([['de-DE', [entry({ trail: ['Header', 'Mein Sparen'], label: 'Festgeld' })]]]),
        'sparen festgeld',
      ).total,
    ).toBe(1);
  });

  it('finds by id and says the id matched', () => {
    const hit = searchEntries(documents, 'footer-festgeld').groups[0]!.hits[0]!;
    expect(hit.field).toBe('id');
    expect(hit.pointer).toBe(`${hit.entry.pointer}/id`);
  });

  it('shows at most perGroup hits per document and counts the rest', () => {
    const results = searchEntries(documents, 'e', { perGroup: 3 });
    for (const group of results.groups) {
      expect(group.hits).toHaveLength(3);
      expect(group.total).toBeGreaterThan(3);
    }
  });

  it('finds nothing for an empty query', () => {
    expect(searchEntries(documents, '   ').total).toBe(0);
  });
});

describe('URL queries', () => {
  it('"/festgeld/" finds every item whose href is that path, in every document, and nothing else first', () => {
    const results = searchEntries(documents, '/festgeld/', { perGroup: 100 });
    expect(results.mode).toBe('url');
    const expected = [...documents.values()].flat().filter((e) => e.href?.value.replace(/\/$/, '') === '/festgeld');
    const exact = results.groups.flatMap((g) => g.hits.filter((h) => h.score === 100).map((h) => h.entry));
    expect(new Set(exact)).toEqual(new Set(expected));
    expect(expected.length).toBeGreaterThanOrEqual(4);
    for (const group of results.groups) expect(group.hits[0]!.field).toBe('href');
  });

  it('normalises a full URL with the locale prefix, a query and a missing trailing slash', () => {
    const full = searchEntries(documents, 'https://www.example.de/de-de/Festgeld?ref=nav', { perGroup: 100 });
    const path = searchEntries(documents, '/festgeld/', { perGroup: 100 });
    expect(full.total).toBe(path.total);
  });

  it('lists items under a path after the exact ones', () => {
    const docs = new Map<DocumentId, SearchEntry[]>([
      ['de-DE', [entry({ href: '/festgeld/vergleich/' }), entry({ href: '/festgeld/' })]],
    ]);
    expect(searchEntries(docs, '/festgeld').groups[0]!.hits.map((h) => h.entry.href!.value)).toEqual([
      '/festgeld/',
      '/festgeld/vergleich/',
    ]);
  });
});

describe('properties', () => {
  it('every label in a document is findable: searching it finds that item in that document', () => {
    const labelled = [...documents.values()].flat().filter((e) => e.label);
    fc.assert(
      fc.property(fc.constantFrom(...labelled), (item) => {
        const results = searchEntries(documents, item.label!.value, { perGroup: 10_000 });
        const group = results.groups.find((g) => g.documentId === item.documentId);
        expect(group?.hits.some((h) => h.entry === item)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('every href that names a page is findable by its path', () => {
    const linked = [...documents.values()].flat().filter((e) => e.hrefPath !== undefined && e.hrefPath !== '/');
    fc.assert(
      fc.property(fc.constantFrom(...linked), (item) => {
        const results = searchEntries(documents, item.hrefPath!, { perGroup: 10_000 });
        expect(
          results.groups
            .find((g) => g.documentId === item.documentId)
            ?.hits.some((h) => h.entry === item && h.score === 100),
        ).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('any query string gives results without throwing, each hit pointing inside its item', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (query) => {
        for (const group of searchEntries(documents, query).groups)
          for (const hit of group.hits) expect(hit.pointer.startsWith(`${hit.entry.pointer}/`)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

function entry({ label, href, trail = [] }: { label?: string; href?: string; trail?: string[] }): SearchEntry {
  return indexDocument('de-DE', { section: [{ ...(label ? { title: label } : {}), ...(href ? { href } : {}) }] }).map(
    (e) => ({ ...e, trail, search: { ...e.search, trail: fold(trail.join(' ')) } }),
  )[0]!;
}
