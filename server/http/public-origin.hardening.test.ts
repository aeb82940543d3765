/**
 * Cache poisoning through forwarded headers, against a production-mode app behind a trusted proxy (TRUST_PROXY):
 * a page kept by shared caches (`public, max-age=60`, `Vary: Cookie, Accept-Language`) must not take its absolute
 * URLs from X-Forwarded-Host, X-Forwarded-Proto or Host, which its cache key does not hold. Every absolute URL comes
 * from the public origin (docs/operations.md#the-public-origin); a forwarded value that is not believed is ignored and
 * logged once (docs/operations.md#behind-a-proxy).
 */
import http from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFrontend } from '../frontend/static-frontend';
import { REPO_ROOT } from '../test-support/seed-fixture';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { IGNORED_VALUES_LOGGED } from './forwarded-headers';

/** portal.html as `vite build` writes it. */
const PORTAL_HTML =
  '<!doctype html><html lang="en"><head><title>Depona</title></head><body><div id="root"></div><script type="module" src="/assets/portal-1a2b.js"></script></body></html>';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** node:http, because fetch will not send a Host header of our choosing. */
function get(server: TestServer, urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port: Number(new URL(server.url).port), method: 'GET', path: urlPath, headers },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Every absolute URL the head holds: canonical, the hreflang alternates, og:image. */
function absoluteUrls(html: string): { canonical: string; alternates: string[]; ogImage: string } {
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)![1]!;
  return {
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(head)![1]!,
    alternates: [...head.matchAll(/<link rel="alternate" hreflang="[^"]*" href="([^"]*)">/g)].map((m) => m[1]!),
    ogImage: /<meta property="og:image" content="([^"]*)">/.exec(head)![1]!,
  };
}

const logLines: string[] = [];
let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'dist-origin-'));
  await writeFile(path.join(dist, 'index.html'), '<html>EDITOR</html>');
  await writeFile(path.join(dist, 'portal.html'), PORTAL_HTML);
  server = await startTestServer({
    seedDir: path.join(REPO_ROOT, 'config'),
    frontend: async () => createStaticFrontend(dist),
    // TRUST_PROXY=1: the test's own connection is the proxy's.
    trustProxy: 1,
    logger: { level: 'warn', stream: { write: (line: string) => void logLines.push(line) } },
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

describe('a cacheable page behind a trusted proxy takes its absolute URLs from the public origin only', () => {
  it('X-Forwarded-Host: evil.example puts evil.example into neither the canonical link, the hreflang alternates nor og:image', async () => {
    const page = await get(server, '/de-de/', { 'x-forwarded-host': 'evil.example' });
    expect(page.status).toBe(200);
    // The page a shared cache would keep for every visitor of /de-de/.
    expect(page.headers['cache-control']).toBe('public, max-age=60');
    expect(page.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(page.text).not.toContain('evil.example');
    const urls = absoluteUrls(page.text);
    // No PUBLIC_ORIGIN and no ALLOWED_HOSTS: the address the server listens on (docs/operations.md#the-public-origin).
    expect(urls.canonical).toBe(`${server.url}/de-de/`);
    expect(urls.alternates.length).toBeGreaterThan(1);
    for (const href of urls.alternates) expect(href.startsWith(`${server.url}/`), href).toBe(true);
    expect(urls.ogImage).toBe(`${server.url}/assets/og-image.png`);
  });

  it('X-Forwarded-Proto: javascript gives no javascript: URL', async () => {
    const page = await get(server, '/de-de/', { 'x-forwarded-proto': 'javascript' });
    expect(page.status).toBe(200);
    expect(page.text).not.toMatch(/javascript:/i);
    expect(absoluteUrls(page.text).canonical).toBe(`${server.url}/de-de/`);
  });

  it.each([
    ['X-Forwarded-Host naming an allowed host', (port: string) => ({ 'x-forwarded-host': `localhost:${port}` })],
    ['X-Forwarded-Proto: https', () => ({ 'x-forwarded-proto': 'https' })],
    [
      'both, from a proxy chain',
      (port: string) => ({
        'x-forwarded-host': `evil.example, localhost:${port}`,
        'x-forwarded-proto': 'javascript, https',
      }),
    ],
    ['Forwarded (RFC 7239)', () => ({ forwarded: 'host=evil.example;proto=https' })],
    [
      'X-Forwarded-For and User-Agent',
      () => ({ 'x-forwarded-for': '203.0.113.9', 'user-agent': 'cache-poisoner/1.0' }),
    ],
  ])(
    '%s changes no byte of a visitor page or the 404, nor their headers (only Vary may vary them)',
    async (_what, headersFor) => {
      const headers = headersFor(new URL(server.url).port);
      for (const urlPath of ['/de-de/', '/de-de/nope/']) {
        const plain = await get(server, urlPath);
        const forwarded = await get(server, urlPath, headers);
        expect(forwarded.status, urlPath).toBe(plain.status);
        expect(forwarded.text, urlPath).toBe(plain.text);
        for (const name of ['etag', 'cache-control', 'vary', 'content-security-policy'])
          expect(forwarded.headers[name], `${urlPath} ${name}`).toBe(plain.headers[name]);
      }
    },
  );

  it('another allowed Host gets the same page: the origin is not read from Host either', async () => {
    const port = new URL(server.url).port;
    const byAddress = await get(server, '/de-de/', { host: `127.0.0.1:${port}` });
    const byName = await get(server, '/de-de/', { host: `localhost:${port}` });
    expect(byName.status).toBe(200);
    expect(byName.text).toBe(byAddress.text);
    expect(byName.headers.etag).toBe(byAddress.headers.etag);
  });
});

describe('a forwarded value that is not believed is logged once, and a flood cannot fill the log', () => {
  const ignoredLines = () => logLines.filter((line) => /ignored X-Forwarded-/.test(line));

  it('names the header, the value, the sender and why, once per distinct value', async () => {
    for (let i = 0; i < 3; i++) await get(server, '/de-de/', { 'x-forwarded-host': 'once.evil.example' });
    const lines = ignoredLines().filter((line) => line.includes('once.evil.example'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /ignored X-Forwarded-Host \\"once\.evil\.example\\" from 127\.0\.0\.1: it is not an allowed host \(ALLOWED_HOSTS\)/,
    );
    await get(server, '/de-de/', { 'x-forwarded-proto': 'gopher' });
    expect(ignoredLines().filter((line) => line.includes('gopher'))).toEqual([
      expect.stringMatching(
        /ignored X-Forwarded-Proto \\"gopher\\" from 127\.0\.0\.1: only http and https are believed/,
      ),
    ]);
  });

  it(`logs at most ${IGNORED_VALUES_LOGGED} distinct values, then says that it stops`, async () => {
    const flood = IGNORED_VALUES_LOGGED + 50;
    for (let i = 0; i < flood; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          get(server, '/healthz', { 'x-forwarded-host': `flood-${i + j}.evil.example` }),
        ),
      );
    expect(ignoredLines().length).toBe(IGNORED_VALUES_LOGGED);
    expect(logLines.filter((line) => /further ignored forwarded values are not logged/.test(line))).toHaveLength(1);
  });
});
