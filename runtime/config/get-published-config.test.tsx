import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import flagsDocument from '../../config/flags.json';
import { getManifest, getPublishedDocument, usePublishedDocument, ConfigLoadError } from './get-published-config';
// Loaded up front: a valid document starts the dev check, which imports the validator in the background. Left to
// that import, a file whose last test ends first has Vitest load the schemas after its environment is torn down
// (an EnvironmentTeardownError that fails the run although every test passed).
import '../../schemas/validator/index';

const MANIFEST = {
  format: 1,
  documents: { 'de-DE': { file: 'de-DE.0123456789abcdef.json', hash: '0123456789abcdef' } },
};

/** fetch answering by URL; a function value builds the response, so each call gets a fresh body. */
function serve(answers: Record<string, () => Response>) {
  vi.stubGlobal('fetch', async (url: string) => {
    const answer = answers[url];
    if (!answer) throw new TypeError(`no answer for ${url} in this test`);
    return answer();
  });
}
const json = (value: unknown) => () =>
  new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
const text =
  (body: string, status = 200) =>
  () =>
    new Response(body, { status });

async function failure(promise: Promise<unknown>): Promise<ConfigLoadError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigLoadError);
  return error as ConfigLoadError;
}

afterEach(() => vi.unstubAllGlobals());

describe('getPublishedDocument', () => {
  it('refuses a locale config of {} before anything renders it, naming the document, its URL and the problem', async () => {
    serve({ '/configs/manifest.json': json(MANIFEST), '/configs/de-DE.0123456789abcdef.json': json({}) });
    const error = await failure(getPublishedDocument('de-DE'));
    expect(error.message).toBe(
      "de-DE config (/configs/de-DE.0123456789abcdef.json) is not a valid locale config: (document) must have required property 'locale'",
    );
    expect(error).toMatchObject({
      document: 'de-DE',
      reason: 'wrong-shape',
      url: '/configs/de-DE.0123456789abcdef.json',
    });
  });

  it('refuses a document that is not JSON', async () => {
    serve({ '/configs/manifest.json': json(MANIFEST), '/configs/de-DE.0123456789abcdef.json': text('<html>oops') });
    expect(await failure(getPublishedDocument('de-DE'))).toMatchObject({
      reason: 'not-json',
      message: 'de-DE config (/configs/de-DE.0123456789abcdef.json) is not JSON',
    });
  });

  it('reports a 404 with the status', async () => {
    serve({ '/configs/manifest.json': json(MANIFEST), '/configs/de-DE.0123456789abcdef.json': text('gone', 404) });
    expect(await failure(getPublishedDocument('de-DE'))).toMatchObject({
      reason: 'http-status',
      status: 404,
      message: 'de-DE config (/configs/de-DE.0123456789abcdef.json) answered 404',
    });
  });

  it('reports a document the manifest does not list', async () => {
    serve({ '/configs/manifest.json': json(MANIFEST) });
    expect(await failure(getPublishedDocument('fr-FR'))).toMatchObject({
      reason: 'not-published',
      message: 'fr-FR config (/configs/manifest.json) is not published: the manifest does not list it',
    });
  });
});

describe('getManifest', () => {
  it.each([
    ['{}', {}, '/format must be 1 (the manifest format this runtime reads), not undefined'],
    ['an array', [], '(document) must be object'],
    ['documents: null', { format: 1, documents: null }, '/documents must be object'],
    [
      'an entry without its file',
      { format: 1, documents: { 'de-DE': { hash: 'abc' } } },
      '/documents/de-DE/file must be a non-empty string',
    ],
  ])('refuses a manifest of %s', async (_label, manifest, problem) => {
    serve({ '/configs/manifest.json': json(manifest) });
    expect((await failure(getManifest())).message).toBe(
      `config manifest (/configs/manifest.json) is not a valid manifest: ${problem}`,
    );
  });

  it('refuses garbage text', async () => {
    serve({ '/configs/manifest.json': text('\u0000\u0001garbage') });
    expect(await failure(getManifest())).toMatchObject({ document: 'manifest', reason: 'not-json' });
  });
});

describe('usePublishedDocument', () => {
  const fresh = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
  );

  // The endless spinner: a failed manifest left every document without data and without an error.
  it('reports a failed manifest as the document’s error, so the screen does not wait for ever', async () => {
    serve({ '/configs/manifest.json': text('garbage') });
    const { result } = renderHook(() => usePublishedDocument('de-DE'), { wrapper: fresh });
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ConfigLoadError));
    expect((result.current.error as ConfigLoadError).document).toBe('manifest');
    expect(result.current.data).toBeUndefined();
  });

  it('gives the document once manifest and file are good', async () => {
    serve({
      '/configs/manifest.json': json({
        ...MANIFEST,
        documents: { flags: { file: 'flags.aaaaaaaaaaaaaaaa.json', hash: 'aaaaaaaaaaaaaaaa' } },
      }),
      '/configs/flags.aaaaaaaaaaaaaaaa.json': json(flagsDocument),
    });
    const { result } = renderHook(() => usePublishedDocument('flags'), { wrapper: fresh });
    await waitFor(() => expect(result.current.data ?? String(result.current.error)).toEqual(flagsDocument));
    expect(result.current.error).toBeUndefined();
  });
});
