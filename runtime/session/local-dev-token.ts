import type { AccessTokenClaims } from '../api/api-types';
import { LOCAL_DEV_TOKEN_LIFETIME_SECONDS } from './constants';

/**
 * Unsigned tokens for local development and tests, where no identity provider issues real ones.
 * Local-dev tokens live 220 s (docs/session.md#constants): such a token enters the 120 s auto-refresh
 * window 100 s after it is issued, so a developer sees a silent refresh within two minutes.
 * Nothing verifies these tokens; the shell only decodes claims (jwt-decode never checks signatures).
 */

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** header.payload. with alg "none" (an empty signature part). */
export function createUnsignedToken(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.`;
}

export interface LocalDevTokenOptions {
  /** Epoch milliseconds (server time) the token is issued at. */
  issuedAt: number;
  lifetimeSeconds?: number;
  azp?: string;
  sub?: string;
  customerNumber?: string;
}

export function createLocalDevToken(options: LocalDevTokenOptions): string {
  const iat = Math.floor(options.issuedAt / 1000);
  const claims: AccessTokenClaims = {
    iat,
    exp: iat + (options.lifetimeSeconds ?? LOCAL_DEV_TOKEN_LIFETIME_SECONDS),
    azp: options.azp ?? 'portal-shell',
    sub: options.sub ?? 'local-dev-user',
    ...(options.customerNumber ? { customer_number: options.customerNumber } : {}),
  };
  return createUnsignedToken({ ...claims });
}
