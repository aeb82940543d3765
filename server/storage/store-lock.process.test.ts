/**
 * The directory lock between real processes (docs/operations.md#one-owner): the real entry point (server/main.ts)
 * twice on one CONFIG_DIR, a holder killed with SIGKILL, a holder stopped with SIGTERM, a lock from another host,
 * and `npm run store:check` beside a running service.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, writeSeedFixture } from '../test-support/seed-fixture';
import { LOCK_FILE } from './store-lock';

let root: string;
let seedDir: string;
let distDir: string;
const running: Server[] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'store-lock-process-'));
  seedDir = await writeSeedFixture(path.join(root, 'seed'));
  distDir = path.join(root, 'dist');
  await mkdir(distDir);
  await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>editor</title>');
});
afterAll(async () => {
  for (const server of running) server.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
});

interface Server {
  pid: number;
  /** The exit code once it exited by itself before its banner; null while it runs. */
  exitCode: number | null;
  stdout(): string;
  stderr(): string;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** server/main.ts until its banner or its exit. */
function start(configDir: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      CONFIG_DIR: configDir,
      SEED_DIR: seedDir,
      DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
    },
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: Server = {
    pid: child.pid!,
    exitCode: null,
    stdout: () => stdout,
    stderr: () => stderr,
    kill: (signal) => child.kill(signal),
    exited,
  };
  running.push(server);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server/main.ts neither started nor exited within 60 s\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/Sign in/.test(stdout)) {
        clearTimeout(timer);
        resolve(server);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    void exited.then(({ code }) => {
      clearTimeout(timer);
      server.exitCode = code;
      resolve(server);
    });
  });
}

function expectOneLine(server: Server, pattern: RegExp): void {
  const lines = server.stderr().trimEnd().split('\n');
  expect(lines, server.stderr()).toHaveLength(1);
  expect(lines[0]).toMatch(/^config service: /);
  expect(lines[0]).toMatch(pattern);
  expect(server.stderr()).not.toMatch(/^\s+at /m);
}

const lockOf = async (configDir: string) =>
  JSON.parse(await readFile(path.join(configDir, LOCK_FILE), 'utf8')) as {
    pid: number;
    hostname: string;
    startedAt: string;
  };

describe('one process owns a CONFIG_DIR', { timeout: 120_000 }, () => {
  it('a second process on the same directory refuses to start, naming the holder and what to do; SIGTERM lets go', async () => {
    const configDir = path.join(root, 'two');
    const first = await start(configDir);
    expect(first.exitCode).toBeNull();
    const lock = await lockOf(configDir);
    expect(lock).toMatchObject({ pid: first.pid, hostname: hostname() });
    expect(Date.now() - Date.parse(lock.startedAt)).toBeLessThan(60_000);

    const second = await start(configDir);
    expect(second.exitCode).toBe(1);
    expectOneLine(
      second,
      new RegExp(
        `CONFIG_DIR=${configDir} is in use by another config service \\(pid ${first.pid} on ${hostname()}, since ${lock.startedAt}; store\\.lock\\); stop that process \\(kill ${first.pid}\\), or set CONFIG_DIR to another directory$`,
      ),
    );
    // The refused start touched nothing of the holder's.
    expect(await lockOf(configDir)).toEqual(lock);

    first.kill('SIGTERM');
    expect((await first.exited).code).toBe(0);
    expect(existsSync(path.join(configDir, LOCK_FILE))).toBe(false);
  });

  it('the lock of a holder killed with SIGKILL is stale: the next start takes it over and says so', async () => {
    const configDir = path.join(root, 'killed');
    const first = await start(configDir);
    first.kill('SIGKILL');
    await first.exited;
    expect((await lockOf(configDir)).pid).toBe(first.pid);

    const next = await start(configDir);
    try {
      expect(next.exitCode, next.stderr()).toBeNull();
      expect(next.stdout()).toMatch(
        new RegExp(
          `took over ${configDir}/store\\.lock of pid ${first.pid} on ${hostname()} \\(since [^)]+\\): that process is gone`,
        ),
      );
      expect((await lockOf(configDir)).pid).toBe(next.pid);
    } finally {
      next.kill('SIGTERM');
      await next.exited;
    }
  });

  it('a lock from another host is never taken over: the start refuses and says how to remove it', async () => {
    const configDir = path.join(root, 'other-host');
    await mkdir(configDir, { recursive: true });
    const foreign = {
      format: 'portal-shell/store-lock@1',
      pid: 4242,
      hostname: 'build-agent-7',
      startedAt: '2025-01-02T03:04:05.000Z',
      token: 'abc',
    };
    await writeFile(path.join(configDir, LOCK_FILE), JSON.stringify(foreign));
    const refused = await start(configDir);
    expect(refused.exitCode).toBe(1);
    expectOneLine(
      refused,
      new RegExp(
        `is locked by a config service on another host \\(pid 4242 on build-agent-7, since 2025-01-02T03:04:05\\.000Z; store\\.lock\\), which this host cannot check, so the lock is never taken over; stop that service, or, if it is gone, delete ${configDir}/store\\.lock and start again`,
      ),
    );
    expect(JSON.parse(await readFile(path.join(configDir, LOCK_FILE), 'utf8'))).toEqual(foreign);
  });

  it('npm run store:check beside a running service neither takes the lock nor reports it', async () => {
    const configDir = path.join(root, 'check');
    const server = await start(configDir);
    try {
      const before = await lockOf(configDir);
      const check = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/store-check.ts', '--dir', configDir], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      });
      expect(check.stdout, check.stderr).toMatch(/no problems/);
      expect(check.stdout).not.toMatch(/store\.lock/);
      expect(check.status).toBe(0);
      expect(await lockOf(configDir)).toEqual(before);
    } finally {
      server.kill('SIGTERM');
      await server.exited;
    }
  });
});
