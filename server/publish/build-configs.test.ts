// @vitest-environment node
/**
 * `npm run build:configs` (the real CLI) against the service: seeding a store from a directory
 * publishes exactly the bytes the CLI writes for that directory. An invalid set writes nothing.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishedDir } from '../storage/file-store';
import { REPO_ROOT, writeSeedFixture } from '../test-support/seed-fixture';
import { startTestServer, type TestServer } from '../test-support/test-server';

const run = promisify(execFile);
const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/build-configs.ts', ...args], { cwd: REPO_ROOT });

let root: string;
let server: TestServer;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'build-configs-cli-'));
  // A fully valid directory: the fixture without its deliberately broken en-GB.
  const dir = await writeSeedFixture(path.join(root, 'valid'));
  await rm(path.join(dir, 'en-GB.json'));
  server = await startTestServer({ seedDir: dir });
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

describe('npm run build:configs', () => {
  it('writes the same manifest and hashed files, byte for byte, as the service publishes from the same documents', async () => {
    const out = path.join(root, 'out');
    const { stdout } = await cli('--dir', server.seedDir, '--out', out);
    expect(stdout).toMatch(/✓ 3 documents and manifest.json written/);
    const served = publishedDir(server.configDir);
    const names = (await readdir(out)).sort();
    expect(names).toEqual((await readdir(served)).sort());
    expect(names).toHaveLength(4);
    for (const name of names) expect(await readFile(path.join(out, name)), name).toEqual(await readFile(path.join(served, name)));
    // And over HTTP, where customers read it.
    const manifest = await fetch(`${server.url}/configs/manifest.json`);
    expect(Buffer.from(await manifest.arrayBuffer())).toEqual(await readFile(path.join(out, 'manifest.json')));
  }, 20_000);

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
