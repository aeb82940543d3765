import react from '@vitejs/plugin-react';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, preview, type PreviewServer } from 'vite';
import type { LocaleConfig } from '../schemas/generated/config-types';
import { expect, test, VIEWPORTS } from './support/fixtures';
import { scaled } from './support/time-factor';

/**
 * The React package as another team gets it (docs/embedding.md#react-package): `npm run build:lib`, `npm pack`, a
 * real `npm install` of the tarball into a throwaway app, that app built with Vite and served on its own origin,
 * the configs read across origins from the config service. Then a Next-style server render in Node from the same
 * installed package.
 *
 * react and react-dom are linked from this repository (file: dependencies) rather than installed again: the
 * install stays offline and takes seconds, and the host renders with the React the shell is tested with. The
 * package itself goes through npm, so its exports map, its files and its peer dependencies are what is tested.
 */
test.describe.configure({ mode: 'serial' });

const ROOT = process.cwd();
const LOCALE = 'de-DE';
let work = '';
let app = '';
let server: PreviewServer | undefined;
let hostUrl = '';
let manifestUrl = '';

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, stdio: 'pipe', encoding: 'utf8' });

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook needs from this pattern; this one needs none.
test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(scaled(300_000));
  const serviceUrl = testInfo.project.use.baseURL!;
  manifestUrl = `${serviceUrl}/configs/manifest.json`;
  work = mkdtempSync(path.join(tmpdir(), 'portal-shell-lib-'));
  const lib = path.join(work, 'lib');
  execFileSync('npx', ['tsx', 'scripts/build-lib.ts', '--dir', lib], { cwd: ROOT, stdio: 'pipe' });
  npm(['pack', '--silent', '--pack-destination', work], lib);
  const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'))!;

  app = path.join(work, 'app');
  cpSync(path.join(ROOT, 'tests/hosts/react-app'), app, { recursive: true });
  cpSync(path.join(ROOT, 'tests/hosts/ssr-node'), app, { recursive: true });
  const link = (name: string) => `file:${path.join(ROOT, 'node_modules', name)}`;
  writeFileSync(
    path.join(app, 'package.json'),
    JSON.stringify({
      name: 'another-teams-app',
      private: true,
      type: 'module',
      dependencies: {
        '@depona/portal-shell': `file:../${tarball}`,
        react: link('react'),
        'react-dom': link('react-dom'),
      },
    }),
  );
  npm(['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock'], app);

  // The shell's links and images are site-relative (docs/embedding.md#configs-and-apis-from-another-origin): on the
  // portal's domains /assets/ holds the logos, so this app serves a copy of them; its own files go to app/.
  cpSync(path.join(ROOT, 'public/assets'), path.join(app, 'public/assets'), { recursive: true });
  await build({
    root: app,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir: 'dist', emptyOutDir: true, assetsDir: 'app' },
  });
  server = await preview({
    root: app,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: 'dist' },
    preview: { host: '127.0.0.1', port: 0 },
  });
  hostUrl = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
});

test.afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The de-DE visitor header's first menu and its first item, as the shipped config has them. */
async function firstMenuItem(
  request: import('@playwright/test').APIRequestContext,
): Promise<{ menu: string; title: string; href: string }> {
  const manifest = (await (await request.get(manifestUrl)).json()) as { documents: Record<string, { file: string }> };
  const config = (await (
    await request.get(new URL(manifest.documents[LOCALE]!.file, manifestUrl).href)
  ).json()) as LocaleConfig;
  const menu = config.header.public!.navItems![0]!;
  const item = menu.subMenus!.main![0] as { title: string; href: string };
  return { menu: menu.title, title: item.title, href: `${config.basePath}${item.href}` };
}

test('the installed package renders the header in a Vite + React app, and a menu click moves the app’s router without a page load', async ({
  page,
  request,
  consoleErrors: _,
}) => {
  const item = await firstMenuItem(request);
  await page.setViewportSize(VIEWPORTS.desktop);
  const configRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(manifestUrl.replace('manifest.json', ''))) configRequests.push(new URL(r.url()).pathname);
  });
  await page.goto(`${hostUrl}/?manifest=${encodeURIComponent(manifestUrl)}`);
  // The desktop navigation at 1280 px (the mobile panel holds the same links, hidden).
  const nav = page.getByRole('banner').getByTestId('desktop-nav');
  await expect(nav.getByRole('link', { name: item.title, includeHidden: true })).toHaveAttribute('href', item.href);
  await expect(page.getByRole('contentinfo')).toBeVisible();
  // Header and footer load apart from each other but share the requests: one manifest, one locale config.
  expect(configRequests.filter((p) => p.endsWith('/manifest.json'))).toHaveLength(1);
  expect(configRequests.filter((p) => p.includes(`/${LOCALE}.`))).toHaveLength(1);

  await page.evaluate(() => ((window as unknown as { __loadedOnce: string }).__loadedOnce = 'still here'));
  await nav.getByRole('button', { name: item.menu }).click();
  await nav.getByRole('link', { name: item.title }).click();

  await expect(page.getByTestId('host-route')).toHaveText(`Host route: ${item.href}`);
  expect(new URL(page.url()).pathname).toBe(item.href);
  // The same document: a full page load would have dropped the marker.
  expect(await page.evaluate(() => (window as unknown as { __loadedOnce?: string }).__loadedOnce)).toBe('still here');
  // The header follows the route: the item is the current page now.
  await expect(nav.getByRole('link', { name: item.title, includeHidden: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
});

test('a Next-style server render in Node: the installed package renders the locale’s menu links with react-dom/server', async ({
  request,
}) => {
  const item = await firstMenuItem(request);
  const output = execFileSync('node', ['render-header.mjs', manifestUrl, LOCALE], { cwd: app, encoding: 'utf8' });
  const { header, serverHeader } = JSON.parse(output) as { header: string; serverHeader: string };
  expect(header).toContain(`href="${item.href}"`);
  expect(header).toContain(`>${item.title}<`);
  // The package's server entry gives the same markup, byte for byte: either hydrates with <PortalHeader>.
  expect(serverHeader).toBe(header);
});
