/**
 * The Content-Security-Policy of a server-rendered page allows the scripts the server writes into it (the template's,
 * the bundle loader, a customer build's early-calls script) and nothing the rendered content holds: an HTML injection
 * into the chrome stays refused (docs/rendering.md#content-security-policy). The injection is planted into the
 * render's output, as a render bug or a hostile config that escaped escaping would leave it.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EARLY_CALLS_FILE } from '../frontend/early-calls-file';
import { createStaticFrontend } from '../frontend/static-frontend';
import { REPO_ROOT } from '../test-support/seed-fixture';
import { startTestServer, type TestServer } from '../test-support/test-server';

const PLANTED_CODE = 'alert(1)';
const PLANTED = `<script>${PLANTED_CODE}</script>`;

vi.mock('../../runtime/render/render-portal-page', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../runtime/render/render-portal-page')>();
  return {
    ...actual,
    renderPortalPage: (...args: Parameters<typeof actual.renderPortalPage>) => {
      const rendered = actual.renderPortalPage(...args);
      return { ...rendered, head: `${rendered.head}${PLANTED}`, root: `${PLANTED}${rendered.root}` };
    },
  };
});
vi.mock('../../runtime/render/render-not-found-page', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../runtime/render/render-not-found-page')>();
  return {
    ...actual,
    renderNotFoundPage: (...args: Parameters<typeof actual.renderNotFoundPage>) => {
      const rendered = actual.renderNotFoundPage(...args);
      return { ...rendered, root: `${PLANTED}${rendered.root}` };
    },
  };
});

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const scriptSources = (policy: string | string[] | undefined | null) =>
  String(policy ?? '')
    .split(/;\s*/)
    .find((d) => d.startsWith('script-src '))!
    .split(' ')
    .slice(1);
/** The text of every inline classic script of `html` that is not the planted one. */
const ownInlineScripts = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).filter((code) => code !== PLANTED_CODE);

/** portal.html of a customer build (VITE_MOCKS=off) with an inline script of its own, as a mocks build's worker registration. */
const PORTAL_HTML =
  '<!doctype html><html lang="en"><head><script>window.__templateScript = 1;</script><title>Depona</title><script type="module" crossorigin src="/assets/portal-1a2b.js"></script><link rel="modulepreload" crossorigin href="/assets/chunk-5e6f.js"><link rel="stylesheet" crossorigin href="/assets/portal-3c4d.css"></head><body><div id="root"></div></body></html>';
const EARLY_CODE = 'window.__earlyCallsRan = "customer build";';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'dist-csp-'));
  await writeFile(path.join(dist, 'index.html'), '<html>EDITOR</html>');
  await writeFile(path.join(dist, 'portal.html'), PORTAL_HTML);
  await writeFile(path.join(dist, EARLY_CALLS_FILE), EARLY_CODE);
  server = await startTestServer({
    seedDir: path.join(REPO_ROOT, 'config'),
    frontend: async () => createStaticFrontend(dist),
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

describe("a script planted into the rendered page is refused by the page's own policy", () => {
  it.each([
    ["a visitor's page", '/de-de/', ''],
    ["a logged-in customer's page", '/de-de/dashboard/', 'ps_session=1'],
  ])(
    "%s: the planted script's hash is not in script-src; the template's script, the loader and the early script are",
    async (_what, urlPath, cookie) => {
      const page = await server.call('GET', urlPath, { headers: { cookie } });
      expect(page.status).toBe(200);
      // The plant took: the page as sent holds the injected script twice, in the head and in the chrome.
      expect(page.text.split(PLANTED)).toHaveLength(3);
      const sources = scriptSources(page.headers.get('content-security-policy'));
      expect(sources).not.toContain(sha256(PLANTED_CODE));
      expect(sources).not.toContain("'unsafe-inline'");
      const own = ownInlineScripts(page.text);
      expect(own).toContain('window.__templateScript = 1;');
      expect(
        own.some((code) => code.startsWith('(function (entries')),
        'the bundle loader',
      ).toBe(true);
      if (cookie) expect(own).toContain(EARLY_CODE);
      for (const code of own) expect(sources, code.slice(0, 40)).toContain(sha256(code));
      // Nothing else: a source for anything the page does not hold by construction would be a hole.
      expect(sources.filter((s) => s.startsWith("'sha256-")).sort()).toEqual(own.map(sha256).sort());
    },
  );

  it("the 404 (which keeps no script, its render's included) allows no inline script at all", async () => {
    const page = await server.call('GET', '/de-de/nope/');
    expect(page.status).toBe(404);
    expect(page.text).not.toContain('<script');
    expect(scriptSources(page.headers.get('content-security-policy')).filter((s) => s.startsWith("'sha256-"))).toEqual(
      [],
    );
  });

  it('the state island (JSON, never run) needs no source', async () => {
    const page = await server.call('GET', '/de-de/');
    const island = /<script type="application\/json" id="ps-portal-state">([\s\S]*?)<\/script>/.exec(page.text)![1]!;
    expect(scriptSources(page.headers.get('content-security-policy'))).not.toContain(sha256(island));
  });
});
