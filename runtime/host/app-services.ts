import { createEnvironment, type Environment } from '../api/environment';
import { createHttpClient, type HttpClient } from '../api/http-client';
import type { SessionIdentity } from '../data/use-shell-data';
import { chooseConfig } from '../resolver';
import type { PageKind } from '../../schemas/contracts';
import { createTokenStore, type TokenStore } from '../session';

/** The per-page singletons every route shares: where we run, the tokens and the one HTTP client. */
export interface AppServices {
  environment: Environment;
  tokenStore: TokenStore;
  client: HttpClient;
}

let services: AppServices | undefined;

export function getAppServices(): AppServices {
  if (services) return services;
  const environment = createEnvironment(window.location.hostname);
  const tokenStore = createTokenStore();
  const client = createHttpClient({
    hosts: environment.hosts,
    getAccessToken: () => tokenStore.getAccessToken(),
    // docs/rules.md#access-wrapper: the forbidden handler logs and lets the header degrade (the
    // client has already dropped the auth header, so later calls go out anonymous).
    onForbidden: (url) => console.warn(`[http] 403 from ${url}; continuing without the auth header`),
  });
  services = { environment, tokenStore, client };
  return services;
}

/** Who is logged in: the valid access token's user id and customer number (docs/rules.md#customer-data), else undefined. */
export function readIdentity(tokenStore: TokenStore): SessionIdentity | undefined {
  if (!tokenStore.isTokenValid()) return undefined;
  const claims = tokenStore.getClaims();
  if (!claims?.sub || !claims.customer_number) return undefined;
  return { userId: claims.sub, customerNumber: claims.customer_number };
}

/**
 * Whose header calls a page starts early, and with which config locale (the customer call's locale):
 * undefined for a visitor or a locale/page without a config. Shared by the preview's and the portal's early start.
 */
export function headerCallsFor(
  tokenStore: TokenStore,
  locale: string,
  page: PageKind,
): { customerNumber: string; configId: string } | undefined {
  const identity = readIdentity(tokenStore);
  const choice = chooseConfig(locale, page);
  return identity && choice.ok ? { customerNumber: identity.customerNumber, configId: choice.configId } : undefined;
}
