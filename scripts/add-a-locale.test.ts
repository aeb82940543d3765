/**
 * The proof that adding a locale is a config change (docs/how-to.md#add-a-locale): a copy of config/ gets a
 * 14th locale, fr-BE, by exactly the two steps of the recipe: its config file (fr-FR.json copied, its locale
 * and base path set) and its registry entry in locales.json (plus its market
 * in markets.json, so the picker lists it). No source file changes. Code reads the registry at build time, so
 * the test stands in for a build of that copy: every module is imported afresh with config/locales.json
 * replaced by the copy's registry.
 */
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ConfigId, LocaleConfig, LocaleRegistry, MarketsDocument } from '../schemas/generated/config-types';

/** Not a ConfigId of this build: the type is generated from the shipped registry (npm run gen:types). */
const NEW_LOCALE = 'fr-BE' as ConfigId;
let configDir: string;
let registry: LocaleRegistry;

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

beforeAll(async () => {
  configDir = path.join(await mkdtemp(path.join(tmpdir(), 'add-a-locale-')), 'config');
  await cp('config', configDir, { recursive: true });
  // Step 1: the config file, copied from another locale.
  const config = await readJson<LocaleConfig & Record<string, unknown>>(path.join(configDir, 'fr-FR.json'));
  await writeFile(
    path.join(configDir, `${NEW_LOCALE}.json`),
    JSON.stringify({ ...config, locale: NEW_LOCALE, basePath: '/fr-be' }, null, 2),
  );
  // Step 2: the registry entry.
  registry = await readJson<LocaleRegistry>(path.join(configDir, 'locales.json'));
  registry.locales.push({ id: NEW_LOCALE, country: 'BE', currency: 'EUR', hostEndings: ['.be'], flag: 'be' });
  await writeFile(path.join(configDir, 'locales.json'), JSON.stringify(registry, null, 2));
  // The market picker's content: a market entry pointing at the new locale.
  const markets = await readJson<MarketsDocument>(path.join(configDir, 'markets.json'));
  markets.markets.splice(-1, 0, {
    id: 'be',
    flag: 'be',
    country: 'Belgique',
    link: '/fr-be/',
    locale: NEW_LOCALE,
    preferredLocale: NEW_LOCALE,
    redirectTarget: { alpha2: 'BE', alpha3: 'BEL' },
  });
  await writeFile(path.join(configDir, 'markets.json'), JSON.stringify(markets, null, 2));

  vi.resetModules();
  vi.doMock('../config/locales.json', () => ({ default: registry }));
});

afterAll(async () => {
  vi.doUnmock('../config/locales.json');
  vi.doUnmock('node:worker_threads');
  vi.resetModules();
  await rm(path.dirname(configDir), { recursive: true, force: true });
});

/** Every file of the copy, as the validate CLI reads a directory. */
async function configFiles() {
  const names = (await readdir(configDir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => ({
      file: `config/${name}`,
      bytes: new Uint8Array(await readFile(path.join(configDir, name))),
    })),
  );
}

async function validatedDocuments() {
  const { validateDocumentSet } = await import('../schemas/validator/index');
  return validateDocumentSet(await configFiles(), { requireAll: true, dirLabel: 'config' });
}

describe(`adding ${NEW_LOCALE} with a config file and a registry entry`, () => {
  it('makes it a document id the validator accepts, with every document of the directory valid', async () => {
    const { DOCUMENT_IDS } = await import('../schemas/validator/documents');
    expect(DOCUMENT_IDS).toContain(NEW_LOCALE);
    expect(DOCUMENT_IDS).toHaveLength(16);
    const report = await validatedDocuments();
    expect(report.problems).toEqual([]);
    expect(report.documents.map((d) => d.id)).toContain(NEW_LOCALE);
  });

  it('gives the runtime its mappings: route, config choice, country and host ending', async () => {
    const { matchPortalRoute } = await import('../server/portal-routes');
    const { COUNTRY_LOCALES } = await import('../runtime/data/derive-customer');
    const { marketLanguageFromLocation } = await import('../runtime/api/environment');
    const { chooseConfig } = await import('../runtime/resolver/choose-config');
    expect(matchPortalRoute('/fr-be/login/')).toEqual({ route: '/:locale/login/', locale: NEW_LOCALE });
    expect(chooseConfig('fr-be', 'dashboard')).toEqual({ ok: true, configId: NEW_LOCALE, fellBack: false });
    expect(COUNTRY_LOCALES.BE).toBe(NEW_LOCALE);
    expect(marketLanguageFromLocation('www.depona.be', '/')).toBe('fr');
  });

  it('resolves and renders its header, with its links under /fr-be/', async () => {
    const report = await validatedDocuments();
    const value = (id: string) => report.documents.find((d) => d.id === id)!.value;
    const { resolveShellHeader } = await import('../runtime/resolver/resolve-shell');
    const { visitor } = await import('../runtime/resolver/__fixtures__/contexts');
    const model = resolveShellHeader(
      {
        config: value(NEW_LOCALE) as LocaleConfig,
        fallback: value('en') as LocaleConfig,
        markets: (value('markets') as MarketsDocument).markets,
      },
      visitor(NEW_LOCALE),
    );
    expect(model.configId).toBe(NEW_LOCALE);
    expect(model.logoItems[0]?.link.href).toBe('/fr-be/');

    const { Header } = await import('../runtime/components/Header/Header');
    const html = renderToStaticMarkup(createElement(Header, { model, onLogout: () => {}, onSwitchAccount: () => {} }));
    expect(html).toContain('<header');
    expect(html).toContain('href="/fr-be/"');
  });

  it('is listed and published by the config service started on the copy', async () => {
    // The service validates in a worker thread, which loads the registry on its own; without a thread it
    // validates in this one (server/documents/validation-thread.ts), where the copy's registry is in place.
    vi.doMock('node:worker_threads', () => ({
      Worker: class {
        constructor() {
          throw new Error('no worker thread in this test');
        }
      },
    }));
    const { startTestServer } = await import('../server/test-support/test-server');
    const server = await startTestServer({ seedDir: configDir });
    try {
      const list = await server.call('GET', '/api/documents', { as: 'viewer' });
      expect(list.status).toBe(200);
      const entry = (list.json.documents as { id: string; kind: string; valid: boolean; published?: unknown }[]).find(
        (d) => d.id === NEW_LOCALE,
      );
      expect(entry).toMatchObject({
        id: NEW_LOCALE,
        kind: 'locale',
        valid: true,
        published: expect.objectContaining({ version: 1 }),
      });
    } finally {
      await server.close();
    }
  });
});
