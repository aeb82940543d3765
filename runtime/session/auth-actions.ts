import { endpointPath } from '../api/api-paths';
import type { OidcTokenResponseDto, TokenPairDto, UmsTokenResponseDto } from '../api/api-types';
import type { HttpClient } from '../api/http-client';
import type { TokenStore } from './token-store';

/**
 * The refresh and logout calls and their variants (docs/session.md#refresh-and-logout-variants), with their
 * failures (docs/session.md#failures).
 *
 * userManagementService on  → POST /public/token/refresh  JSON {access_token, refresh_token} → data.{access_token, refresh_token}
 *                             POST /public/token/logout   JSON {refresh_token}                → 204
 * userManagementService off → POST /protocol/openid-connect/token  form grant_type=refresh_token, client_id, refresh_token
 *                             POST /protocol/openid-connect/logout form refresh_token, client_id → 204
 * client_id: 'portal-shell-unified' with unifiedIdentityDomain on, else 'portal-shell'.
 */

export const OIDC_CLIENT_IDS = { default: 'portal-shell', unified: 'portal-shell-unified' } as const;

/** The failures' error texts (docs/session.md#failures), pinned in tests. */
export const REFRESH_TOKEN_EXPIRED_MESSAGE = 'Refresh token expired!';
export const REFRESH_TOKEN_FAILED_MESSAGE = 'Refresh token failed!';

/** Recorded when a refresh fails (docs/session.md#failures); the caller sends them to the tracker. */
export type RefreshFailureEvent = 'refresh-token-expired' | 'refresh-token-failed';

export type AuthVariant = 'user-management' | 'oidc';

export function authVariant(flags: ReadonlySet<string>): AuthVariant {
  return flags.has('userManagementService') ? 'user-management' : 'oidc';
}

export function oidcClientId(flags: ReadonlySet<string>): string {
  return flags.has('unifiedIdentityDomain') ? OIDC_CLIENT_IDS.unified : OIDC_CLIENT_IDS.default;
}

function tokenPair(value: Partial<TokenPairDto> | undefined): TokenPairDto {
  if (
    !value ||
    typeof value.access_token !== 'string' ||
    !value.access_token ||
    typeof value.refresh_token !== 'string' ||
    !value.refresh_token
  ) {
    throw new Error('The refresh answer carries no access_token and refresh_token.');
  }
  return { access_token: value.access_token, refresh_token: value.refresh_token };
}

async function requestNewTokens(
  client: HttpClient,
  flags: ReadonlySet<string>,
  accessToken: string,
  refreshToken: string,
): Promise<TokenPairDto> {
  if (authVariant(flags) === 'user-management') {
    const response = await client.request<UmsTokenResponseDto>({
      method: 'POST',
      service: 'user-management',
      path: endpointPath('token-refresh'),
      json: { access_token: accessToken, refresh_token: refreshToken },
    });
    return tokenPair(response.data?.data);
  }
  const response = await client.request<OidcTokenResponseDto>({
    method: 'POST',
    service: 'identity',
    path: endpointPath('oidc-token'),
    form: { grant_type: 'refresh_token', client_id: oidcClientId(flags), refresh_token: refreshToken },
    // The identity provider takes the refresh token from the form; it gets no bearer header.
    auth: false,
  });
  return tokenPair(response.data);
}

export interface RefreshOptions {
  /** Records the failure event (docs/session.md#failures). */
  onEvent?: (kind: RefreshFailureEvent) => void;
  /** Logs the user out after a failure, usually `() => logout(client, tokenStore, flags, target)`. Its own failure is logged, not thrown. */
  logout: () => Promise<void>;
  logger?: Pick<Console, 'error'>;
}

/**
 * Refreshes both tokens through the variant the flags choose and stores them.
 * Failures (docs/session.md#failures), each after recording its event and logging the user out:
 *  - the access token has already expired by server time, or there is no refresh token → Error('Refresh token expired!')
 *  - the call fails, or its answer lacks or carries undecodable tokens → Error('Refresh token failed!')
 * After storing, the server–client time difference is re-synchronised from the new token's iat.
 */
export async function refreshTokens(
  client: HttpClient,
  tokenStore: TokenStore,
  flags: ReadonlySet<string>,
  options: RefreshOptions,
): Promise<TokenPairDto> {
  const logger = options.logger ?? console;
  const fail = async (event: RefreshFailureEvent, message: string, cause?: unknown): Promise<never> => {
    options.onEvent?.(event);
    try {
      await options.logout();
    } catch (error) {
      logger.error(`[session] logout after "${message}" failed: ${(error as Error).message}`);
    }
    throw new Error(message, cause === undefined ? undefined : { cause });
  };

  const accessToken = tokenStore.getAccessToken();
  const refreshToken = tokenStore.getRefreshToken();
  if (!accessToken || !refreshToken || !tokenStore.isTokenValid())
    return fail('refresh-token-expired', REFRESH_TOKEN_EXPIRED_MESSAGE);

  let pair: TokenPairDto;
  try {
    pair = await requestNewTokens(client, flags, accessToken, refreshToken);
    tokenStore.setTokens(pair);
  } catch (error) {
    return fail('refresh-token-failed', REFRESH_TOKEN_FAILED_MESSAGE, error);
  }
  tokenStore.syncServerTimeFromToken();
  return pair;
}

async function endServerSession(client: HttpClient, flags: ReadonlySet<string>, refreshToken: string): Promise<void> {
  const response =
    authVariant(flags) === 'user-management'
      ? await client.request<void>({
          method: 'POST',
          service: 'user-management',
          path: endpointPath('logout'),
          json: { refresh_token: refreshToken },
        })
      : await client.request<void>({
          method: 'POST',
          service: 'identity',
          path: endpointPath('oidc-logout'),
          form: { refresh_token: refreshToken, client_id: oidcClientId(flags) },
          auth: false,
        });
  if (response.status !== 204) throw new Error(`Logout answered ${response.status}; expected 204.`);
}

export interface LogoutTarget {
  /** Leaves the page, e.g. `(url) => window.location.assign(url)`. */
  navigate: (url: string) => void;
  /** The login page, without a referer (docs/rules.md#logout); nothing is appended to it. */
  loginUrl: string;
  /** Used instead of loginUrl when `pensionLogout` is on. */
  pensionLogoutUrl?: string;
  /** Clears the rest of the stored data (caches, customer data); the tokens are cleared here. */
  clearData?: () => void;
  /** Runs after the server ended the session, before navigating (the tracker's logout-success event). Not run when the call failed. */
  onLoggedOut?: () => void;
}

/** Where `pensionLogout` sends the browser after logout: the pension provider's page (docs/rules.md#logout). */
export const PENSION_LOGOUT_URL = 'https://pension.portal-shell.example/logout';

export function logoutDestination(
  flags: ReadonlySet<string>,
  target: Pick<LogoutTarget, 'loginUrl' | 'pensionLogoutUrl'>,
): string {
  return flags.has('pensionLogout') && target.pensionLogoutUrl ? target.pensionLogoutUrl : target.loginUrl;
}

/**
 * Ends the session on the server (variant by flags), then always clears the local session and
 * navigates: to the pension logout when `pensionLogout` is on, else to the login page.
 * A failed call is rethrown after the local session was cleared and the browser sent away (docs/session.md#failures).
 * Without a refresh token there is no server session to end, so no call is made.
 */
export async function logout(
  client: HttpClient,
  tokenStore: TokenStore,
  flags: ReadonlySet<string>,
  target: LogoutTarget,
): Promise<void> {
  const refreshToken = tokenStore.getRefreshToken();
  let failure: unknown;
  try {
    if (refreshToken) await endServerSession(client, flags, refreshToken);
  } catch (error) {
    failure = error;
  }
  tokenStore.clear();
  target.clearData?.();
  if (failure === undefined) target.onLoggedOut?.();
  target.navigate(logoutDestination(flags, target));
  if (failure !== undefined) throw failure;
}
