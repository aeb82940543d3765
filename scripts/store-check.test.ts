import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../server/storage/file-store';
import { metaPath } from '../server/storage/store-layout';

const run = promisify(execFile);
let root: string;
beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'store-check-cli-'));
  const { store } = await FileStore.open({ dir: path.join(root, 'store') });
  await store.commitDraft(
    'flags',
    { text: '{"flags": []}\n', author: 'content-manager', message: 'm', action: 'create' },
    null,
  );
  writeFileSync(metaPath(path.join(root, 'store'), 'flags'), '');
  // Let go of the directory: store:check --repair takes it (docs/operations.md#one-owner).
  await store.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function storeCheck(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', 'scripts/store-check.ts', ...args], {
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run store:check (the command)', () => {
  it('checks CONFIG_DIR, as the server does: one line per problem, exit 1, and --repair fixes it', async () => {
    const check = await storeCheck([], { CONFIG_DIR: path.join(root, 'store') });
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(
      /^documents\/flags\/meta\.json: is empty — repair with --repair \(or a restart\): rebuilt from 1 version file/m,
    );
    const repair = await storeCheck(['--repair', '--dir', path.join(root, 'store')]);
    expect(repair.code).toBe(0);
    expect((await storeCheck(['--dir', path.join(root, 'store')])).stdout).toMatch(/: no problems\n$/);
  }, 30_000);

  it('prints the usage on a bad argument and a clear line for a missing store, exit 2', async () => {
    const bad = await storeCheck(['--fix']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      expect.stringContaining('unknown argument "--fix"\nusage: npm run store:check -- [--repair]'),
    ]);
    const missing = await storeCheck(['--dir', path.join(root, 'nowhere')]);
    expect([missing.code, missing.stderr]).toEqual([
      2,
      `store:check: no store at ${path.join(root, 'nowhere')}: set CONFIG_DIR or pass --dir <store directory>\n`,
    ]);
  }, 30_000);
});
