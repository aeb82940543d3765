import type { TokenStore } from '../session';
import { headerCallsFor } from './app-services';
import { matchPortalPath } from './portal-paths';

/**
 * Whose header calls a portal page's early start makes, and for which config locale: the inline early-calls
 * script and the bundle's early start (portal-prefetch.ts) both ask here, so they agree on when there are
 * calls and for whom. Undefined for a visitor, an expired token, or a path that is no portal page.
 */
export function portalHeaderCalls(
  url: URL,
  tokenStore: TokenStore,
): { customerNumber: string; configId: string } | undefined {
  const match = matchPortalPath(url.pathname);
  return match ? headerCallsFor(tokenStore, match.locale, match.page) : undefined;
}
