/** Which URL gets which page, over a stand-in for dist/client, and the portal route list itself. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPortalPath } from '../../runtime/host/portal-paths';
import { LOCALE_CONFIG_IDS } from '../../schemas/validator/index';
import { matchPortalRoute, PORTAL_ROUTES } from '../portal-routes';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { createStaticFrontend } from './static-frontend';

/** Like the build's early mock-worker registration (vite.config.ts): an inline script the page really holds. */
const INLINE_SCRIPT = 'window.__early = 1;';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'dist-client-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<html>EDITOR</html>');
  // The root the server render fills (server/render/page-template.ts), as in the real portal.html.
  await writeFile(
    path.join(dist, 'portal.html'),
    `<html><head><script>${INLINE_SCRIPT}</script></head><div id="root"></div>PORTAL</html>`,
  );
  await writeFile(path.join(dist, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
  await writeFile(path.join(dist, 'favicon.svg'), '<svg/>');
  server = await startTestServer({ frontend: async () => createStaticFrontend(dist) });
});
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

async function page(urlPath: string) {
  const response = await server.call('GET', urlPath);
  return {
    status: response.status,
    body: response.text,
    type: response.headers.get('content-type'),
    cache: response.headers.get('cache-control'),
  };
}

describe('portal route list', () => {
  it('matches every listed route for every locale, with and without the trailing slash', () => {
    expect(matchPortalRoute('/preview')).toEqual({ route: '/preview' });
    expect(matchPortalRoute('/preview/')).toEqual({ route: '/preview' });
    expect(matchPortalRoute('/de-de/')).toEqual({ route: '/:locale/', locale: 'de-DE' });
    expect(matchPortalRoute('/en-us/login/')).toEqual({ route: '/:locale/login/', locale: 'en-US' });
    expect(matchPortalRoute('/en/register')).toEqual({ route: '/:locale/register/', locale: 'en' });
    expect(matchPortalRoute('/en/select-country/')).toEqual({ route: '/en/select-country/' });
    expect(matchPortalRoute('/en/corporate/')).toEqual({ route: '/en/corporate/' });
    for (const route of PORTAL_ROUTES) expect(matchPortalRoute(route.replace(':locale', 'fr-fr'))?.route).toBe(route);
  });

  it('sends the portal only paths its router knows: every route, for every locale, is a portal page', () => {
    for (const route of PORTAL_ROUTES.filter((r) => r !== '/preview'))
      for (const id of LOCALE_CONFIG_IDS) {
        const pathname = route.replace(':locale', id.toLowerCase());
        expect(matchPortalPath(pathname), pathname).toBeDefined();
      }
  });

  it('does not match unknown locales, other casing, other pages or doubled slashes', () => {
    for (const pathname of [
      '/',
      '/xx-yy/',
      '/de-DE/login/',
      '/de-de/settings/',
      '/de-de//login/',
      '/de/corporate/',
      '/documents/de-DE',
      '/preview/x',
    ])
      expect(matchPortalRoute(pathname), pathname).toBeUndefined();
  });
});

describe('serving the built client', () => {
  it.each([
    ['/', 'EDITOR'],
    ['/documents/de-DE', 'EDITOR'],
    ['/xx-yy/login/', 'EDITOR'],
    ['/preview', 'PORTAL'],
    ['/preview/?locale=de-DE', 'PORTAL'],
    // The client-only page; the server-rendered one is cached differently (server/render/portal-pages.test.ts).
    ['/de-de/?ssr=0', 'PORTAL'],
    ['/de-de/dashboard/', 'PORTAL'],
    ['/en/select-country/', 'PORTAL'],
  ])('%s → %s html, revalidated on every load', async (urlPath, marker) => {
    const response = await page(urlPath);
    expect(response.status).toBe(200);
    expect(response.body).toContain(marker);
    expect(response.type).toBe('text/html; charset=utf-8');
    expect(response.cache).toBe('no-cache');
  });

  it('serves hashed assets for a year and other files revalidated', async () => {
    const asset = await page('/assets/app-1a2b3c.js');
    expect([asset.status, asset.body, asset.type, asset.cache]).toEqual([
      200,
      'console.log(1)',
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ]);
    const icon = await page('/favicon.svg');
    expect([icon.status, icon.type, icon.cache]).toEqual([200, 'image/svg+xml', 'no-cache']);
  });

  it('answers 404 for missing files and unknown API paths instead of HTML', async () => {
    for (const urlPath of ['/assets/missing-0000.js', '/nope.css', '/api/nope', '/api', '/configs/nope.json']) {
      const response = await page(urlPath);
      expect(response.status, urlPath).toBe(404);
      expect(response.type, urlPath).toMatch(/^application\/json/);
    }
  });

  it('never serves a file outside dist/client', async () => {
    for (const raw of [
      '/../store/users.json',
      '/..%2fstore%2fusers.json',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/..%5c..%5cusers.json',
      '/%00index.html',
    ]) {
      const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: Number(new URL(server.url).port), path: raw }, (res) => {
            let body = '';
            res.on('data', (chunk) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
      expect(body, raw).not.toContain('passwordHash');
      expect(body, raw).not.toContain('root:');
      // Either refused, or (dot segments collapse at the root) the editor page.
      expect([200, 400, 404], raw).toContain(status);
      if (status === 200) expect(body).toContain('EDITOR');
    }
  });
});

describe('security headers on every page', () => {
  const directives = (policy: string | null) =>
    new Map((policy ?? '').split(/;\s*/).map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

  it.each([
    ['/documents/de-DE', "'none'", 'DENY'],
    ['/', "'none'", 'DENY'],
    ['/preview', "'self'", 'SAMEORIGIN'],
    ['/de-de/', "'none'", 'DENY'],
  ])('%s may be framed by %s', async (urlPath, ancestors, frameOptions) => {
    const response = await server.call('GET', urlPath);
    const csp = directives(response.headers.get('content-security-policy'));
    expect(csp.get('frame-ancestors')).toEqual([ancestors]);
    expect(response.headers.get('x-frame-options')).toBe(frameOptions);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
  });

  it("allows the page's own inline script by its hash, and no eval on customer pages", async () => {
    const hash = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`;
    const portal = directives((await server.call('GET', '/de-de/')).headers.get('content-security-policy'));
    expect(portal.get('script-src')).toContain(hash);
    expect(portal.get('script-src')).not.toContain("'unsafe-eval'");
    const editor = directives((await server.call('GET', '/')).headers.get('content-security-policy'));
    expect(editor.get('script-src')).not.toContain(hash);
  });
});
