/**
 * Matching and ranking (docs/editor-search.md#how-results-are-ranked). Pure: entries and a query in, results grouped
 * by document out, so a keystroke costs string comparisons over entries built once per draft.
 */
import type { DocumentId } from '../../schemas/contracts';
import { fold, type MatchedField, type SearchEntry } from './search-entries';
import { isUrlQuery, urlQueryPaths } from './url-path';

export interface SearchHit {
  entry: SearchEntry;
  score: number;
  /** The field that matched best; `pointer` points at it, so the document opens on that field. */
  field: MatchedField;
  pointer: string;
}

export interface SearchGroup {
  documentId: DocumentId;
  /** The best hits, at most `perGroup`. */
  hits: SearchHit[];
  /** Every hit in the document, shown or not. */
  total: number;
}

export interface SearchResults {
  mode: 'text' | 'url';
  groups: SearchGroup[];
  total: number;
}

export interface SearchOptions {
  /** Hits shown per document; the rest are counted. */
  perGroup?: number;
}

export const DEFAULT_PER_GROUP = 8;

const EMPTY: SearchResults = { mode: 'text', groups: [], total: 0 };

/** Points for one term in one field: whole value, start, start of a word, anywhere. */
function fieldScore(value: string, term: string, points: readonly [number, number, number, number]): number {
  if (value === '' || !value.includes(term)) return 0;
  if (value === term) return points[0];
  if (value.startsWith(term)) return points[1];
  return new RegExp(`[^\\p{L}\\p{N}]${escapeRegExp(term)}`, 'u').test(value) ? points[2] : points[3];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const LABEL_POINTS = [100, 80, 60, 40] as const;
const ID_POINTS = [70, 50, 40, 30] as const;
const HREF_POINTS = [60, 30, 25, 20] as const;
/** A term found only in the trail (the items around) narrows the results but makes nothing a hit by itself. */
const TRAIL_POINTS = 5;

function fieldPointer(entry: SearchEntry, field: MatchedField): string {
  const key = field === 'id' ? 'id' : field === 'label' ? entry.label!.key : entry.href!.key;
  return `${entry.pointer}/${key}`;
}

function matchText(entry: SearchEntry, terms: readonly string[]): Omit<SearchHit, 'entry'> | null {
  let score = 0;
  let best: { field: MatchedField; points: number } | null = null;
  for (const term of terms) {
    const label = fieldScore(entry.search.label, term, LABEL_POINTS);
    const id = fieldScore(entry.search.id, term, ID_POINTS);
    const href = fieldScore(entry.search.href, term, HREF_POINTS);
    const direct = Math.max(label, id, href);
    if (direct === 0) {
      if (!entry.search.trail.includes(term)) return null;
      score += TRAIL_POINTS;
      continue;
    }
    score += direct;
    const field: MatchedField = label === direct ? 'label' : id === direct ? 'id' : 'href';
    if (!best || direct > best.points) best = { field, points: direct };
  }
  if (!best) return null;
  return { score, field: best.field, pointer: fieldPointer(entry, best.field) };
}

function matchUrl(entry: SearchEntry, paths: readonly string[]): Omit<SearchHit, 'entry'> | null {
  const path = entry.hrefPath;
  if (path === undefined) return null;
  let score = 0;
  if (paths.includes(path)) score = 100;
  else if (paths.some((p) => p.length > 1 && path.startsWith(p))) score = 50;
  return score === 0 ? null : { score, field: 'href', pointer: fieldPointer(entry, 'href') };
}

/**
 * Every entry that matches `query`, grouped by document. Text queries: each word must be found in the item's
 * label, id, href or trail, at least one in the label, id or href. URL queries ("/festgeld/", a full URL): items
 * whose href is that path first, then those under it.
 */
export function searchEntries(
  documents: ReadonlyMap<DocumentId, readonly SearchEntry[]>,
  query: string,
  { perGroup = DEFAULT_PER_GROUP }: SearchOptions = {},
): SearchResults {
  const trimmed = query.trim();
  if (trimmed === '') return EMPTY;
  const mode: SearchResults['mode'] = isUrlQuery(trimmed) ? 'url' : 'text';
  const paths = mode === 'url' ? urlQueryPaths(trimmed) : [];
  const terms = mode === 'text' ? fold(trimmed).split(/\s+/).filter(Boolean) : [];
  if (mode === 'url' && paths.length === 0) return { ...EMPTY, mode };

  const groups: (SearchGroup & { best: number; rank: number })[] = [];
  let total = 0;
  let rank = 0;
  for (const [documentId, entries] of documents) {
    const hits: SearchHit[] = [];
    for (const entry of entries) {
      const match = mode === 'url' ? matchUrl(entry, paths) : matchText(entry, terms);
      if (match) hits.push({ entry, ...match });
    }
    rank++;
    if (hits.length === 0) continue;
    hits.sort((a, b) => b.score - a.score || a.entry.order - b.entry.order);
    total += hits.length;
    groups.push({ documentId, hits: hits.slice(0, perGroup), total: hits.length, best: hits[0]!.score, rank });
  }
  groups.sort((a, b) => b.best - a.best || a.rank - b.rank);
  return {
    mode,
    total,
    groups: groups.map(({ documentId, hits, total: count }) => ({ documentId, hits, total: count })),
  };
}
