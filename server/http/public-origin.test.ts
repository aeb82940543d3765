/** Which origin the pages' absolute URLs begin with (docs/operations.md#the-public-origin). */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFrontend } from '../frontend/static-frontend';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { parseAllowedHost, type AllowedHost } from './allowed-hosts';
import { configuredPublicOrigin, listenOrigin, parsePublicOrigin } from './public-origin';

const hosts = (...entries: string[]) => entries.map((entry) => parseAllowedHost(entry) as AllowedHost);

describe('parsePublicOrigin', () => {
  it.each([
    ['https://www.depona.example', 'https://www.depona.example'],
    ['https://WWW.Depona.Example/', 'https://www.depona.example'],
    ['https://www.depona.example:443', 'https://www.depona.example'],
    ['http://portal.internal:8080', 'http://portal.internal:8080'],
    ['http://[::1]:5173', 'http://[::1]:5173'],
  ])('takes %s as %s', (raw, origin) => {
    expect(parsePublicOrigin(raw)).toBe(origin);
  });

  it.each([
    ['javascript://www.depona.example', 'must start with http:// or https://'],
    ['ftp://www.depona.example', 'must start with http:// or https://'],
    ['www.depona.example', 'must start with http:// or https://'],
    ['https://', 'is not a URL'],
    ['https://www.depona.example/de-de/', 'with no path, query or user'],
    ['https://www.depona.example?x=1', 'with no path, query or user'],
    ['https://www.depona.example/#top', 'with no path, query or user'],
    ['https://user:pw@www.depona.example', 'with no path, query or user'],
  ])('refuses %s: %s', (raw, error) => {
    expect(parsePublicOrigin(raw)).toEqual({ error: expect.stringContaining(error) });
  });
});

describe('configuredPublicOrigin', () => {
  it('is PUBLIC_ORIGIN when set, whatever ALLOWED_HOSTS says', () => {
    expect(
      configuredPublicOrigin({
        publicOrigin: 'https://www.depona.example',
        allowedHosts: hosts('editor.internal'),
        behindProxy: false,
      }),
    ).toEqual({ origin: 'https://www.depona.example', from: 'PUBLIC_ORIGIN' });
  });

  it('is else the first ALLOWED_HOSTS entry: its own scheme, else https behind TRUST_PROXY, else http', () => {
    expect(
      configuredPublicOrigin({ allowedHosts: hosts('https://www.depona.example', 'x.internal'), behindProxy: false }),
    ).toEqual({ origin: 'https://www.depona.example', from: 'ALLOWED_HOSTS' });
    expect(
      configuredPublicOrigin({ allowedHosts: hosts('http://portal.internal:8080'), behindProxy: true })?.origin,
    ).toBe('http://portal.internal:8080');
    expect(configuredPublicOrigin({ allowedHosts: hosts('www.depona.example'), behindProxy: true })?.origin).toBe(
      'https://www.depona.example',
    );
    expect(configuredPublicOrigin({ allowedHosts: hosts('portal.internal:5173'), behindProxy: false })?.origin).toBe(
      'http://portal.internal:5173',
    );
  });

  it('is undefined without either: the listen address then, as the server listens', () => {
    expect(configuredPublicOrigin({ behindProxy: true })).toBeUndefined();
    expect(listenOrigin('0.0.0.0', 5173)).toBe('http://localhost:5173');
    expect(listenOrigin('::1', 80)).toBe('http://[::1]');
    expect(listenOrigin('portal.internal', 8080)).toBe('http://portal.internal:8080');
  });
});

describe('the pages of a server started with', () => {
  const PORTAL_HTML =
    '<!doctype html><html lang="en"><head><title>Depona</title></head><body><div id="root"></div></body></html>';
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'dist-public-origin-'));
    await writeFile(path.join(dist, 'index.html'), '<html>EDITOR</html>');
    await writeFile(path.join(dist, 'portal.html'), PORTAL_HTML);
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  /** The canonical link of /de-de/, asked for by the public name (node:http: fetch will not send a Host of our choosing). */
  const canonicalOf = (server: TestServer, host: string) =>
    new Promise<string | undefined>((resolve, reject) => {
      const request = http.get(
        { host: '127.0.0.1', port: Number(new URL(server.url).port), path: '/de-de/', headers: { host } },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => resolve(/<link rel="canonical" href="([^"]*)">/.exec(text)?.[1]));
        },
      );
      request.on('error', reject);
    });

  it.each([
    [
      'PUBLIC_ORIGIN (and TRUST_PROXY)',
      { publicOrigin: 'https://www.depona.example', allowedHosts: hosts('portal.internal'), trustProxy: 1 },
      'https://www.depona.example/de-de/',
    ],
    [
      'ALLOWED_HOSTS behind TRUST_PROXY',
      { allowedHosts: hosts('www.depona.example', 'portal.internal'), trustProxy: 1 },
      'https://www.depona.example/de-de/',
    ],
    [
      'ALLOWED_HOSTS without a proxy',
      { allowedHosts: hosts('www.depona.example', 'portal.internal') },
      'http://www.depona.example/de-de/',
    ],
  ])('%s links to it, whichever allowed host a request names', async (_what, options, canonical) => {
    const server = await startTestServer({ frontend: async () => createStaticFrontend(dist), ...options });
    try {
      expect(await canonicalOf(server, 'portal.internal')).toBe(canonical);
      expect(await canonicalOf(server, 'PORTAL.internal:80')).toBe(canonical);
    } finally {
      await server.close();
    }
  });
});
