import type { SearchEntry } from './search-entries';
import type { SearchGroup, SearchHit } from './search-match';
import { firstRows } from './first-rows';

const hit = (n: number): SearchHit => ({
  entry: { pointer: `/items/${n}` } as SearchEntry,
  score: 1,
  field: 'label',
  pointer: `/items/${n}/label`,
});
const group = (documentId: SearchGroup['documentId'], count: number, total = count): SearchGroup => ({
  documentId,
  hits: Array.from({ length: count }, (_, i) => hit(i)),
  total,
});

it('keeps the first rows over the groups in order, cutting the group the limit falls in and leaving out the rest', () => {
  const groups = [group('de-DE', 8, 23), group('de-AT', 8), group('de-CH', 8)];
  const shown = firstRows(groups, 12);
  expect(shown.map((g) => [g.documentId, g.hits.length, g.total])).toEqual([
    ['de-DE', 8, 23],
    ['de-AT', 4, 8],
  ]);
  // A cut group still says how many it has in all, and its first rows are the same objects: nothing re-renders.
  expect(shown[1]!.hits).toEqual(groups[1]!.hits.slice(0, 4));
  expect(shown[0]).toBe(groups[0]);
});

it('returns the groups themselves when everything fits, so the full render that follows changes nothing', () => {
  const groups = [group('de-DE', 3), group('fr-FR', 2)];
  expect(firstRows(groups, 5)).toBe(groups);
  expect(firstRows([], 5)).toEqual([]);
});
