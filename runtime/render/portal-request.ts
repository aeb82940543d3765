import type { PageKind } from '../../schemas/contracts';
import type { ConfigDocumentId } from '../../schemas/validator/documents';
import { matchPortalPath } from '../host/portal-paths';
import { chooseConfig, PAGES } from '../resolver';
import { marketFromAcceptLanguage } from './accept-language';

/**
 * Which page and config the server renders for a portal path, by the client router's own rules
 * (runtime/host/portal-paths.ts, chooseConfig): undefined when the client would not show the shell at once, so the
 * server sends the client-only page. A page that needs a login without one is such a page: the client sends the
 * visitor on to the login page.
 */
export function planPortalPage(
  pathname: string,
  loggedIn: boolean,
): { page: PageKind; configId: ConfigDocumentId } | undefined {
  const match = matchPortalPath(pathname);
  if (!match || (PAGES[match.page].requiresAuth && !loggedIn)) return undefined;
  const choice = chooseConfig(match.locale, match.page);
  return choice.ok ? { page: match.page, configId: choice.configId } : undefined;
}

/** The request facts that choose a portal page's country banner (docs/rendering.md#who-gets-what). */
export interface CountryRequest {
  /** `?country=`, a market id. */
  query?: string | null | undefined;
  /** The `country_choice` cookie (COUNTRY_CHOICE_COOKIE). */
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  loggedIn: boolean;
}

/**
 * The country choice a portal page is rendered with, which its state carries to the client so both render the
 * same banner (docs/rendering.md#hydration): `?country=`, else the cookie, else, for a visitor, the market whose
 * language the browser prefers to the page's (runtime/render/accept-language.ts). A customer chose a market
 * when signing up, so the browser's languages suggest nothing to them.
 */
export function countryChoiceFor(
  request: CountryRequest,
  markets: readonly { id: string; locale: string }[],
  pageLocale: string,
): string | undefined {
  const explicit = request.query ?? request.cookie;
  if (explicit !== undefined) return explicit || undefined;
  if (request.loggedIn) return undefined;
  return marketFromAcceptLanguage(request.acceptLanguage, markets, pageLocale)?.id;
}
