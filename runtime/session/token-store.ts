import { jwtDecode } from 'jwt-decode';
import type { AccessTokenClaims, TokenPairDto } from '../api/api-types';

/**
 * The auth token store and token expiry (docs/rules.md#session-countdown). Keeps the access and refresh tokens in local storage,
 * decodes the access token's claims (exp, iat, azp) and checks expiry against server-adjusted time.
 * It listens to nothing itself; the session hook asks it once per tick.
 */

/** Local-storage keys. Other code (HTTP client, mocks, login page) must use these names too. */
export const TOKEN_STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  /** Server clock minus client clock, in milliseconds (a decimal integer string). */
  serverTimeDifference: 'server_time_difference_ms',
} as const;

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The claims the session reads. Only exp, iat and azp are checked when decoding. */
export type TokenClaims = Pick<AccessTokenClaims, 'exp' | 'iat' | 'azp'> &
  Partial<Omit<AccessTokenClaims, 'exp' | 'iat' | 'azp'>>;

/** What one monitor tick needs to know about the token, in server-adjusted seconds. */
export interface TokenSnapshot {
  /** exp minus server now; may be negative. */
  remainingSeconds: number;
  /** Server now minus iat. */
  ageSeconds: number;
}

/** docs/session.md#failures: a session token that cannot be decoded is logged and rethrown as this. */
export class TokenDecodeError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TokenDecodeError';
  }
}

export interface TokenStoreOptions {
  /** Default: window.localStorage. */
  storage?: TokenStorage;
  /** Client clock in epoch milliseconds. Default: Date.now. */
  now?: () => number;
  logger?: Pick<Console, 'error'>;
}

export interface TokenStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  /** Decodes the new access token first and stores nothing when it cannot be decoded (throws TokenDecodeError). */
  setTokens(pair: TokenPairDto): TokenClaims;
  /** Removes both tokens. The server time difference stays: it describes the clock, not the session. */
  clear(): void;
  /** null without a token; throws TokenDecodeError (logged once per token) when it cannot be decoded. */
  getClaims(): TokenClaims | null;
  serverTimeDifferenceMs(): number;
  setServerTimeDifference(ms: number): void;
  /** From a response's Date header. Returns false (and keeps the old difference) when the date does not parse. */
  setServerTimeFromDate(date: string | Date, receivedAt?: number): boolean;
  /** Right after a token was issued, its iat is the server's now; use it when no Date header is at hand. */
  syncServerTimeFromToken(): boolean;
  /** Client now plus the stored server–client difference, in epoch milliseconds. */
  serverNow(): number;
  /** A decodable access token whose exp lies after server now. Never throws. */
  isTokenValid(): boolean;
  /** Seconds until exp by server time, at least 0; 0 without a usable token. */
  tokenRemainingSeconds(): number;
  /** null without a usable token. Never throws. */
  snapshot(): TokenSnapshot | null;
}

function defaultStorage(): TokenStorage {
  if (typeof window === 'undefined' || !window.localStorage)
    throw new Error('No localStorage here; pass `storage` to createTokenStore().');
  return window.localStorage;
}

export function decodeClaims(token: string): TokenClaims {
  let claims: Partial<Record<keyof TokenClaims, unknown>>;
  try {
    claims = jwtDecode<Partial<Record<keyof TokenClaims, unknown>>>(token);
  } catch (cause) {
    throw new TokenDecodeError(`Session token could not be decoded: ${(cause as Error).message}`, { cause });
  }
  const missing: string[] = (['exp', 'iat'] as const).filter(
    (name) => typeof claims[name] !== 'number' || !Number.isFinite(claims[name]),
  );
  if (typeof claims.azp !== 'string') missing.push('azp');
  if (missing.length > 0)
    throw new TokenDecodeError(
      `Session token lacks the claim(s) ${missing.join(', ')} (exp and iat must be numbers, azp a string).`,
    );
  return claims as TokenClaims;
}

export function createTokenStore(options: TokenStoreOptions = {}): TokenStore {
  const storage = options.storage ?? defaultStorage();
  const now = options.now ?? Date.now;
  const logger = options.logger ?? console;
  // One decode per distinct token string: the monitor asks every second, and a bad token is logged once.
  let cache: { token: string; claims?: TokenClaims; error?: TokenDecodeError } | undefined;

  function claimsOf(token: string): TokenClaims {
    if (cache?.token !== token) {
      try {
        cache = { token, claims: decodeClaims(token) };
      } catch (error) {
        cache = { token, error: error as TokenDecodeError };
        logger.error(`[session] ${(error as Error).message}`);
      }
    }
    if (cache.error) throw cache.error;
    return cache.claims!;
  }

  function serverTimeDifferenceMs(): number {
    const raw = storage.getItem(TOKEN_STORAGE_KEYS.serverTimeDifference);
    const value = raw === null ? 0 : Number(raw);
    return Number.isFinite(value) ? value : 0;
  }

  function setServerTimeDifference(ms: number): void {
    if (!Number.isFinite(ms))
      throw new RangeError(`Server time difference must be a finite number of milliseconds, got ${ms}.`);
    storage.setItem(TOKEN_STORAGE_KEYS.serverTimeDifference, String(Math.round(ms)));
  }

  const serverNow = () => now() + serverTimeDifferenceMs();

  function getClaims(): TokenClaims | null {
    const token = storage.getItem(TOKEN_STORAGE_KEYS.accessToken);
    return token ? claimsOf(token) : null;
  }

  function safeClaims(): TokenClaims | null {
    try {
      return getClaims();
    } catch {
      return null; // already logged by claimsOf
    }
  }

  function snapshot(): TokenSnapshot | null {
    const claims = safeClaims();
    if (!claims) return null;
    const nowSeconds = serverNow() / 1000;
    return { remainingSeconds: claims.exp - nowSeconds, ageSeconds: nowSeconds - claims.iat };
  }

  return {
    getAccessToken: () => storage.getItem(TOKEN_STORAGE_KEYS.accessToken),
    getRefreshToken: () => storage.getItem(TOKEN_STORAGE_KEYS.refreshToken),
    setTokens(pair) {
      const claims = claimsOf(pair.access_token);
      storage.setItem(TOKEN_STORAGE_KEYS.accessToken, pair.access_token);
      storage.setItem(TOKEN_STORAGE_KEYS.refreshToken, pair.refresh_token);
      return claims;
    },
    clear() {
      storage.removeItem(TOKEN_STORAGE_KEYS.accessToken);
      storage.removeItem(TOKEN_STORAGE_KEYS.refreshToken);
    },
    getClaims,
    serverTimeDifferenceMs,
    setServerTimeDifference,
    setServerTimeFromDate(date, receivedAt = now()) {
      const serverMs = date instanceof Date ? date.getTime() : Date.parse(date);
      if (!Number.isFinite(serverMs)) return false;
      setServerTimeDifference(serverMs - receivedAt);
      return true;
    },
    syncServerTimeFromToken() {
      const claims = safeClaims();
      if (!claims) return false;
      setServerTimeDifference(claims.iat * 1000 - now());
      return true;
    },
    serverNow,
    isTokenValid() {
      const current = snapshot();
      return current !== null && current.remainingSeconds > 0;
    },
    tokenRemainingSeconds() {
      return Math.max(0, snapshot()?.remainingSeconds ?? 0);
    },
    snapshot,
  };
}
