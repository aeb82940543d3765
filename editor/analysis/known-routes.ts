import { PAGES, PAGE_KINDS } from '../../runtime/resolver';

/**
 * The route patterns an internal link may point at, relative to the locale's base path (docs/lint-matrix.md).
 * `{id}` is one path segment (letters, digits, - and _); `{slug}` is one lower-case kebab-case segment.
 * `query` lists the query parameters the route accepts; `fragment` allows a trailing #anchor.
 * `caseInsensitive` routes are matched the way the portal host matches them (runtime/host/portal-paths.ts):
 * any case, trailing slash optional.
 */
export interface KnownRoute {
  pattern: string;
  query?: readonly string[];
  fragment?: boolean;
  caseInsensitive?: boolean;
  source: string;
}

const PAGE_QUERIES: Partial<Record<(typeof PAGE_KINDS)[number], { query: string[]; source: string }>> = {
  login: { query: ['product'], source: 'docs/rules.md#pages, auth routes: /{locale}/login/ (optional query product)' },
  register: {
    query: ['regflow'],
    source: 'docs/rules.md#pages, auth routes: /{locale}/register/ (optional query regflow)',
  },
  dashboard: {
    query: ['irclickid'],
    source: 'docs/rules.md#pages, portal paths: a dashboard path with an irclickid query parameter',
  },
  'reference-account': {
    query: ['product'],
    source: 'docs/rules.md#pages, portal paths: initial reference account (optional query product)',
  },
};

export const KNOWN_ROUTES: readonly KnownRoute[] = [
  // The portal host's own pages (runtime/resolver/pages.ts), matched like the host matches them.
  ...PAGE_KINDS.map((kind): KnownRoute => ({
    pattern: PAGES[kind].path,
    caseInsensitive: true,
    ...(PAGE_QUERIES[kind]
      ? { query: PAGE_QUERIES[kind].query, source: PAGE_QUERIES[kind].source }
      : { source: `PAGES table: ${kind}` }),
  })),
  // docs/rules.md#account-menu (exact paths, as listed).
  ...[
    '/postbox/messages',
    '/documents',
    '/payment-methods',
    '/account-transactions/',
    '/account-withdrawal',
    '/user-account',
    '/my-details',
    '/notifications',
    '/exemption-order',
    '/exemption-order/overview',
  ].map((pattern): KnownRoute => ({ pattern, source: 'docs/rules.md#account-menu' })),
  {
    pattern: '/business/{slug}/',
    source: 'docs/rules.md#account-menu: business-specific tax and deposit-insurance links for company customers',
  },
  // docs/rules.md#dashboard-menus.
  { pattern: '/dashboard/savings/term/', source: 'docs/rules.md#dashboard-menus: /dashboard/savings/term/' },
  { pattern: '/dashboard/savings/overnight/', source: 'docs/rules.md#dashboard-menus: /dashboard/savings/overnight/' },
  {
    pattern: '/dashboard/savings/notice/',
    source: 'docs/rules.md#dashboard-menus: notice deposits, as the term and overnight pages',
  },
  {
    pattern: '/dashboard/investments/{id}',
    source: 'docs/rules.md#dashboard-menus, wealth-management dashboard: /dashboard/investments/{id}',
  },
  {
    pattern: '/dashboard/pension/',
    source: 'docs/rules.md#dashboard-menus, investing: pension (needs pension-product data); path as in the configs',
  },
  {
    pattern: '/investments/wealth-management/dashboard',
    source: 'docs/rules.md#dashboard-menus, wealth-management dashboard',
  },
  { pattern: '/savingglobal/#/MyInvestments', source: 'flags.json newDashboard: the legacy /savingglobal/ dashboard' },
  ...['TermDeposit', 'Overnight', 'Notice'].map((page): KnownRoute => ({
    pattern: `/savingglobal/#/MyInvestments/${page}`,
    source: 'docs/rules.md#dashboard-menus: legacy deposit pages',
  })),
  ...['TermDeposit', 'Overnight'].map((page): KnownRoute => ({
    pattern: `/#/MyInvestments/${page}`,
    source: 'docs/rules.md#dashboard-menus: legacy deposit pages, also seen as /#/MyInvestments/…',
  })),
  // docs/rules.md#dashboard-menus, offers.
  { pattern: '/products/', source: 'docs/rules.md#dashboard-menus, offers: /products/ (term)' },
  {
    pattern: '/products/{slug}/',
    source:
      'docs/rules.md#dashboard-menus, offers: /products/overnight/, /products/notice/, sustainable fixed deposit…',
  },
  // Localised content pages: public product pages, info, help and guide pages, corporate pages (the configs link
  // /festgeld/, /savings-accounts/fixed-rate-bonds/1-year/, …). Their first segment must not be an app route's.
  {
    pattern: '/{slug}/',
    fragment: true,
    source: 'content page of a locale config (public, info, help and guide pages)',
  },
  {
    pattern: '/{slug}/{slug}/',
    fragment: true,
    source: 'content page of a locale config (public, info, help and guide pages)',
  },
  {
    pattern: '/{slug}/{slug}/{slug}/',
    fragment: true,
    source: 'content page of a locale config (e.g. /savings-accounts/fixed-rate-bonds/1-year/): content page',
  },
];

const SLUG = '[a-z0-9]+(?:-[a-z0-9]+)*';
const ID = '[A-Za-z0-9_-]+';
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** First path segments that belong to app routes: a content page may not start with one. */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(
  KNOWN_ROUTES.map((r) => /^\/([^/{#]+)/.exec(r.pattern)?.[1])
    .filter((s): s is string => s !== undefined)
    .map((s) => s.toLowerCase()),
);

interface CompiledRoute {
  route: KnownRoute;
  regex: RegExp;
  content: boolean;
}

function compile(route: KnownRoute): CompiledRoute {
  let path = route.pattern
    .split(/(\{slug\}|\{id\})/)
    .map((part) => (part === '{slug}' ? SLUG : part === '{id}' ? ID : escapeRegex(part)))
    .join('');
  if (route.caseInsensitive && path.endsWith('/')) path = `${path}?`;
  const query = route.query?.length
    ? `(?:\\?(?:${route.query.join('|')})=[^&#]*(?:&(?:${route.query.join('|')})=[^&#]*)*)?`
    : '';
  const fragment = route.fragment ? '(?:#[A-Za-z0-9_-]+)?' : '';
  return {
    route,
    regex: new RegExp(`^${path}${query}${fragment}$`, route.caseInsensitive ? 'i' : ''),
    content: route.pattern.startsWith('/{slug}'),
  };
}

const COMPILED = KNOWN_ROUTES.map(compile);
const LOCALE_SEGMENT = /^[a-z]{2}(?:-[a-z]{2})?$/i;

/** The route a path (relative to the base path) matches, or undefined. */
export function matchRoute(path: string): KnownRoute | undefined {
  const first = /^\/([^/?#]*)/.exec(path)?.[1] ?? '';
  for (const { route, regex, content } of COMPILED) {
    if (content && (RESERVED_SEGMENTS.has(first.toLowerCase()) || LOCALE_SEGMENT.test(first))) continue;
    if (regex.test(path)) return route;
  }
  return undefined;
}

export type RouteCheck = { ok: true; route: KnownRoute; path: string } | { ok: false; path: string; hint: string };

/**
 * Checks a rendered internal link (base path already applied) against the table, keyed off the locale's
 * base path: the part after `basePath` must match a known route.
 */
export function checkRoute(rendered: string, basePath: string): RouteCheck {
  const prefix = basePath.toLowerCase();
  if (!rendered.toLowerCase().startsWith(`${prefix}/`))
    return { ok: false, path: rendered, hint: `links must stay under the locale base path ${basePath}` };
  const path = rendered.slice(basePath.length);
  const route = matchRoute(path);
  if (route) return { ok: true, route, path };
  return { ok: false, path, hint: routeHint(path) };
}

function routeHint(path: string): string {
  const [pathname = ''] = path.split(/[?#]/);
  const first = /^\/([^/]*)/.exec(pathname)?.[1] ?? '';
  if (LOCALE_SEGMENT.test(first))
    return `"/${first}/" looks like another locale's base path; the locale base path is added at render time, so link to another market with a full https:// URL`;
  if (RESERVED_SEGMENTS.has(first.toLowerCase())) {
    const known = KNOWN_ROUTES.filter((r) => r.pattern.toLowerCase().startsWith(`/${first.toLowerCase()}`)).map(
      (r) => r.pattern,
    );
    return `under /${first} the known routes are ${known.join(', ')}`;
  }
  if (!pathname.endsWith('/')) return `content pages end with a slash: write "${pathname}/"`;
  if (pathname !== pathname.toLowerCase())
    return `content page paths are lower-case kebab-case: write "${pathname.toLowerCase()}"`;
  if (path.includes('?')) return 'content pages take no query parameters';
  return 'content pages are one to three lower-case kebab-case segments with a trailing slash; app routes are listed in editor/analysis/known-routes.ts';
}
