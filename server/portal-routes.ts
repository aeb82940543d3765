/**
 * The customer portal host's routes: the server answers these with portal.html, everything else
 * that is not a file with the editor's index.html. This is the one list; the portal's own router,
 * tests and docs import it rather than repeating it. Pure data, safe to import in the browser.
 *
 * `:locale` is a config id in lower case (de-de, en-us, en), as in the portal's URLs.
 */
import { LOCALE_CONFIG_IDS, type ConfigDocumentId } from '../schemas/validator/documents';

export const PORTAL_ROUTES = [
  '/preview',
  '/:locale/',
  '/:locale/login/',
  '/:locale/register/',
  '/:locale/open-banking/',
  '/:locale/dashboard/',
  '/:locale/cdvc/',
  '/:locale/financial-info/',
  '/:locale/reference-account/',
  '/:locale/integrated/',
  '/en/select-country/',
  '/en/corporate/',
] as const;

export type PortalRoute = (typeof PORTAL_ROUTES)[number];

export interface PortalRouteMatch {
  route: PortalRoute;
  /** The config id the URL names (de-de → de-DE); absent for /preview. */
  locale?: ConfigDocumentId;
}

const BY_LOWERCASE = new Map(LOCALE_CONFIG_IDS.map((id) => [id.toLowerCase(), id]));

/**
 * Matches a decoded pathname against PORTAL_ROUTES. The trailing slash is optional, so
 * /de-de/login and /de-de/login/ both reach the portal, which can then settle on one form.
 */
export function matchPortalRoute(pathname: string): PortalRouteMatch | undefined {
  const segments = pathname.split('/').filter((s, i, all) => s !== '' || (i > 0 && i < all.length - 1));
  for (const route of PORTAL_ROUTES) {
    const pattern = route.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    let locale: ConfigDocumentId | undefined;
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (part !== ':locale') return part === segment;
      locale = BY_LOWERCASE.get(segment);
      return locale !== undefined;
    });
    if (matches) return { route, ...(locale ? { locale } : {}) };
  }
  return undefined;
}
