import { describeApiError, toApiError } from './api-error';

const body = (code: string, extra: Record<string, unknown> = {}) => ({
  error: { code, message: `server says ${code}`, hint: 'do this', ...extra },
});

describe('toApiError', () => {
  it('maps a wrong password (401 invalid-credentials) apart from an expired session (401 unauthenticated)', () => {
    expect(toApiError(401, body('invalid-credentials')).kind).toBe('invalid-credentials');
    expect(toApiError(401, body('unauthenticated')).kind).toBe('unauthenticated');
  });

  it('maps 429 to rate-limited with the server message', () => {
    const error = toApiError(429, body('rate-limited'));
    expect(error.kind).toBe('rate-limited');
    expect(error.message).toBe('server says rate-limited');
  });

  it('keeps the current draft of a 412 so their version can be loaded', () => {
    const current = { id: 'de-DE', version: 5, etag: '"v5"', text: '{}\n' };
    const error = toApiError(412, { ...body('stale-version'), current });
    expect(error.kind).toBe('conflict');
    expect(error.code).toBe('stale-version');
    expect(error.current).toMatchObject({ version: 5, etag: '"v5"' });
  });

  it('carries every problem of a 422', () => {
    const problems = [
      {
        code: 'unknown-flag',
        file: 'draft de-DE',
        line: 237,
        column: 27,
        pointer: '/x',
        message: 'rule names unknown flag "newDashbord"',
      },
    ];
    const error = toApiError(422, body('invalid-document', { problems }));
    expect(error.kind).toBe('invalid-document');
    expect(error.problems).toEqual(problems);
    expect(error.hint).toBe('do this');
  });

  it('maps 428 to precondition-required', () => {
    expect(toApiError(428, body('precondition-required')).kind).toBe('precondition-required');
  });

  it('tells a full or read-only store (storage-full 507, storage-read-only 503) apart from a failing service, keeping the hint', () => {
    for (const [status, code] of [
      [507, 'storage-full'],
      [503, 'storage-read-only'],
    ] as const) {
      const error = toApiError(status, body(code));
      expect([error.kind, error.code, error.message, error.hint]).toEqual([
        'storage',
        code,
        `server says ${code}`,
        'do this',
      ]);
      expect(describeApiError(error)).toBe(`server says ${code} (do this)`);
    }
    // Another 503 (say a damaged users.json) stays a service failure.
    expect(toApiError(503, body('users-file-damaged')).kind).toBe('server');
  });

  it('a 507 without the error shape (from a proxy) still says the store is full and nothing was saved', () => {
    const error = toApiError(507, undefined);
    expect(error.kind).toBe('storage');
    expect(error.message).toMatch(/cannot write to its store.*nothing was saved/);
  });

  it('falls back to a readable message when the body is not the error shape', () => {
    const error = toApiError(502, undefined);
    expect(error.kind).toBe('server');
    expect(error.code).toBe('http-502');
    expect(error.message).toBe('The config service failed.');
    expect(toApiError(401, 'nope').message).toBe('You are signed out. Sign in again to continue.');
  });
});
