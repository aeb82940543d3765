/**
 * `npm run build:configs` (the real CLI) against the service: seeding a store from a directory
 * publishes exactly the bytes the CLI writes for that directory, prerendered fragments included
 * (docs/rendering.md#fragments). An invalid set writes nothing.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedDir } from '../storage/file-store';
import type { Manifest } from '../../schemas/contracts/index';
import { REPO_ROOT, writeSeedFixture } from '../test-support/seed-fixture';
import { startTestServer, type TestServer } from '../test-support/test-server';

const run = promisify(execFile);
const cli = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/build-configs.ts', ...args], { cwd: REPO_ROOT });

let root: string;
let server: TestServer;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'build-configs-cli-'));
  // A fully valid directory: the fixture without its deliberately broken en-GB.
  const dir = await writeSeedFixture(path.join(root, 'valid'));
  await rm(path.join(dir, 'en-GB.json'));
  server = await startTestServer({ seedDir: dir });
  // The start renders the fragments in the background.
  await server.started.fragments;
}, 60_000);
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

describe('npm run build:configs', () => {
  it('writes the same manifest, hashed files and fragments, byte for byte, as the service publishes from the same documents', async () => {
    const out = path.join(root, 'out');
    const { stdout } = await cli('--dir', server.seedDir, '--out', out);
    // The stylesheet, and de-DE's header and footer: the only published locale.
    expect(stdout).toMatch(/✓ 3 documents, 3 fragment files and manifest.json written/);
    const served = publishedDir(server.configDir);
    const files = async (dir: string) =>
      (await readdir(dir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
        .sort();
    const names = await files(out);
    expect(names).toEqual(await files(served));
    expect(names).toHaveLength(7);
    for (const name of names)
      expect(await readFile(path.join(out, name)), name).toEqual(await readFile(path.join(served, name)));
    // And over HTTP, where customers and hosts read it: the manifest and every file it lists.
    const manifest = await fetch(`${server.url}/configs/manifest.json`);
    const manifestBytes = Buffer.from(await manifest.arrayBuffer());
    expect(manifestBytes).toEqual(await readFile(path.join(out, 'manifest.json')));
    const { documents, fragments } = JSON.parse(manifestBytes.toString('utf8')) as Manifest;
    const listed = [
      ...Object.values(documents),
      fragments!.css,
      ...Object.values(fragments!.locales).flatMap((pair) => [pair!.header, pair!.footer]),
    ];
    expect(listed.map((e) => e!.file).sort()).toEqual(names.filter((n) => n !== 'manifest.json'));
    for (const entry of listed)
      expect(
        Buffer.from(await (await fetch(`${server.url}/configs/${entry!.file}`)).arrayBuffer()),
        entry!.file,
      ).toEqual(await readFile(path.join(out, entry!.file)));
  }, 90_000);

  it('exits 1 and writes nothing when any document has a problem', async () => {
    const dir = path.join(root, 'broken');
    await writeSeedFixture(dir);
    await copyFile(path.join(dir, 'de-DE.json'), path.join(dir, 'en-GB.json'));
    await writeFile(path.join(dir, 'flags.json'), '{"flags": [}');
    const out = path.join(root, 'broken-out');
    const failure = await cli('--dir', dir, '--out', out).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/flags\.json:1:\d+/);
    expect(failure?.stderr).toMatch(/nothing was written/);
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  }, 20_000);
});
