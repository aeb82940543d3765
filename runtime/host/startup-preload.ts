import type { DocumentId } from '../../schemas/validator/documents';
import { preloadPublishedDocuments } from '../config/get-published-config';
import { SCENARIO_DEFAULTS } from '../../schemas/contracts/preview-params';
import { PAGE_KINDS, type PageKind } from '../../schemas/contracts';
import { chooseConfig } from '../resolver';
import { matchPortalPath } from './portal-paths';

/**
 * The published documents the first screen of this URL renders: flags, markets and the chosen locale
 * config. Bad parameters give no config id; the routes report them once they render.
 */
export function documentsForUrl(url: URL): DocumentId[] {
  const ids: DocumentId[] = ['flags', 'markets'];
  let locale: string | undefined;
  let page: PageKind | undefined;
  if (url.pathname === '/preview') {
    locale = url.searchParams.get('locale') ?? SCENARIO_DEFAULTS.locale;
    const asked = url.searchParams.get('page') ?? SCENARIO_DEFAULTS.page;
    page = (PAGE_KINDS as readonly string[]).includes(asked) ? (asked as PageKind) : undefined;
  } else {
    const match = matchPortalPath(url.pathname);
    locale = match?.locale;
    page = match?.page;
  }
  const choice = locale && page ? chooseConfig(locale, page) : undefined;
  return choice?.ok ? [...ids, choice.configId] : ids;
}

/** Started before the mock worker and the first render, so the configs load while those happen. */
export function preloadStartupDocuments(url = new URL(window.location.href)): void {
  preloadPublishedDocuments(documentsForUrl(url));
}
