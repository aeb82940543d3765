/**
 * Publishing writes the prerendered visitor fragments (docs/rendering.md#fragments): each published locale's
 * header and footer and their stylesheet, listed in the manifest, served with the hashed files' caching,
 * immutable like them, and written again only when what they are rendered from changes.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement, lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, ManifestEntry } from '../../schemas/contracts/index';
import { findManifestProblem } from '../../runtime/config/manifest-check';
import { publishedDir } from '../storage/file-store';
import { writeSeedFixture } from '../test-support/seed-fixture';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { findClientRenderedPart, publicationClock } from './fragments';

let server: TestServer;
let seedRoot: string;
beforeAll(async () => {
  seedRoot = await mkdtemp(path.join(tmpdir(), 'fragments-seed-'));
  server = await startTestServer({ seedDir: await writeSeedFixture(seedRoot) });
  // The start renders them in the background.
  await server.started.fragments;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(seedRoot, { recursive: true, force: true });
});

const manifest = async (): Promise<Manifest> => (await server.call('GET', '/configs/manifest.json')).json as Manifest;
const fragmentsOnDisk = async () => (await readdir(path.join(publishedDir(server.configDir), 'fragments'))).sort();

async function publishDeDe(
  change: (content: { header: { public: { navItems: { title: string }[] } } }) => void,
): Promise<void> {
  const current = (await server.call('GET', '/api/documents/de-DE', { as: 'editor' })).json;
  change(current.content);
  const saved = await server.call('PUT', '/api/documents/de-DE', {
    as: 'editor',
    headers: { 'if-match': current.etag },
    body: { content: current.content, message: 'fragments test' },
  });
  expect(saved.status, saved.text).toBe(200);
  const published = await server.call('POST', '/api/documents/de-DE/publish', {
    as: 'editor',
    headers: { 'if-match': saved.json.etag },
  });
  expect(published.status, published.text).toBe(200);
}

describe('prerendered fragments', () => {
  it('are written for each published locale and listed in the manifest, which the shipped runtime still reads', async () => {
    const m = await manifest();
    // The seed publishes de-DE; en-GB is deliberately invalid, so it has neither a document nor fragments.
    expect(Object.keys(m.fragments?.locales ?? {})).toEqual(['de-DE']);
    expect(m.fragments!.css.file).toMatch(/^fragments\/shell\.[0-9a-f]{16}\.css$/);
    expect(m.fragments!.locales['de-DE']!.header.file).toMatch(/^fragments\/de-DE\.header\.[0-9a-f]{16}\.html$/);
    expect(m.format).toBe(1);
    expect(findManifestProblem(m)).toBeUndefined();
  });

  it('are served as HTML and CSS with the immutable caching of the hashed configs, and need no script', async () => {
    const m = await manifest();
    const { header, footer } = m.fragments!.locales['de-DE']!;
    const year = String(new Date().getUTCFullYear());
    for (const [entry, type] of [
      [header, 'text/html; charset=utf-8'],
      [footer, 'text/html; charset=utf-8'],
      [m.fragments!.css, 'text/css; charset=utf-8'],
    ] as [ManifestEntry, string][]) {
      const response = await fetch(`${server.url}/configs/${entry.file}`);
      expect(response.status, entry.file).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const text = await response.text();
      expect(text).not.toMatch(/<script/i);
      if (entry === header) expect(text).toMatch(/<header class="ps-root[^"]*"[^>]*data-header-type="public"/);
      if (entry === footer) expect(text).toContain(year);
      if (entry !== m.fragments!.css) expect(text).toContain(m.fragments!.css.file);
    }
  });

  it('a publication that changes nothing writes no fragment file; a changed header writes new ones and keeps the old', async () => {
    const before = await manifest();
    const filesBefore = await fragmentsOnDisk();
    const headerFile = path.join(publishedDir(server.configDir), before.fragments!.locales['de-DE']!.header.file);
    const mtimeBefore = (await stat(headerFile)).mtimeMs;

    // A new version with the same content: same published bytes, same fragments.
    await publishDeDe(() => undefined);
    expect(await fragmentsOnDisk()).toEqual(filesBefore);
    expect((await stat(headerFile)).mtimeMs).toBe(mtimeBefore);
    expect((await manifest()).fragments).toEqual(before.fragments);

    await publishDeDe((content) => {
      content.header.public.navItems[0]!.title = 'Fragmenttest';
    });
    const after = await manifest();
    const oldHeader = before.fragments!.locales['de-DE']!.header;
    const newHeader = after.fragments!.locales['de-DE']!.header;
    expect(newHeader.file).not.toBe(oldHeader.file);
    expect(await (await fetch(`${server.url}/configs/${newHeader.file}`)).text()).toContain('Fragmenttest');
    // The footer and the stylesheet did not change, so they are the same files.
    expect(after.fragments!.locales['de-DE']!.footer).toEqual(before.fragments!.locales['de-DE']!.footer);
    expect(after.fragments!.css).toEqual(before.fragments!.css);
    // A page or cache holding the old manifest still finds the old header.
    expect((await fetch(`${server.url}/configs/${oldHeader.file}`)).status).toBe(200);
    expect(await fragmentsOnDisk()).toEqual([...filesBefore, path.basename(newHeader.file)].sort());
  }, 30_000);

  it('refuses fragment names that are not a known locale and slot with their hash, and files whose bytes changed', async () => {
    const m = await manifest();
    for (const name of [
      'fragments/xx-XX.header.0123456789abcdef.html',
      'fragments/de-DE.main.0123456789abcdef.html',
      'fragments/manifest.json',
      'fragments/de-DE.header.0123456789abcdef.html',
    ])
      expect((await server.call('GET', `/configs/${name}`)).status, name).toBe(404);
    const file = path.join(publishedDir(server.configDir), m.fragments!.css.file);
    const bytes = await readFile(file);
    await writeFile(file, `${bytes.toString('utf8')}\n/* changed */`);
    try {
      expect((await server.call('GET', `/configs/${m.fragments!.css.file}`)).status).toBe(404);
    } finally {
      await writeFile(file, bytes);
    }
  });
});

describe('publicationClock', () => {
  it('gives the UTC year of the publication in every time zone, from its first to its last minute', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
        process.env.TZ = tz;
        for (const at of ['2026-01-01T00:00:00Z', '2026-12-31T23:59:59Z'])
          expect(publicationClock(new Date(at)).getFullYear(), `${at} in ${tz}`).toBe(2026);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('findClientRenderedPart', () => {
  it("finds the part React's server render left to the browser, with React's reason", () => {
    const Later = lazy(() => new Promise<{ default: () => null }>(() => undefined));
    const html = renderToString(
      createElement('footer', null, createElement(Suspense, { fallback: null }, createElement(Later))),
    );
    expect(findClientRenderedPart(html)).toMatch(/renderToString.*does not support Suspense/);
    expect(findClientRenderedPart(renderToString(createElement('footer', null, 'complete')))).toBeUndefined();
  });
});
