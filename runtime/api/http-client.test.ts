import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_HOSTS } from './environment';
import { buildUrl, createHttpClient, HTTP_TIMEOUT_MS, type HttpMethod } from './http-client';
import { HttpError, isRetryable } from './http-error';

const hosts = DEFAULT_API_HOSTS.production;

function clientWith(
  respond: (url: string, init: RequestInit) => Promise<Response> | Response,
  extra: Partial<Parameters<typeof createHttpClient>[0]> = {},
) {
  const calls: { url: string; init: RequestInit }[] = [];
  const logger = { error: vi.fn() };
  const client = createHttpClient({
    hosts,
    getAccessToken: () => 'token-abc',
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return respond(url, init);
    }) as typeof fetch,
    logger,
    ...extra,
  });
  return { client, calls, logger };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.useRealTimers());

describe('HTTP client: bearer token, timeout, errors', () => {
  it('sends the bearer token from the token source, credentials and JSON headers', async () => {
    const { client, calls } = clientWith(() => json({ ok: 1 }));
    const res = await client.request<{ ok: number }>({
      method: 'GET',
      service: 'customer-account',
      path: '/customers/42',
      query: { embed: 'all-persons', skip: undefined },
    });
    expect(res).toEqual({ status: 200, data: { ok: 1 }, maintenance: false });
    expect(calls[0]!.url).toBe('https://api.portal-shell.example/api/customer-account/customers/42?embed=all-persons');
    expect(calls[0]!.init.credentials).toBe('include');
    expect(calls[0]!.init.headers).toMatchObject({ authorization: 'Bearer token-abc', accept: 'application/json' });
  });

  it('reads the token at call time, and sends none when there is none or auth is off', async () => {
    let token: string | null = null;
    const { client, calls } = clientWith(() => json({}), { getAccessToken: () => token });
    await client.request({ method: 'GET', service: 'product', path: '/a' });
    token = 'later';
    await client.request({ method: 'GET', service: 'product', path: '/b' });
    await client.request({ method: 'GET', service: 'product', path: '/c', auth: false });
    expect(calls.map((c) => (c.init.headers as Record<string, string>).authorization)).toEqual([
      undefined,
      'Bearer later',
      undefined,
    ]);
  });

  it('JSON bodies are serialised; form bodies are form-encoded (OIDC)', async () => {
    const { client, calls } = clientWith(() => new Response(null, { status: 204 }));
    await client.request({
      method: 'POST',
      service: 'user-management',
      path: '/public/token/logout',
      json: { refresh_token: 'r' },
    });
    await client.request({
      method: 'POST',
      service: 'identity',
      path: '/protocol/openid-connect/logout',
      form: { refresh_token: 'r t', client_id: 'c' },
    });
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      body: '{"refresh_token":"r"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(calls[1]!.init).toMatchObject({
      body: 'refresh_token=r+t&client_id=c',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  });

  it('a 204 gives undefined data', async () => {
    const { client } = clientWith(() => new Response(null, { status: 204 }));
    expect((await client.request({ method: 'POST', service: 'identity', path: '/x' })).data).toBeUndefined();
  });

  it('an invalid HTTP method throws before any call', async () => {
    const { client, calls } = clientWith(() => json({}));
    await expect(client.request({ method: 'FETCH' as HttpMethod, service: 'product', path: '/x' })).rejects.toThrow(
      'Invalid HTTP method "FETCH"',
    );
    expect(calls).toHaveLength(0);
  });

  it('a 403 runs the forbidden handler and removes the auth header from later calls until restored', async () => {
    const onForbidden = vi.fn();
    let status = 403;
    const { client, calls } = clientWith(() => json({}, status), { onForbidden });
    await expect(client.request({ method: 'GET', service: 'product', path: '/secret' })).rejects.toMatchObject({
      kind: 'status',
      status: 403,
    });
    expect(onForbidden).toHaveBeenCalledWith('https://api.portal-shell.example/api/product/secret');
    expect(client.authHeaderRemoved).toBe(true);
    status = 200;
    await client.request({ method: 'GET', service: 'product', path: '/next' });
    expect((calls[1]!.init.headers as Record<string, string>).authorization).toBeUndefined();
    client.restoreAuthHeader();
    await client.request({ method: 'GET', service: 'product', path: '/again' });
    expect((calls[2]!.init.headers as Record<string, string>).authorization).toBe('Bearer token-abc');
  });

  it('non-2xx answers reject with an HttpError carrying the status; 503 marks maintenance', async () => {
    const { client } = clientWith(() => json({}, 503));
    const error = await client.request({ method: 'GET', service: 'product', path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 503, maintenance: true });
  });

  it('a 206 answer carries its data and marks maintenance', async () => {
    const { client } = clientWith(() => json({ data: [] }, 206));
    expect(await client.request({ method: 'GET', service: 'product', path: '/x' })).toEqual({
      status: 206,
      data: { data: [] },
      maintenance: true,
    });
  });

  it('a network failure is logged and rethrown as an HttpError', async () => {
    const { client, logger } = clientWith(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(client.request({ method: 'GET', service: 'product', path: '/x' })).rejects.toMatchObject({
      kind: 'network',
      message: expect.stringContaining('Failed to fetch'),
    });
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('a missing response is logged and rethrown', async () => {
    const { client, logger } = clientWith(() => undefined as unknown as Response);
    await expect(client.request({ method: 'GET', service: 'product', path: '/x' })).rejects.toMatchObject({
      kind: 'network',
      message: expect.stringContaining('no response'),
    });
    expect(logger.error).toHaveBeenCalled();
  });

  it('a body that is not JSON is logged and rejected as malformed', async () => {
    const { client, logger } = clientWith(() => new Response('{"broken', { status: 200 }));
    await expect(client.request({ method: 'GET', service: 'product', path: '/x' })).rejects.toMatchObject({
      kind: 'malformed',
    });
    expect(logger.error).toHaveBeenCalled();
  });

  it(`times out after ${HTTP_TIMEOUT_MS} ms with a timeout error`, async () => {
    const { client } = clientWith(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
      { timeoutMs: 30 },
    );
    const started = Date.now();
    await expect(client.request({ method: 'GET', service: 'product', path: '/slow' })).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('timed out after 30 ms'),
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('a caller abort is reported as aborted and not logged', async () => {
    const controller = new AbortController();
    const { client, logger } = clientWith(
      (_url, init) =>
        new Promise<Response>((_r, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    );
    const pending = client.request({ method: 'GET', service: 'product', path: '/x', signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' });
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe('retry policy', () => {
  it.each([404, 410, 401, 403])('%i is never retried', (status) => {
    expect(isRetryable(new HttpError('status', '/x', 'x', status))).toBe(false);
  });
  it.each([500, 502, 503])('%i is retried', (status) => {
    expect(isRetryable(new HttpError('status', '/x', 'x', status))).toBe(true);
  });
  it('timeouts and network errors are retried; malformed and aborted are not', () => {
    expect(isRetryable(new HttpError('timeout', '/x', 'x'))).toBe(true);
    expect(isRetryable(new HttpError('network', '/x', 'x'))).toBe(true);
    expect(isRetryable(new HttpError('malformed', '/x', 'x', 200))).toBe(false);
    expect(isRetryable(new HttpError('aborted', '/x', 'x'))).toBe(false);
  });
});

describe('buildUrl', () => {
  it('joins the service root, path and query', () => {
    expect(
      buildUrl(DEFAULT_API_HOSTS.local, 'customer-portal', '/threads/unread-count', { customer_id: '4711 0815' }),
    ).toBe('/api/customer-portal/threads/unread-count?customer_id=4711+0815');
  });
});
