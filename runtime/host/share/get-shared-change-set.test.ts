import deDE from '../../../config/de-DE.json';
import type { SharedChangeSet } from '../../../schemas/contracts';
import { getSharedChangeSet, sharedChangeSetProblem } from './get-shared-change-set';

const SHARED: SharedChangeSet = {
  changeSet: { id: 'cs-abcdefghij', title: 'Spring labels', state: 'in-review' },
  expiresAt: '2026-02-01T10:00:00.000Z',
  documents: [{ id: 'de-DE', version: 4, text: JSON.stringify(deDE), content: deDE }],
};

let requests: { url: string; init: RequestInit | undefined }[];
function answer(status: number, body: unknown) {
  requests = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
}
afterEach(() => vi.unstubAllGlobals());

it('loads the set without sending cookies, and hands over an answer whose drafts have the shell’s shape', async () => {
  answer(200, SHARED);
  expect(await getSharedChangeSet('abc.def')).toEqual({ kind: 'ok', shared: SHARED });
  expect(requests[0]!.url).toBe('/api/shares/abc.def');
  expect(requests[0]!.init?.credentials).toBe('omit');
});

it.each([
  [
    410,
    {
      error: {
        code: 'share-expired',
        message: 'this share link expired on 2026-01-01T00:00:00.000Z',
        hint: 'ask whoever sent the link for a new one',
      },
    },
  ],
  [410, { error: { code: 'share-revoked', message: 'this share link was revoked on 2026-01-01T00:00:00.000Z' } }],
  [
    404,
    {
      error: {
        code: 'share-invalid',
        message: 'this share link is not valid: the token was not issued by this service, or it was altered',
      },
    },
  ],
])('passes a refusal on with its status, code and words (%i)', async (status, body) => {
  answer(status, body);
  expect(await getSharedChangeSet('abc.def')).toEqual({ kind: 'refused', status, ...body.error });
});

it('an answer it cannot use fails with what was wrong, never renders', async () => {
  answer(502, '<html>bad gateway</html>');
  expect(await getSharedChangeSet('abc.def')).toEqual({ kind: 'failed', message: 'the config service answered 502' });
  answer(200, { ...SHARED, documents: [{ id: 'de-DE', version: 4, text: '{}', content: { locale: 'de-DE' } }] });
  expect(await getSharedChangeSet('abc.def')).toMatchObject({
    kind: 'failed',
    message: expect.stringMatching(/^the draft of de-DE cannot be shown: /),
  });
  vi.stubGlobal('fetch', async () => {
    throw new TypeError('Failed to fetch');
  });
  expect(await getSharedChangeSet('abc.def')).toEqual({
    kind: 'failed',
    message: 'the config service could not be reached (Failed to fetch)',
  });
});

it.each([
  [null, 'the answer is not a shared change set'],
  [
    { ...SHARED, changeSet: { id: 'cs-abcdefghij', title: 'x', state: 'gone' } },
    'the answer names no change set title and state',
  ],
  [
    { ...SHARED, documents: [{ id: 'xx-XX', version: 1, text: '', content: {} }] },
    'document 0 of the answer has no known id and version',
  ],
])('names the first problem of a wrong answer: %j', (value, problem) => {
  expect(sharedChangeSetProblem(value)).toBe(problem);
});
