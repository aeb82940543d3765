/** What the search dialog says, decided here so the component only lays it out (and tests pin it). */
import type { IndexState } from './draft-index';
import type { SearchResults } from './search-match';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The status line, read out politely by screen readers as results change. */
export function statusText(
  query: string,
  results: SearchResults,
  index: Pick<IndexState, 'documents' | 'loading'>,
): string {
  const loading = index.loading > 0 ? ` (still loading ${plural(index.loading, 'document')})` : '';
  if (query.trim() === '')
    return index.loading > 0
      ? `Loading ${plural(index.loading, 'document')}…`
      : `${plural(index.documents.size, 'document')} ready to search.`;
  if (results.total === 0) {
    const what = results.mode === 'url' ? `No item links to ${query.trim()}` : `Nothing matches “${query.trim()}”`;
    return `${what} in ${plural(index.documents.size, 'document')}${loading}.`;
  }
  return `${plural(results.total, 'result')} in ${plural(results.groups.length, 'document')}${loading}.`;
}

/** A trail as the breadcrumb reads: "Header › Private › Mein Sparen". */
export function trailText(trail: readonly string[]): string {
  return trail.join(' › ');
}

/** Where a result opens: the document page at the field (docs/editor-search.md#opening-a-result). */
export function resultHref(documentId: string, pointer: string): string {
  return `/documents/${encodeURIComponent(documentId)}?at=${encodeURIComponent(pointer)}`;
}
