import { getAppServices, readIdentity } from './app-services';
import { serverStateFor } from './server-state';

/**
 * Whether main.tsx hydrates the server's markup or renders over it (docs/rendering.md#hydration). It hydrates
 * when the page holds server markup and state for this path, rendered for who is here now: a state rendered for
 * a visitor while tokens say a customer is logged in (or the other way round: the session hint cookie was
 * stale) would not match the first render, so the client renders instead and the hint is corrected.
 */
export function shouldHydrate(container: Element, location: Pick<Location, 'pathname'> = window.location): boolean {
  const state = serverStateFor(location.pathname);
  if (!state || container.firstElementChild === null) return false;
  return state.loggedIn === (readIdentity(getAppServices().tokenStore) !== undefined);
}
