/** The config service's server-rendered portal pages and 404 (docs/rendering.md), over the shipped configs. */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import deDE from '../../config/de-DE.json';
import frFR from '../../config/fr-FR.json';
import { EARLY_CALLS_FILE } from '../frontend/early-calls-file';
import { createStaticFrontend } from '../frontend/static-frontend';
import { REPO_ROOT } from '../test-support/seed-fixture';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { fillPageTemplate } from './page-template';
import { portalPageCss } from './portal-css';
import { fromAcceptLanguage } from './portal-pages';

/** portal.html as `vite build` writes it: a title to replace, the root to fill, the bundle to keep or drop. */
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
const state = (html: string) =>
  JSON.parse(/<script type="application\/json" id="ps-portal-state">(.*?)<\/script>/s.exec(html)![1]!) as {
    pathname: string;
    loggedIn: boolean;
    configId: string;
  };

describe('a portal page, rendered on the server', () => {
  it('holds the complete visitor header and footer, the state to hydrate from, and the bundle', async () => {
    const response = await get('/de-de/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('<html lang="de-DE">');
    expect(response.text).toContain(`<title>${deDE.seo.metaTitle}</title>`);
    expect(response.text).toMatch(
      /<div id="root">.*<header[^>]*>.*<\/header>.*<footer[^>]*>.*<\/footer>.*<\/div><script type="application\/json"/s,
    );
    for (const item of deDE.header.public.navItems)
      expect(response.text).toContain(`>${item.title.replace(/'/g, '&#x27;')}<`);
    // docs/rendering.md#the-first-paint: the bundle is loaded by the script last in <body>, after the first paint.
    expect(response.text).not.toContain('<script type="module"');
    expect(response.text).toMatch(/\(\["\/assets\/portal-1a2b\.js"\],\[\],"first-paint"\);<\/script><\/body>/);
    expect(state(response.text)).toMatchObject({ pathname: '/de-de/', loggedIn: false, configId: 'de-DE' });
  });

  it('is cached publicly for a minute and revalidated by its ETag', async () => {
    const first = await get('/de-de/login/');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    // docs/rendering.md#caching: a visitor's banner can come from Accept-Language, the coding from Accept-Encoding.
    expect(first.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
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
    // docs/rendering.md#hydration: the bundle evaluates while the page parses, so hydration can wait for the first calls.
    expect(response.text).toContain('<script type="module" async src="/assets/portal-1a2b.js">');
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

describe('the inline early-calls script (docs/rendering.md#the-customers-first-load)', () => {
  /** portal.html of a customer build: vite build links the stylesheet after the title. */
  const CUSTOMER_PORTAL_HTML =
    '<!doctype html><html lang="en"><head><title>Depona</title><script type="module" crossorigin src="/assets/portal-1a2b.js"></script><link rel="stylesheet" crossorigin href="/assets/portal-3c4d.css"></head><body><div id="root"></div></body></html>';
  /** Stands in for the compiled runtime/host/early-calls.ts (run for real in scripts/build-early-calls.test.ts). */
  const EARLY_CODE = 'window.__earlyCallsRan = "customer build";';
  const hashSource = `'sha256-${createHash('sha256').update(EARLY_CODE).digest('base64')}'`;
  const scriptSources = (policy: string | null) =>
    (policy ?? '')
      .split(/;\s*/)
      .find((d) => d.startsWith('script-src '))!
      .split(' ')
      .slice(1);

  let customerBuild: TestServer;
  let customerDist: string;
  beforeAll(async () => {
    customerDist = await mkdtemp(path.join(tmpdir(), 'dist-customer-'));
    await writeFile(path.join(customerDist, 'index.html'), '<html>EDITOR</html>');
    await writeFile(path.join(customerDist, 'portal.html'), CUSTOMER_PORTAL_HTML);
    await writeFile(path.join(customerDist, EARLY_CALLS_FILE), EARLY_CODE);
    customerBuild = await startTestServer({
      seedDir: path.join(REPO_ROOT, 'config'),
      frontend: async () => createStaticFrontend(customerDist),
    });
  }, 60_000);
  afterAll(async () => {
    await customerBuild?.close();
    await rm(customerDist, { recursive: true, force: true });
  });

  it("a logged-in customer's page of a customer build runs it before any stylesheet, allowed by its hash", async () => {
    const response = await customerBuild.call('GET', '/de-de/dashboard/', { headers: { cookie: 'ps_session=1' } });
    expect(response.status).toBe(200);
    const html = response.text;
    const script = html.indexOf(`<script>${EARLY_CODE}</script>`);
    expect(script).toBeGreaterThan(html.indexOf('<head>'));
    expect(script).toBeLessThan(html.indexOf('<title>'));
    expect(script).toBeLessThan(html.indexOf('<style>'));
    expect(html).not.toContain('rel="stylesheet"');
    expect(html.split(EARLY_CODE)).toHaveLength(2); // once
    expect(scriptSources(response.headers.get('content-security-policy'))).toContain(hashSource);
    expect(scriptSources(response.headers.get('content-security-policy'))).not.toContain("'unsafe-inline'");
  });

  it('a page of a built template carries the portal CSS in place of the stylesheet link (docs/rendering.md#the-first-paint)', async () => {
    for (const [urlPath, cookie] of [
      ['/de-de/', ''],
      ['/de-de/dashboard/', 'ps_session=1'],
    ] as const) {
      const html = (await customerBuild.call('GET', urlPath, { headers: { cookie } })).text;
      expect(html, urlPath).not.toContain('rel="stylesheet"');
      expect(html.split('<style>'), urlPath).toHaveLength(2);
      expect(html, urlPath).toContain(`<style>${portalPageCss()}</style></head>`);
    }
  });

  it("a visitor's page loads the bundle once painted, a customer's right after the early calls, by loaders their policies allow by hash", async () => {
    const visitor = await customerBuild.call('GET', '/de-de/');
    const loader = /<script>(\(function \(entries[\s\S]*?)<\/script><\/body>/.exec(visitor.text)![1]!;
    expect(loader).toContain('(["/assets/portal-1a2b.js"],[],"first-paint");');
    expect(visitor.text).not.toContain('<script type="module"');
    expect(scriptSources(visitor.headers.get('content-security-policy'))).toContain(
      `'sha256-${createHash('sha256').update(loader).digest('base64')}'`,
    );
    const customer = await customerBuild.call('GET', '/de-de/dashboard/', { headers: { cookie: 'ps_session=1' } });
    // docs/rendering.md#the-customers-first-load: nothing in the HTML for the preload scanner to request before the calls.
    expect(customer.text).not.toContain('<script type="module"');
    const customerLoader = new RegExp(
      `<script>${EARLY_CODE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</script><script>(\\(function \\(entries[\\s\\S]*?)</script>`,
    ).exec(customer.text)?.[1];
    expect(customerLoader, 'the loader follows the early script').toContain(
      '(["/assets/portal-1a2b.js"],[],"first-answers");',
    );
    expect(scriptSources(customer.headers.get('content-security-policy'))).toContain(
      `'sha256-${createHash('sha256').update(customerLoader!).digest('base64')}'`,
    );
  });

  it("a visitor's page of the same build has no such script and no hash for it", async () => {
    for (const urlPath of ['/de-de/', '/de-de/login/']) {
      const response = await customerBuild.call('GET', urlPath);
      expect(response.status, urlPath).toBe(200);
      expect(response.text, urlPath).not.toContain(EARLY_CODE);
      expect(scriptSources(response.headers.get('content-security-policy')), urlPath).not.toContain(hashSource);
    }
  });

  it('a mocks build (no script file) sends a logged-in customer no inline script: its calls wait for the mock worker', async () => {
    const response = await get('/de-de/dashboard/', { cookie: 'ps_session=1' });
    expect(state(response.text).loggedIn).toBe(true);
    expect(response.text).not.toMatch(/<script>/);
    // The one script element left is the state (JSON, never run), which is content: the policy allows no inline script
    // (docs/rendering.md#content-security-policy).
    expect(response.text).toContain('<script type="application/json" id="ps-portal-state">');
    expect(
      scriptSources(response.headers.get('content-security-policy')).filter((source) => source.startsWith("'sha256-")),
    ).toEqual([]);
  });

  it('refuses, at start, a script that would end its element early', async () => {
    const broken = await mkdtemp(path.join(tmpdir(), 'dist-broken-'));
    try {
      await writeFile(path.join(broken, EARLY_CALLS_FILE), 'document.write("</script><b>")');
      expect(() => createStaticFrontend(broken)).toThrow(
        new RegExp(`${EARLY_CALLS_FILE} contains "</script" or "<!--".*npm run build`),
      );
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('refuses a page template that links a stylesheet before the title, where the script would wait for it', () => {
    const stylesheetFirst =
      '<html lang="en"><head><link rel="stylesheet" href="/a.css"><title>x</title></head><body><div id="root"></div></body></html>';
    const parts = { lang: 'de-DE', head: '<title>y</title>', root: '' };
    expect(() => fillPageTemplate(stylesheetFirst, { ...parts, earlyScript: '<script>1</script>' })).toThrow(
      /stylesheet before <title>/,
    );
    expect(fillPageTemplate(stylesheetFirst, parts)).toContain('<title>y</title>');
  });
});
