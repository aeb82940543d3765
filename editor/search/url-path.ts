/**
 * URL paths as the search compares them (docs/editor-search.md#find-by-url-path): "/festgeld/", "/Festgeld",
 * "https://www.example.de/de-de/festgeld/?x=1#top" and "festgeld/" all name the same page.
 */

/** A scheme before "//": a full URL, whose path is read by the URL parser. */
const FULL_URL = /^[a-z][a-z\d+.-]*:\/\//i;
/** Links that name no page: in-page anchors, mail, phone and script links. */
const NOT_A_PAGE = /^(#|mailto:|tel:|javascript:|data:)/i;
/** A leading locale or market segment ("/de-de/festgeld"), which the shell adds to internal links itself. */
const LOCALE_SEGMENT = /^\/[a-z]{2}(-[a-z]{2})?(?=\/)/;

/**
 * The path of an href, lower-cased, without query, fragment or trailing slash ("/" stays "/"); undefined for an
 * href that names no page (an anchor, mailto:, tel:) or that is empty.
 */
export function normaliseUrlPath(href: string): string | undefined {
  const raw = href.trim();
  if (raw === '' || NOT_A_PAGE.test(raw)) return undefined;
  let path: string;
  if (FULL_URL.test(raw)) {
    try {
      path = new URL(raw).pathname;
    } catch {
      return undefined;
    }
  } else {
    path = raw.replace(/[?#].*$/, '');
    if (!path.startsWith('/')) path = `/${path}`;
  }
  try {
    path = decodeURI(path);
  } catch {
    // A malformed escape is compared as written.
  }
  path = path.toLowerCase().replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path;
}

/** Whether a query is meant as a URL or a path ("/festgeld/", "https://…"), not as words. */
export function isUrlQuery(query: string): boolean {
  const q = query.trim();
  return q.startsWith('/') || FULL_URL.test(q);
}

/**
 * The paths a URL query may mean: its path, and, for a full URL or a path that starts with a locale segment
 * ("/de-de/festgeld/"), the same path without it, because the configs hold internal links without the prefix.
 */
export function urlQueryPaths(query: string): string[] {
  const path = normaliseUrlPath(query);
  if (path === undefined) return [];
  const bare = path.replace(LOCALE_SEGMENT, '');
  return bare !== path ? [path, bare] : [path];
}
