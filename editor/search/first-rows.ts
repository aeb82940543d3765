import type { SearchGroup } from './search-match';

/**
 * How many result rows a keystroke paints at once (docs/editor-search.md#search-speed): more than the dialog shows
 * without scrolling, so the rows that follow in the next render are below the fold.
 */
export const FIRST_ROWS = 24;

/** The first `rows` hits over the groups in order, each group cut to what fits; groups past the cut are left out. */
export function firstRows(groups: readonly SearchGroup[], rows = FIRST_ROWS): readonly SearchGroup[] {
  const shown: SearchGroup[] = [];
  let left = rows;
  for (const group of groups) {
    if (left <= 0) break;
    shown.push(group.hits.length <= left ? group : { ...group, hits: group.hits.slice(0, left) });
    left -= group.hits.length;
  }
  return shown.length === groups.length && shown.every((g, i) => g === groups[i]) ? groups : shown;
}
