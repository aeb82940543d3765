import { PAGE_KINDS, type PageKind } from '../../schemas/contracts';
import { PAGES } from '../resolver';

/** `/de-de/dashboard/` → { locale: 'de-de', page: 'dashboard' }; undefined for paths that are no portal page. */
export function matchPortalPath(pathname: string): { locale: string; page: PageKind } | undefined {
  const match = /^\/([a-z]{2}(?:-[a-z]{2})?)(\/.*)?$/i.exec(pathname);
  if (!match) return undefined;
  const locale = match[1]!;
  const rest = normalise(match[2] ?? '/');
  const page = PAGE_KINDS.find((kind) => normalise(PAGES[kind].path) === rest);
  return page ? { locale, page } : undefined;
}

function normalise(path: string): string {
  return path.endsWith('/') ? path.toLowerCase() : `${path.toLowerCase()}/`;
}

export function portalPath(basePath: string, page: PageKind): string {
  return `${basePath}${PAGES[page].path}`;
}
