/**
 * Pages a flood cannot stall (docs/rendering.md#the-page-cache, docs/operations.md#render-threads,
 * docs/operations.md#compression), attacked as a visitor would: made-up query values by the thousand, a flood of
 * pages that each need a render while /healthz is probed, a publication (here and on another instance), and
 * the bytes on the wire. Renders are counted where they happen: runtime/render's renderPortalPage is wrapped in
 * this process, so a page rendered in a render thread is not counted here.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import markets from '../../config/markets.json';
import { createStaticFrontend } from '../frontend/static-frontend';
import { startPgCluster, type PgCluster } from '../test-support/pg-cluster';
import { REPO_ROOT } from '../test-support/seed-fixture';
import { startTestServer, type TestServer } from '../test-support/test-server';

const renders = vi.hoisted(() => ({ inThisThread: 0, notFound: 0 }));
vi.mock('../../runtime/render/render-portal-page', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../runtime/render/render-portal-page')>();
  return {
    ...actual,
    renderPortalPage: (...args: Parameters<typeof actual.renderPortalPage>) => {
      renders.inThisThread++;
      return actual.renderPortalPage(...args);
    },
  };
});

vi.mock('../../runtime/render/render-not-found-page', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../runtime/render/render-not-found-page')>();
  return {
    ...actual,
    renderNotFoundPage: (...args: Parameters<typeof actual.renderNotFoundPage>) => {
      renders.notFound++;
      return actual.renderNotFoundPage(...args);
    },
  };
});

/** portal.html as `vite build` writes it: a title, the root, the bundle. */
const PORTAL_HTML =
  '<!doctype html><html lang="en"><head><title>Depona</title></head><body><div id="root"></div><script type="module" src="/assets/portal-1a2b.js"></script></body></html>';
/** A built script larger than the compression threshold. */
const ASSET = `console.log(${JSON.stringify('x'.repeat(4000))});`;
/** Room for about three pages with their compressed forms (a page is 100–160 KB): eight pages cannot all stay. */
const SMALL_CACHE_BYTES = 450_000;

let dist: string;
/** Renders in this thread, the file store, a small page cache. */
let server: TestServer;
beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'dist-flood-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<html>EDITOR</html>');
  await writeFile(path.join(dist, 'portal.html'), PORTAL_HTML);
  await writeFile(path.join(dist, 'assets', 'portal-1a2b.js'), ASSET);
  server = await startTestServer({
    seedDir: path.join(REPO_ROOT, 'config'),
    frontend: async () => createStaticFrontend(dist),
    pageCacheBytes: SMALL_CACHE_BYTES,
  });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(dist, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body arrives as sent (fetch would decode it and hide the coding). */
function raw(base: string, urlPath: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, { headers, agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** The renders in this thread that `work` caused. */
async function rendersDuring(work: () => Promise<unknown>): Promise<number> {
  const before = renders.inThisThread;
  await work();
  return renders.inThisThread - before;
}

const varyNames = (headers: http.IncomingHttpHeaders) =>
  String(headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

async function republish(target: TestServer, id: string, marker: string): Promise<void> {
  const { json: draft } = await target.call('GET', `/api/documents/${id}`, { as: 'editor' });
  draft.content.seo.metaTitle = marker;
  const saved = await target.call('PUT', `/api/documents/${id}`, {
    as: 'editor',
    headers: { 'if-match': draft.etag },
    body: { content: draft.content, message: marker },
  });
  expect(saved.status, saved.text).toBe(200);
  const published = await target.call('POST', `/api/documents/${id}/publish`, {
    as: 'editor',
    headers: { 'if-match': saved.json.etag },
  });
  expect(published.status, published.text).toBe(200);
}

describe('made-up query values', () => {
  // The start's fragment render rewrites the manifest, which empties the page cache: wait for it.
  beforeAll(() => server.started.fragments);

  /** `urls` one after another, then all at once: the renders they cost and the distinct pages (ETags) they got. */
  async function flood(urls: string[]): Promise<{ rendered: number; pages: number }> {
    const etags = new Set<string>();
    const rendered = await rendersDuring(async () => {
      for (const url of urls.slice(0, 20)) etags.add(String((await raw(server.url, url)).headers.etag));
      const together = await Promise.all(urls.slice(20).map((url) => raw(server.url, url)));
      for (const response of together) {
        expect(response.status).toBe(200);
        etags.add(String(response.headers.etag));
      }
    });
    return { rendered, pages: etags.size };
  }

  it('render one page: 200 unknown distributors and parameters the page does not read', async () => {
    const urls = Array.from({ length: 100 }, (_, i) => [
      `/de-de/?distributor=flood-${i}`,
      `/de-de/?utm_source=${i}&distributor=x${i}&ref=${i}`,
    ]).flat();
    expect(await flood(urls)).toEqual({ rendered: 1, pages: 1 });
  });

  it('render one page: 200 countries that name no market (no banner, whichever)', async () => {
    const urls = Array.from({ length: 200 }, (_, i) => `/de-de/?country=zz${i}`);
    expect(await flood(urls)).toEqual({ rendered: 1, pages: 1 });
  });

  it('render one 404 per locale: 100 made-up paths under /nl-nl/', async () => {
    const before = renders.notFound;
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => raw(server.url, `/nl-nl/made-up-${i}/`)));
    expect(answers.every((answer) => answer.status === 404)).toBe(true);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    expect(renders.notFound - before).toBe(1);
  });

  it('still render each market the banner can suggest: ?country= of a real market is its own page', async () => {
    const ids = markets.markets
      .map((market) => market.id)
      .filter((id) => id !== 'de')
      .slice(0, 3);
    const rendered = await rendersDuring(async () => {
      for (const id of ids)
        for (const url of [`/de-de/login/?country=${id}`, `/de-de/login/?country=${id.toUpperCase()}&x=1`])
          await raw(server.url, url);
    });
    expect(rendered).toBe(ids.length);
  });
});

describe('the page cache', () => {
  const homes = ['/de-de/', '/de-at/', '/fr-fr/', '/nl-nl/', '/es-es/', '/en-gb/', '/en-ie/', '/pl-pl/'];

  it('is bounded: with room for a few pages, the least recently used page is rendered again, the latest is not', async () => {
    for (const url of homes) expect((await raw(server.url, url)).status, url).toBe(200);
    expect(await rendersDuring(() => raw(server.url, homes.at(-1)!))).toBe(0);
    expect(await rendersDuring(() => raw(server.url, homes[0]!))).toBe(1);
  });

  it('is emptied by a publication, even of a document the page does not read', async () => {
    const page = '/it-it/';
    expect(await rendersDuring(async () => (await raw(server.url, page), await raw(server.url, page)))).toBe(1);
    await republish(server, 'de-AT', 'Depona Österreich, neu');
    expect(await rendersDuring(() => raw(server.url, page))).toBe(1);
  });
});

describe('compression', () => {
  it('sends a page in Brotli (≤ 25 KB) or gzip by Accept-Encoding, the same HTML as without, with Vary and a working 304', async () => {
    const plain = await raw(server.url, '/de-de/');
    const br = await raw(server.url, '/de-de/', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await raw(server.url, '/de-de/', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect([br.headers['content-encoding'], gzip.headers['content-encoding']]).toEqual(['br', 'gzip']);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(br.body.byteLength).toBeLessThanOrEqual(25 * 1024);
    for (const response of [plain, br, gzip])
      expect(varyNames(response.headers)).toEqual(['cookie', 'accept-language', 'accept-encoding']);
    expect(new Set([plain, br, gzip].map((r) => r.headers.etag)).size).toBe(1);
    const revalidated = await raw(server.url, '/de-de/', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect([revalidated.status, revalidated.body.byteLength]).toEqual([304, 0]);
    expect(varyNames(revalidated.headers)).toContain('accept-encoding');
  });

  it('compresses the API’s JSON, the published configs and the built files, and names Accept-Encoding in Vary either way', async () => {
    const cookie = await server.cookie('editor');
    const manifest = JSON.parse((await raw(server.url, '/configs/manifest.json')).body.toString()) as {
      documents: Record<string, { file: string }>;
    };
    for (const [url, headers] of [
      ['/api/documents', { cookie }],
      [`/configs/${manifest.documents['de-DE']!.file}`, {}],
      ['/assets/portal-1a2b.js', {}],
    ] as const) {
      const encoded = await raw(server.url, url, { ...headers, 'accept-encoding': 'br' });
      const plain = await raw(server.url, url, headers);
      expect([encoded.status, encoded.headers['content-encoding']], url).toEqual([200, 'br']);
      expect(brotliDecompressSync(encoded.body).equals(plain.body), url).toBe(true);
      for (const response of [encoded, plain]) expect(varyNames(response.headers), url).toContain('accept-encoding');
    }
  });

  it('leaves the presence stream uncompressed: its first event arrives as it is written', async () => {
    const cookie = await server.cookie('editor');
    const first = await new Promise<{ encoding: string | undefined; type: string | undefined; chunk: string }>(
      (resolve, reject) => {
        const request = http.get(
          `${server.url}/api/presence/stream?document=de-DE`,
          { agent: false, headers: { cookie, accept: 'text/event-stream', 'accept-encoding': 'br, gzip' } },
          (response) => {
            response.once('data', (chunk: Buffer) => {
              resolve({
                encoding: response.headers['content-encoding'],
                type: response.headers['content-type'],
                chunk: chunk.toString('utf8'),
              });
              request.destroy();
            });
          },
        );
        request.on('error', reject);
      },
    );
    expect(first.encoding).toBeUndefined();
    expect(first.type).toMatch(/^text\/event-stream/);
    expect(first.chunk).toMatch(/^(:|event:|data:|retry:)/m);
  });
});

describe('a flood of pages that each need a render', () => {
  /** Renders in one thread, keeps no page: every request is a render. */
  let flooded: TestServer;
  beforeAll(async () => {
    flooded = await startTestServer({
      seedDir: path.join(REPO_ROOT, 'config'),
      frontend: async () => createStaticFrontend(dist),
      pageCacheBytes: 0,
      renderThreads: 1,
    });
  }, 60_000);
  afterAll(async () => {
    await flooded?.close();
  });

  it('renders none of them in the event loop’s thread, and /healthz answers all the while', async () => {
    // Distinct pages (a market banner each), so no two requests share a render.
    const pages = markets.markets.map((market) => ({ url: '/de-de/login/', cookie: `country_choice=${market.id}` }));
    const before = renders.inThisThread;
    const started = performance.now();
    let outstanding = 0;
    let next = 0;
    const statuses: number[] = [];
    const client = async () => {
      while (next < pages.length) {
        const page = pages[next++]!;
        outstanding++;
        const response = await raw(flooded.url, page.url, { cookie: page.cookie });
        outstanding--;
        statuses.push(response.status);
        expect(response.body.toString()).toContain('id="ps-portal-state"');
      }
    };
    const flood = Promise.all(Array.from({ length: 8 }, client));
    const healthAnsweredDuringFlood: number[] = [];
    while (next < pages.length) {
      const response = await raw(flooded.url, '/healthz');
      expect(response.status).toBe(200);
      if (outstanding > 0) healthAnsweredDuringFlood.push(outstanding);
      // A probe's pace, not a wait for anything: back to back, the probes would take the CPU the renders need.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await flood;
    console.log(
      `flood: ${statuses.length} pages in ${Math.round(performance.now() - started)} ms; healthz answered ${healthAnsweredDuringFlood.length} times during it`,
    );
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(renders.inThisThread - before).toBe(0);
    expect(healthAnsweredDuringFlood.length).toBeGreaterThanOrEqual(3);
  }, 120_000);
});

describe('two instances on one PostgreSQL', () => {
  let cluster: PgCluster;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    cluster = await startPgCluster();
    const databaseUrl = await cluster.createDatabase();
    const options = {
      seedDir: path.join(REPO_ROOT, 'config'),
      frontend: async () => createStaticFrontend(dist),
      databaseUrl,
    };
    a = await startTestServer(options);
    b = await startTestServer(options);
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cluster?.stop();
  });

  it('empty the other’s page cache when one publishes', async () => {
    const page = '/nl-nl/';
    expect(await rendersDuring(async () => (await raw(b.url, page), await raw(b.url, page)))).toBe(1);
    const before = JSON.parse((await raw(b.url, '/configs/manifest.json')).body.toString()) as {
      documents: Record<string, { file: string }>;
    };
    await republish(a, 'de-AT', 'Depona Österreich, von A');
    // B hears of it by NOTIFY; its manifest moves with the same notification.
    await vi.waitFor(
      async () => {
        const now = JSON.parse((await raw(b.url, '/configs/manifest.json')).body.toString()) as {
          documents: Record<string, { file: string }>;
        };
        expect(now.documents['de-AT']!.file).not.toBe(before.documents['de-AT']!.file);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(await rendersDuring(() => raw(b.url, page))).toBe(1);
  }, 60_000);
});
