/**
 * The dashboard's filters (docs/editor-search.md#dashboard-filters): which rows a content manager asked to see. They
 * live in the page URL (`?show=unpublished,mine&q=festgeld`), so a filtered list can be bookmarked and shared.
 */
import { fold } from '../search/fold';
import type { DocumentRow } from './document-rows';

export const DASHBOARD_FILTERS = ['unpublished', 'invalid', 'mine'] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];

export const FILTER_LABELS = {
  unpublished: 'Unpublished',
  invalid: 'Invalid',
  mine: 'Last edited by me',
} as const satisfies Record<DashboardFilter, string>;

const isFilter = (name: string): name is DashboardFilter => (DASHBOARD_FILTERS as readonly string[]).includes(name);

export interface ParsedFilters {
  filters: DashboardFilter[];
  /** Names in `?show=` that are no filter, for the page to say so. */
  unknown: string[];
}

/** `?show=` as written: comma-separated filter names; unknown names are kept apart, not guessed at. */
export function parseFilters(show: string | null): ParsedFilters {
  const names = (show ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return {
    filters: DASHBOARD_FILTERS.filter((f) => names.includes(f)),
    unknown: [...new Set(names.filter((n) => !isFilter(n)))],
  };
}

export function formatFilters(filters: readonly DashboardFilter[]): string {
  return DASHBOARD_FILTERS.filter((f) => filters.includes(f)).join(',');
}

const FILTER_TESTS = {
  unpublished: (row) => row.status !== 'published',
  invalid: (row) => !row.valid,
  mine: (row, me) => me !== undefined && row.lastEditor === me,
} as const satisfies Record<DashboardFilter, (row: DocumentRow, me: string | undefined) => boolean>;

/** Whether a row passes every chosen filter. */
export function passesFilters(row: DocumentRow, filters: readonly DashboardFilter[], me: string | undefined): boolean {
  return filters.every((f) => FILTER_TESTS[f](row, me));
}

/** Whether every word of the search box is in the row's name, id, change message or author (case and accents ignored). */
export function matchesText(fields: readonly string[], text: string): boolean {
  const words = fold(text).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fold(fields.join(' '));
  return words.every((w) => haystack.includes(w));
}

export function rowText(row: DocumentRow): string[] {
  return [row.name, row.id, row.lastMessage, row.lastAuthor, row.lastEditor];
}
