import { createEnvironment, DEFAULT_API_HOSTS, SERVICES, type ApiHosts } from '../api/environment';
import { createHttpClient, type HttpClient } from '../api/http-client';
import { createTokenStore, type TokenStorage, type TokenStore } from '../session';

export interface PortalServices {
  tokenStore: TokenStore;
  client: HttpClient;
}

/** The service paths of the portal's own API layout (environment.ts), under another origin. */
export function apiHostsAt(apiBase: string): ApiHosts {
  const base = apiBase.replace(/\/+$/, '');
  return Object.fromEntries(
    SERVICES.map((service) => [service, `${base}${DEFAULT_API_HOSTS.local[service]}`]),
  ) as ApiHosts;
}

/** Reads the host's storage only when a token is asked for: a server render has no localStorage and needs none. */
function lazyStorage(given: TokenStorage | undefined): TokenStorage {
  const storage = (): TokenStorage | undefined =>
    given ?? (typeof window === 'undefined' ? undefined : window.localStorage);
  return {
    getItem: (key) => storage()?.getItem(key) ?? null,
    setItem: (key, value) => storage()?.setItem(key, value),
    removeItem: (key) => storage()?.removeItem(key),
  };
}

/**
 * The token store and HTTP client of one embedded part. Nothing touches `window` until the first request: the
 * API hosts default to the portal's own choice for the page's host name (environment.ts), as the portal makes it.
 */
export function createPortalServices(
  apiBase: string | undefined,
  tokenStorage: TokenStorage | undefined,
): PortalServices {
  const tokenStore = createTokenStore({ storage: lazyStorage(tokenStorage) });
  let client: HttpClient | undefined;
  const real = () =>
    (client ??= createHttpClient({
      hosts: apiBase === undefined ? createEnvironment(window.location.hostname).hosts : apiHostsAt(apiBase),
      getAccessToken: () => tokenStore.getAccessToken(),
      // docs/rules.md#access-wrapper: log and let the header degrade, as the portal does (runtime/host/app-services.ts).
      onForbidden: (url) => console.warn(`[http] 403 from ${url}; continuing without the auth header`),
    }));
  return {
    tokenStore,
    client: {
      request: (request) => real().request(request),
      get authHeaderRemoved() {
        return real().authHeaderRemoved;
      },
      restoreAuthHeader: () => real().restoreAuthHeader(),
    },
  };
}
