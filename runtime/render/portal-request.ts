import type { PageKind } from '../../schemas/contracts';
import type { ConfigDocumentId } from '../../schemas/validator/documents';
import { matchPortalPath } from '../host/portal-paths';
import { chooseConfig, PAGES } from '../resolver';

/**
 * Which page and config the server renders for a portal path, by the client router's own rules
 * (runtime/host/portal-paths.ts, chooseConfig): undefined when the client would not show the shell at once, so the
 * server sends the client-only page. A page that needs a login without one is such a page: the client sends the
 * visitor on to the login page.
 */
export function planPortalPage(pathname: string, loggedIn: boolean): { page: PageKind; configId: ConfigDocumentId } | undefined {
  const match = matchPortalPath(pathname);
  if (!match || (PAGES[match.page].requiresAuth && !loggedIn)) return undefined;
  const choice = chooseConfig(match.locale, match.page);
  return choice.ok ? { page: match.page, configId: choice.configId } : undefined;
}
