import { ApiError } from './api-error';
import { apiRequest, onUnauthenticated } from './request';

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(body === undefined ? null : JSON.stringify(body), { status, headers }));
}

describe('apiRequest', () => {
  it('returns the body and the ETag, sending JSON with If-Match as given', async () => {
    const fetchSpy = answer(200, { version: 4 }, { etag: '"v4"' });
    const result = await apiRequest<{ version: number }>('/api/documents/de-DE', {
      method: 'PUT',
      headers: { 'if-match': '"v3"' },
      body: { content: {}, message: 'm' },
    });
    expect(result).toEqual({ data: { version: 4 }, etag: '"v4"' });
    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.headers).toMatchObject({ 'if-match': '"v3"', 'content-type': 'application/json' });
    expect(init?.body).toBe('{"content":{},"message":"m"}');
  });

  it.each([
    [412, 'stale-version', 'conflict'],
    [422, 'invalid-document', 'invalid-document'],
    [428, 'precondition-required', 'precondition-required'],
  ])('throws an ApiError for %i (%s → %s)', async (status, code, kind) => {
    answer(status, { error: { code, message: 'm' }, current: { version: 9 } });
    const error = await apiRequest('/api/documents/de-DE', { method: 'PUT', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe(kind);
  });

  it('tells listeners about an expired session, but not about a wrong password', async () => {
    const listener = vi.fn();
    const stop = onUnauthenticated(listener);
    answer(401, { error: { code: 'invalid-credentials', message: 'wrong' } });
    await apiRequest('/api/session', { method: 'POST', body: {} }).catch(() => undefined);
    expect(listener).not.toHaveBeenCalled();
    answer(401, { error: { code: 'unauthenticated', message: 'signed out' } });
    await apiRequest('/api/documents').catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('maps a network failure to kind network', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/api/documents')).rejects.toMatchObject({ kind: 'network', status: 0 });
  });
});
