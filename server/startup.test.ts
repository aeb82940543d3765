/**
 * Start-up as an operator meets it: the real entry point (server/main.ts) in a child process, on a
 * temp store. A cause the operator can fix is one line on stderr that names it and the fix, with a
 * non-zero exit and no stack trace; a failed start leaves no users.json behind whose generated
 * passwords were never shown; a damaged users.json does not stop the service.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersFilePath } from './auth/users-file';
import { REPO_ROOT, writeSeedFixture } from './test-support/seed-fixture';

let root: string;
let seedDir: string;
let distDir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'startup-test-'));
  seedDir = await writeSeedFixture(path.join(root, 'seed'));
  // A stand-in build, so the production entry does not warn that dist/ is missing.
  distDir = path.join(root, 'dist');
  await mkdir(distDir);
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>editor</title>');
});
afterAll(() => rm(root, { recursive: true, force: true }));

interface Started {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Set when the server came up (its banner was printed); the caller must stop it. */
  url?: string;
  stop(): Promise<void>;
}

/** Runs server/main.ts until it exits or prints its banner. */
function startServer(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DIR: seedDir,
      DIST_DIR: distDir,
      LOG_LEVEL: 'silent',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server/main.ts neither started nor exited within 60 s\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const url = /Editor +(http:\/\/\S+)\//.exec(stdout)?.[1];
      // The banner is printed in one write; the Sign-in part is its end.
      if (url && /Sign in/.test(stdout)) {
        clearTimeout(timer);
        // stdout stays live: log lines come after the banner.
        resolve({
          exitCode: null,
          get stdout() {
            return stdout;
          },
          stderr,
          url,
          stop,
        });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void exited.then((exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderr, stop });
    });
  });
}

/** A port held by another process's socket, as by a second `npm start`. */
async function holdPort(): Promise<{ port: number; release(): Promise<void> }> {
  const holder = net.createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as net.AddressInfo).port;
  return { port, release: () => new Promise((resolve) => holder.close(() => resolve())) };
}

function expectOneLine(result: Started, pattern: RegExp): void {
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^config service: /);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/^\s+at /m);
}

describe('start-up says what is wrong, in one line', { timeout: 120_000 }, () => {
  it('a port in use: names the port and the fix, exits 1, and leaves no users.json whose passwords were never shown', async () => {
    const configDir = path.join(root, 'port-in-use');
    const held = await holdPort();
    try {
      const failed = await startServer({ CONFIG_DIR: configDir, PORT: String(held.port) });
      expect(failed.exitCode).toBe(1);
      expectOneLine(failed, new RegExp(`port ${held.port} is in use .*set PORT`));
      expect(existsSync(usersFilePath(configDir))).toBe(false);
    } finally {
      await held.release();
    }
    // The next start creates the users and shows their passwords, rather than claiming they were shown.
    const next = await startServer({ CONFIG_DIR: configDir });
    try {
      expect(next.url).toBeDefined();
      expect(next.stdout).toMatch(/content-manager +\S{24} +editor +\(generated; shown only now\)/);
      expect(next.stdout).not.toMatch(/Passwords were printed/);
      expect(existsSync(usersFilePath(configDir))).toBe(true);
    } finally {
      await next.stop();
    }
  });

  it('CONFIG_DIR is a file, or lies under one: names the file, exits 1', async () => {
    const file = path.join(root, 'a-file');
    await writeFile(file, 'not a directory');
    for (const configDir of [file, path.join(file, 'store')]) {
      const failed = await startServer({ CONFIG_DIR: configDir });
      expect(failed.exitCode).toBe(1);
      expectOneLine(
        failed,
        new RegExp(`CONFIG_DIR=${configDir} is not a directory \\(${file} is a file\\); set CONFIG_DIR`),
      );
    }
  });

  it('HOST that is not an address of this machine: names it and the fix, exits 1', async () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): never assigned to a real interface.
    const failed = await startServer({ CONFIG_DIR: path.join(root, 'bad-host'), HOST: '192.0.2.1' });
    expect(failed.exitCode).toBe(1);
    expectOneLine(failed, /HOST=192\.0\.2\.1 is not an address of this machine; set HOST to localhost/);
    expect(existsSync(usersFilePath(path.join(root, 'bad-host')))).toBe(false);
  });

  it('a bad variable: names it and its valid range, exits 2', async () => {
    const failed = await startServer({ CONFIG_DIR: path.join(root, 'bad-variable'), PORT: '99999' });
    expect(failed.exitCode).toBe(2);
    expectOneLine(failed, /PORT=99999 must be a whole number from 0 to 65535/);
  });

  it('what the store repaired at open is in the banner, one line per finding, naming the file', async () => {
    const configDir = path.join(root, 'repaired');
    const first = await startServer({ CONFIG_DIR: configDir });
    await first.stop();
    await rm(path.join(configDir, 'documents', 'flags', 'meta.json'));
    const started = await startServer({ CONFIG_DIR: configDir });
    try {
      const lines = started.stdout.split('\n').filter((l) => l.includes('documents/flags/meta.json'));
      expect(lines, started.stdout).toHaveLength(1);
      expect(lines[0]).toMatch(/^ +repaired: documents\/flags\/meta\.json is missing; /);
    } finally {
      await started.stop();
    }
  });

  it('a damaged users.json: the service starts and serves configs; the banner says what is wrong in one line', async () => {
    const configDir = path.join(root, 'damaged-users');
    await mkdir(configDir);
    await writeFile(usersFilePath(configDir), '{"users": [{"username": "content-manager", "ro');
    const started = await startServer({ CONFIG_DIR: configDir });
    try {
      expect(started.url, started.stderr).toBeDefined();
      const line = started.stdout.split('\n').filter((l) => /users\.json/.test(l));
      expect(line).toHaveLength(1);
      expect(line[0]).toMatch(
        /Sign in: UNAVAILABLE, .*users\.json is damaged: it is not valid JSON .*To repair: restore users\.json .*from a backup/,
      );
      expect((await fetch(`${started.url}/configs/manifest.json`)).status).toBe(200);
      expect((await fetch(`${started.url}/readyz`)).status).toBe(503);
    } finally {
      await started.stop();
    }
  });
});

describe('the public origin, from the environment (docs/operations.md#the-public-origin)', { timeout: 120_000 }, () => {
  it('a bad PUBLIC_ORIGIN: names it, the value and a valid example, exits 2', async () => {
    const failed = await startServer({
      CONFIG_DIR: path.join(root, 'bad-origin'),
      PUBLIC_ORIGIN: 'https://www.depona.example/de-de/',
    });
    expect(failed.exitCode).toBe(2);
    expectOneLine(
      failed,
      /PUBLIC_ORIGIN=https:\/\/www\.depona\.example\/de-de\/ must be only a scheme and a host .*, such as https:\/\/www\.depona\.example/,
    );
  });

  it('behind TRUST_PROXY, the pages link to PUBLIC_ORIGIN whatever X-Forwarded-Host says; the banner names it, the log the ignored value', async () => {
    const portalDist = path.join(root, 'dist-portal');
    await mkdir(portalDist);
    await writeFile(path.join(portalDist, 'index.html'), '<!doctype html><title>editor</title>');
    await writeFile(
      path.join(portalDist, 'portal.html'),
      '<!doctype html><html lang="en"><head><title>Depona</title></head><body><div id="root"></div></body></html>',
    );
    const started = await startServer({
      CONFIG_DIR: path.join(root, 'public-origin'),
      DIST_DIR: portalDist,
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: 'https://www.depona.example',
      LOG_LEVEL: 'warn',
    });
    try {
      expect(started.url, started.stderr).toBeDefined();
      expect(started.stdout).toMatch(/Page links +https:\/\/www\.depona\.example\/… +\(PUBLIC_ORIGIN\)/);
      const page = await fetch(`${started.url}/de-de/`, {
        headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' },
      });
      const html = await page.text();
      expect(page.headers.get('cache-control')).toBe('public, max-age=60');
      expect(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]).toBe('https://www.depona.example/de-de/');
      expect(html).not.toMatch(/evil\.example|javascript:/);
      const deadline = Date.now() + 30_000;
      while (!/ignored X-Forwarded-Host \\"evil\.example\\"/.test(started.stdout) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(started.stdout).toMatch(
        /ignored X-Forwarded-Host \\"evil\.example\\" from 127\.0\.0\.1: it is not an allowed host/,
      );
    } finally {
      await started.stop();
    }
  });
});
