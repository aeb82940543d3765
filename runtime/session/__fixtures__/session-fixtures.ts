import { DEFAULT_API_HOSTS } from '../../api/environment';
import { createHttpClient, type HttpClient } from '../../api/http-client';
import { createUnsignedToken } from '../local-dev-token';
import { createTokenStore, type TokenStorage, type TokenStore } from '../token-store';

/** Test data shared by the session tests. */

export function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
}

/** A token issued at `issuedAtMs` (server epoch ms) living `lifetimeSeconds`. */
export function token(issuedAtMs: number, lifetimeSeconds: number, extra: Record<string, unknown> = {}): string {
  const iat = Math.floor(issuedAtMs / 1000);
  return createUnsignedToken({ iat, exp: iat + lifetimeSeconds, azp: 'portal-shell', sub: 'user-1', ...extra });
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export type Route = (call: RecordedCall) => Response | Promise<Response>;

/** A fetch that records every call and answers from `routes` by path suffix; unknown paths answer 404. */
export function fakeFetch(routes: Record<string, Route>) {
  const calls: RecordedCall[] = [];
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    const call: RecordedCall = {
      url,
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body as string | undefined,
    };
    calls.push(call);
    const path = new URL(url, 'http://localhost').pathname;
    const route = Object.entries(routes).find(([suffix]) => path.endsWith(suffix));
    return route ? route[1](call) : new Response('not found', { status: 404 });
  };
  return { fetch: fetchFn as typeof fetch, calls };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
export const noContent = () => new Response(null, { status: 204 });

export function testClient(fetchFn: typeof fetch, tokenStore: TokenStore): HttpClient {
  return createHttpClient({
    hosts: DEFAULT_API_HOSTS.production,
    getAccessToken: tokenStore.getAccessToken,
    fetch: fetchFn,
    logger: { error: () => {} },
  });
}

export function storeWith(options: { now: () => number; access?: string; refresh?: string; differenceMs?: number }) {
  const storage = memoryStorage();
  if (options.access) storage.setItem('access_token', options.access);
  if (options.refresh) storage.setItem('refresh_token', options.refresh);
  if (options.differenceMs !== undefined) storage.setItem('server_time_difference_ms', String(options.differenceMs));
  const logger = { error: () => {} };
  return { storage, store: createTokenStore({ storage, now: options.now, logger }), logger };
}
