/**
 * A throwaway PostgreSQL cluster for the Postgres store's tests and benches (docs/operations.md#postgresql).
 *
 * With TEST_DATABASE_URL (or else DATABASE_URL) set, that server is used: each createDatabase() makes a new
 * database on it and stop() drops them. Otherwise initdb makes a cluster in a temp directory and pg_ctl starts
 * it listening on a Unix socket in that directory only (no TCP port, so parallel test files never collide), with
 * durability off since the data is thrown away. PostgreSQL refuses to run as root, so as root the binaries run
 * as the `postgres` user (or `nobody`) through runuser.
 *
 * Missing binaries are an error that says how to install them, never a skipped test.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, chmodSync, constants, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export interface PgCluster {
  /** The server's own database (`postgres`), for administration. */
  readonly adminUrl: string;
  /** Whether this is a throwaway cluster started here (false: TEST_DATABASE_URL / DATABASE_URL). */
  readonly throwaway: boolean;
  /** A new, empty database; its connection string. */
  createDatabase(): Promise<string>;
  /**
   * Stops the server without removing its data (throwaway clusters only): connections fail until resume(). A fast
   * shutdown: with synchronous_commit off, an immediate one would lose the last commits.
   */
  pause(): Promise<void>;
  /** Starts a paused throwaway cluster again. */
  resume(): Promise<void>;
  /** Drops the databases made here, or stops and removes the throwaway cluster. */
  stop(): Promise<void>;
}

export const INSTALL_HINT =
  "PostgreSQL's server binaries (initdb, pg_ctl) were not found. Install them (Debian: apt-get install postgresql), " +
  'set PG_BIN_DIR to the folder holding them, or point TEST_DATABASE_URL at a server where this user may create databases';

export async function startPgCluster(): Promise<PgCluster> {
  const external = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  return external ? externalCluster(external) : throwawayCluster();
}

/** Where initdb and pg_ctl are: PG_BIN_DIR, Debian's versioned folders (newest first), then PATH. */
export function findPgBinDir(env: NodeJS.ProcessEnv = process.env, debian = '/usr/lib/postgresql'): string {
  const candidates: string[] = [];
  if (env.PG_BIN_DIR) candidates.push(env.PG_BIN_DIR);
  if (existsSync(debian))
    candidates.push(
      ...readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => path.join(debian, v, 'bin')),
    );
  candidates.push(...(env.PATH ?? '').split(path.delimiter).filter(Boolean));
  const found = candidates.find((dir) => executable(path.join(dir, 'initdb')) && executable(path.join(dir, 'pg_ctl')));
  if (!found) throw new Error(INSTALL_HINT);
  return found;
}

async function throwawayCluster(): Promise<PgCluster> {
  const bin = findPgBinDir();
  const root = mkdtempSync(path.join(tmpdir(), 'pg-'));
  // The cluster's user (not root) writes here.
  chmodSync(root, 0o777);
  const data = path.join(root, 'data');
  const log = path.join(root, 'log');
  const command = (tool: string, args: string[]): [string, string[]] => {
    const [first, ...rest] = [...runAs(), path.join(bin, tool), ...args];
    return [first!, rest];
  };
  const exec = async (tool: string, args: string[]) => {
    try {
      await run(...command(tool, args), { timeout: 60_000 });
    } catch (error) {
      const logText = existsSync(log) ? readFileSync(log, 'utf8').slice(-2000) : '';
      throw new Error(
        `${tool} failed: ${(error as { stderr?: string }).stderr || (error as Error).message}${logText ? `\n${logText}` : ''}`,
        { cause: error },
      );
    }
  };
  // Durability off: the data is thrown away, and fsync makes initdb and every commit several times slower.
  const options = `-k ${root} -c listen_addresses= -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = () => exec('pg_ctl', ['-D', data, '-o', options, '-l', log, '-w', '-t', '60', 'start']);
  await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  await start();
  let running = true;
  const stopNow = () => {
    if (!running) return;
    running = false;
    try {
      execFileSync(...command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']), { stdio: 'ignore' });
    } catch {
      // Already stopped.
    }
    rmSync(root, { recursive: true, force: true });
  };
  // A test run that ends without stop() (a crash, Ctrl-C) still leaves no server behind.
  process.once('exit', stopNow);
  const adminUrl = socketUrl(root, 'postgres');
  return {
    adminUrl,
    throwaway: true,
    createDatabase: async () => socketUrl(root, await createDatabase(adminUrl)),
    pause: async () => {
      await exec('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    },
    resume: start,
    stop: async () => {
      process.removeListener('exit', stopNow);
      stopNow();
    },
  };
}

function externalCluster(url: string): PgCluster {
  const admin = new URL(url);
  const created: string[] = [];
  return {
    adminUrl: url,
    throwaway: false,
    createDatabase: async () => {
      const name = await createDatabase(url);
      created.push(name);
      const target = new URL(admin);
      target.pathname = `/${name}`;
      return target.toString();
    },
    pause: () =>
      Promise.reject(new Error('pause() needs a throwaway cluster: unset TEST_DATABASE_URL and DATABASE_URL')),
    resume: () => Promise.reject(new Error('resume() needs a throwaway cluster')),
    stop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (const name of created) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function createDatabase(adminUrl: string): Promise<string> {
  const name = `portal_shell_test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return name;
}

function socketUrl(socketDir: string, database: string): string {
  return `postgresql://postgres@localhost/${database}?host=${encodeURIComponent(socketDir)}`;
}

/** The command prefix that runs a binary as a user PostgreSQL accepts: empty unless we are root. */
function runAs(): string[] {
  if (userInfo().uid !== 0) return [];
  const user = hasUser('postgres') ? 'postgres' : 'nobody';
  return ['runuser', '-u', user, '--'];
}

function hasUser(name: string): boolean {
  try {
    return readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .some((line) => line.startsWith(`${name}:`));
  } catch {
    return false;
  }
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
