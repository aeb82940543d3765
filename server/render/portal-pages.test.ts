// @vitest-environment node
/** The config service's server-rendered portal pages and 404 (docs/rendering.md), over the shipped configs. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import deDE from '../../config/de-DE.json';
import frFR from '../../config/fr-FR.json';
import { createStaticFrontend } from '../frontend/static-frontend';
import { REPO_ROOT } from '../test-support/seed-fixture';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { fromAcceptLanguage } from './portal-pages';

/** portal.html as `vite build` writes it: a title to replace, the root to fill, the bundle to keep or drop. */
const PORTAL_HTML = '<!doctype html><html lang="en"><head><title>Depona</title></head><body><div id="root"></div><script type="module" src="/assets/portal-1a2b.js"></script></body></html>';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'dist-client-'));
  await writeFile(path.join(dist, 'index.html'), '<html>EDITOR</html>');
  await writeFile(path.join(dist, 'portal.html'), PORTAL_HTML);
  server = await startTestServer({ seedDir: path.join(REPO_ROOT, 'config'), frontend: async () => createStaticFrontend(dist) });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (urlPath: string, headers: Record<string, string> = {}) => server.call('GET', urlPath, { headers });
const state = (html: string) => JSON.parse(/<script type="application\/json" id="ps-portal-state">(.*?)<\/script>/s.exec(html)![1]!) as { pathname: string; loggedIn: boolean; configId: string };

describe('a portal page, rendered on the server', () => {
  it('holds the complete visitor header and footer, the state to hydrate from, and the bundle', async () => {
    const response = await get('/de-de/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<html lang="de-DE">');
    expect(response.text).toContain(`<title>${deDE.seo.metaTitle}</title>`);
    expect(response.text).toMatch(/<div id="root">.*<header[^>]*>.*<\/header>.*<footer[^>]*>.*<\/footer>.*<\/div><script type="application\/json"/s);
    for (const item of deDE.header.public.navItems) expect(response.text).toContain(`>${item.title.replace(/'/g, '&#x27;')}<`);
    expect(response.text).toContain('<script type="module" src="/assets/portal-1a2b.js">');
    expect(state(response.text)).toMatchObject({ pathname: '/de-de/', loggedIn: false, configId: 'de-DE' });
  });

  it('is cached publicly for a minute and revalidated by its ETag', async () => {
    const first = await get('/de-de/login/');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    expect(first.headers.get('vary')).toBe('Cookie');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const again = await get('/de-de/login/', { 'if-none-match': etag });
    expect([again.status, again.text]).toEqual([304, '']);
  });

  it('renders the logged-in frame for the session hint, kept out of shared caches', async () => {
    const response = await get('/de-de/dashboard/', { cookie: 'ps_session=1' });
    expect(response.status).toBe(200);
    expect(response.text).toContain('aria-busy="true"');
    expect(state(response.text).loggedIn).toBe(true);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('etag')).toBeNull();
  });

  it('sends the client-only page for ?ssr=0 and for a login page without a session', async () => {
    for (const urlPath of ['/de-de/?ssr=0', '/de-de/dashboard/']) {
      const response = await get(urlPath);
      expect(response.status, urlPath).toBe(200);
      expect(response.text, urlPath).toBe(PORTAL_HTML);
      expect(response.headers.get('cache-control'), urlPath).toBe('no-cache');
    }
  });

  it('shows the country banner for ?country= and for the country_choice cookie, in the page language', async () => {
    expect((await get('/de-de/?country=gb')).text).toContain('Vereinigtes Königreich');
    expect((await get('/de-de/', { cookie: 'country_choice=gb' })).text).toContain('Vereinigtes Königreich');
    expect((await get('/de-de/')).text).not.toContain('data-testid="country-banner"');
  });
});

describe('an unknown portal path: 404 with the chrome', () => {
  it.each([
    ['/xx-yy/foo', {}, 'en'],
    ['/xx-yy/foo', { 'accept-language': 'fr-CH, fr;q=0.9, en;q=0.5' }, 'fr-FR'],
    ['/de-de/nope/', { 'accept-language': 'fr-FR' }, 'de-DE'],
    ['/en-us/login/extra', {}, 'en-US'],
  ])('%s (%j) → 404 in %s, with its header and footer and no script', async (urlPath, headers, locale) => {
    const response = await get(urlPath, headers);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.text).toContain(`<html lang="${locale}">`);
    expect(response.text).toMatch(/<header[^>]*>.*<\/header>.*data-testid="not-found".*<footer/s);
    expect(response.text).not.toContain('<script');
    expect(response.text).not.toContain('EDITOR');
  });

  it('names the home page in the locale language', async () => {
    const response = await get('/fr-fr/nope/');
    expect(response.text).toContain(`<a href="/fr-fr/">Page d’accueil</a>`);
    expect(response.text).toContain(frFR.seo.siteName);
  });

  it('leaves the editor its own paths', async () => {
    for (const urlPath of ['/', '/documents/de-DE', '/signin']) {
      const response = await get(urlPath);
      expect([response.status, response.text], urlPath).toEqual([200, '<html>EDITOR</html>']);
    }
  });
});

describe('fromAcceptLanguage', () => {
  it('takes the best-quality range that names a config, exactly or by its language', () => {
    expect(fromAcceptLanguage('nl-BE;q=0.4, it;q=0.8')).toBe('it-IT');
    expect(fromAcceptLanguage('en-GB')).toBe('en-GB');
    expect(fromAcceptLanguage('ja, *;q=0.1')).toBeUndefined();
    expect(fromAcceptLanguage('de;q=0')).toBeUndefined();
    expect(fromAcceptLanguage(undefined)).toBeUndefined();
  });
});
