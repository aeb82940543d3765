/**
 * The country banner of a server-rendered portal page (docs/rendering.md#who-gets-what): from `?country=`, the
 * `country_choice` cookie or, for a visitor, Accept-Language; and the caching that follows (docs/rendering.md#caching).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticFrontend } from '../frontend/static-frontend';
import { REPO_ROOT } from '../test-support/seed-fixture';
import { startTestServer, type TestServer } from '../test-support/test-server';

const PORTAL_HTML =
  '<!doctype html><html lang="en"><head><title>Depona</title></head><body><div id="root"></div><script type="module" src="/assets/portal-1a2b.js"></script></body></html>';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'dist-client-'));
  await writeFile(path.join(dist, 'index.html'), '<html>EDITOR</html>');
  await writeFile(path.join(dist, 'portal.html'), PORTAL_HTML);
  server = await startTestServer({
    seedDir: path.join(REPO_ROOT, 'config'),
    frontend: async () => createStaticFrontend(dist),
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (urlPath: string, headers: Record<string, string> = {}) => server.call('GET', urlPath, { headers });
const banner = (html: string) =>
  /<div role="region"[^>]*data-testid="country-banner".*?<p[^>]*>(.*?)<\/p>/s.exec(html)?.[1];
const stateCountry = (html: string) =>
  (
    JSON.parse(/<script type="application\/json" id="ps-portal-state">(.*?)<\/script>/s.exec(html)![1]!) as {
      country?: string;
    }
  ).country;

const FRENCH = 'fr-FR,fr;q=0.9';

describe('the country banner from Accept-Language', () => {
  it('suggests France on a German page to a browser that prefers French, and carries the choice to the client', async () => {
    const response = await get('/de-de/', { 'accept-language': FRENCH });
    expect(response.status).toBe(200);
    // The German page names the country in German, after the colon of its text (docs/rules.md#country-banner).
    expect(banner(response.text)).toBe(
      'Wir empfehlen Ihnen die Depona-Seite für dieses Land: Frankreich. Möchten Sie dorthin wechseln?',
    );
    expect(stateCountry(response.text)).toBe('fr');
  });

  it('takes the weights into account: a French range weighted below German suggests nothing on a German page', async () => {
    const response = await get('/de-de/login/', { 'accept-language': 'fr;q=0.5, de-AT;q=0.8' });
    expect(banner(response.text)).toBeUndefined();
    expect(stateCountry(response.text)).toBeUndefined();
  });

  it('shows none when the preferred language is the page’s', async () => {
    const response = await get('/fr-fr/', { 'accept-language': FRENCH });
    expect(banner(response.text)).toBeUndefined();
    expect(stateCountry(response.text)).toBeUndefined();
  });

  it('ignores a malformed header', async () => {
    const response = await get('/de-de/', { 'accept-language': 'fr_FR;q=2, ;;, *-x' });
    expect(response.status).toBe(200);
    expect(banner(response.text)).toBeUndefined();
  });

  it('lets an explicit ?country= win', async () => {
    const response = await get('/de-de/?country=it', { 'accept-language': FRENCH });
    expect(banner(response.text)).toContain(': Italien.');
    expect(stateCountry(response.text)).toBe('it');
  });

  it('lets the country_choice cookie win, and an emptied cookie (a choice made) suggest nothing', async () => {
    const chosen = await get('/de-de/', { 'accept-language': FRENCH, cookie: 'country_choice=nl' });
    expect(banner(chosen.text)).toContain(': Niederlande.');
    const emptied = await get('/de-de/', { 'accept-language': FRENCH, cookie: 'country_choice=' });
    expect(banner(emptied.text)).toBeUndefined();
  });

  it('suggests nothing to a logged-in customer from the browser’s languages', async () => {
    const response = await get('/de-de/dashboard/', { 'accept-language': FRENCH, cookie: 'ps_session=1' });
    expect(response.status).toBe(200);
    expect(banner(response.text)).toBeUndefined();
  });
});

describe('caching of a page that varies by Accept-Language', () => {
  it('names Accept-Language in Vary for a visitor, and gives each banner its own ETag', async () => {
    const french = await get('/de-de/', { 'accept-language': FRENCH });
    const german = await get('/de-de/', { 'accept-language': 'de-DE' });
    for (const response of [french, german]) {
      expect(response.headers.get('cache-control')).toBe('public, max-age=60');
      expect(response.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    }
    expect(french.headers.get('etag')).not.toBe(german.headers.get('etag'));
    // Same bytes, same validator: a cache holding the German variant revalidates it to a 304.
    const again = await get('/de-de/', { 'accept-language': 'de', 'if-none-match': german.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('keeps a customer’s page out of every cache', async () => {
    const response = await get('/de-de/dashboard/', { 'accept-language': FRENCH, cookie: 'ps_session=1' });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('etag')).toBeNull();
  });
});
