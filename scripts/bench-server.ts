/**
 * npm run bench:server [-- --writers 20 --saves 50 --crash-saves 200 --kills 50 --publishes 50 --only files|stores]
 *
 * The config service's budgets (its rows in `npm run bench`), against real server processes on temp stores:
 *
 * 1. Concurrency: N writers × M saves on one document (flags), each save appending one marker flag,
 *    with If-Match and an immediate retry on 412 using the `current` the 412 carries. Zero lost
 *    updates means: every accepted save is in the history in version order, and every accepted
 *    marker is in the final document, in that same order (a lost update would drop one).
 * 2. Crash: saves to de-DE (the largest config) from 3 writers while the server is SIGKILLed at a
 *    random moment (0–150 ms after its first acknowledged save), until 200 saves were
 *    acknowledged. After each restart the draft must be a valid, complete version, no acknowledged
 *    save may be missing, and no temp file may remain.
 *
 * 3. Both stores side by side (bench/server-postgres.bench.ts): contention with backoff on the file store's one
 *    instance and on two PostgreSQL instances, SIGKILLs of one PostgreSQL instance, a database restart under
 *    load, and publish propagation between the instances. `--only stores` runs this section alone, `--only files`
 *    the first two; `--kills 50` and `--publishes 50` size it.
 *
 * Prints a table; writes the figures to bench/server-results.json and as JSON on the last line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crossFileContext, validateDocument } from '../schemas/validator/index';
import { benchStores } from '../bench/server-postgres.bench';
import { formatTable, passes } from '../bench/stats';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'bench-editor-password';

// ── arguments ────────────────────────────────────────────────────────────────
const SECTIONS = ['files', 'stores'] as const;
type Section = (typeof SECTIONS)[number];
const USAGE =
  'usage: npm run bench:server -- [--writers 20] [--saves 50] [--crash-saves 200] [--kills 50] [--publishes 50] [--only files|stores]';

function parseArgs(argv: string[]) {
  const options = { writers: 20, saves: 50, crashSaves: 200, kills: 50, publishes: 50 };
  let only: Section | undefined;
  const names: Record<string, keyof typeof options> = {
    '--writers': 'writers',
    '--saves': 'saves',
    '--crash-saves': 'crashSaves',
    '--kills': 'kills',
    '--publishes': 'publishes',
  };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--only') {
      only = SECTIONS.find((s) => s === argv[i + 1]);
      if (!only) {
        console.error(
          `bench:server: --only takes one of ${SECTIONS.join(', ')}, not ${argv[i + 1] ?? 'nothing'}\n${USAGE}`,
        );
        process.exit(2);
      }
      i++;
      continue;
    }
    const key = names[argv[i]!];
    const value = Number(argv[i + 1]);
    if (!key || !Number.isInteger(value) || value < 1) {
      console.error(`bench:server: bad argument ${argv[i]}\n${USAGE}`);
      process.exit(2);
    }
    options[key] = value;
    i++;
  }
  return { ...options, only };
}

// ── server processes ─────────────────────────────────────────────────────────
interface ServerProcess {
  url: string;
  child: ChildProcess;
  stderr: () => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The production server in its own process (no npx wrapper, so SIGKILL hits the server itself). */
async function startServer(configDir: string, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONFIG_DIR: configDir,
      DEMO_EDITOR_PASSWORD: PASSWORD,
      DEMO_VIEWER_PASSWORD: `${PASSWORD}-viewer`,
      SIGNIN_RATE_LIMIT: '100000',
      LOG_LEVEL: 'error',
    },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} during start:\n${stderr}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, stderr: () => stderr };
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer /healthz within 60 s:\n${stderr}`);
}

async function stopServer(server: ServerProcess, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

// ── HTTP ─────────────────────────────────────────────────────────────────────
interface Doc {
  etag: string;
  version: number;
  // The bench edits documents freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  content: any;
  text: string;
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'content-manager', password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function getJson(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function put(url: string, cookie: string, id: string, content: unknown, etag: string, message: string) {
  const started = performance.now();
  const response = await fetch(`${url}/api/documents/${id}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'application/json', 'if-match': etag },
    body: JSON.stringify({ content, message }),
  });
  const json = await response.json();
  return { status: response.status, json, ms: performance.now() - started };
}

// ── 1. concurrency ───────────────────────────────────────────────────────────
interface Accepted {
  version: number;
  marker: string;
}

async function concurrencyBench(writers: number, savesEach: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-concurrency-'));
  const server = await startServer(dir, await freePort());
  try {
    const cookie = await signIn(server.url);
    const requestMs: number[] = [];
    const saveMs: number[] = [];
    const attempts: number[] = [];
    const accepted: Accepted[] = [];
    let conflicts = 0;
    const started = performance.now();

    const writer = async (w: number) => {
      let base: Doc = await getJson(`${server.url}/api/documents/flags`, cookie);
      for (let k = 0; k < savesEach; k++) {
        const marker = `benchW${w}S${k}`;
        const saveStarted = performance.now();
        let tries = 0;
        for (;;) {
          tries++;
          const content = structuredClone(base.content);
          content.flags.push({ id: marker, description: `Bench marker from writer ${w}, save ${k}.`, default: false });
          const result = await put(server.url, cookie, 'flags', content, base.etag, marker);
          requestMs.push(result.ms);
          if (result.status === 200) {
            accepted.push({ version: result.json.version, marker });
            base = { ...base, etag: result.json.etag, version: result.json.version, content };
            break;
          }
          if (result.status !== 412)
            throw new Error(`writer ${w}: unexpected ${result.status} ${JSON.stringify(result.json)}`);
          conflicts++;
          base = result.json.current;
        }
        saveMs.push(performance.now() - saveStarted);
        attempts.push(tries);
      }
    };
    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    const seconds = (performance.now() - started) / 1000;

    // Zero lost updates: history and final document both hold every accepted save, in version order.
    accepted.sort((a, b) => a.version - b.version);
    const final: Doc = await getJson(`${server.url}/api/documents/flags`, cookie);
    const history = await getJson(`${server.url}/api/documents/flags/history`, cookie);
    const saves = (history.versions as { version: number; message: string; action: string }[])
      .filter((v) => v.action === 'save')
      .reverse();
    const historyInOrder =
      saves.length === accepted.length &&
      saves.every((v, i) => v.version === accepted[i]!.version && v.message === accepted[i]!.marker);
    const finalMarkers = (final.content.flags as { id: string }[])
      .map((f) => f.id)
      .filter((id) => id.startsWith('bench'));
    const acceptedMarkers = accepted.map((a) => a.marker);
    const lostUpdates = acceptedMarkers.filter((m) => !finalMarkers.includes(m)).length;
    const finalInOrder =
      finalMarkers.length === acceptedMarkers.length && finalMarkers.every((m, i) => m === acceptedMarkers[i]);
    const versionsContiguous = accepted.every((a, i) => a.version === i + 2);

    return {
      document: 'flags',
      writers,
      savesPerWriter: savesEach,
      acceptedSaves: accepted.length,
      requests: requestMs.length,
      conflicts412: conflicts,
      attemptsPerSave: { p50: percentile(attempts, 50), p95: percentile(attempts, 95), max: Math.max(...attempts) },
      lostUpdates,
      historyInOrder,
      finalDocumentInOrder: finalInOrder,
      versionsContiguous,
      finalDocumentBytes: final.text.length,
      requestLatencyMs: { p50: round(percentile(requestMs, 50)), p95: round(percentile(requestMs, 95)) },
      saveLatencyMs: {
        p50: round(percentile(saveMs, 50)),
        p95: round(percentile(saveMs, 95)),
        max: round(Math.max(...saveMs)),
      },
      throughputSavesPerSecond: round(accepted.length / seconds),
      seconds: round(seconds),
    };
  } finally {
    await stopServer(server, 'SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}

// ── 2. crash ─────────────────────────────────────────────────────────────────
async function crashBench(targetSaves: number) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-crash-'));
  const port = await freePort();
  let acknowledged = 0;
  let kills = 0;
  let survived = 0;
  let killsWithTempFiles = 0;
  let killsMidRequest = 0;
  const failures: string[] = [];
  const started = performance.now();
  try {
    // The highest version the server acknowledged, and the marker it carried.
    let lastAck: { version: number; marker: string } | undefined;
    // Each restart both checks the survivor and serves the next cycle, so each kill costs one start.
    let server = await startServer(dir, port);
    try {
      while (acknowledged < targetSaves) {
        const cookie = await signIn(server.url);
        const url = server.url;
        let stop = false;
        let inFlight = 0;
        const writer = async (w: number) => {
          let base: Doc = await getJson(`${url}/api/documents/de-DE`, cookie).catch(() => undefined);
          let n = 0;
          while (!stop && base) {
            const marker = `kill bench k${kills} w${w} s${n++}`;
            const content = structuredClone(base.content);
            content.seo.metaTitle = `Depona – ${marker}`;
            inFlight++;
            let result;
            try {
              result = await put(url, cookie, 'de-DE', content, base.etag, marker);
            } catch {
              return; // the server was killed under this request
            } finally {
              inFlight--;
            }
            if (result.status === 200) {
              acknowledged++;
              if (!lastAck || result.json.version > lastAck.version) lastAck = { version: result.json.version, marker };
              base = { ...base, etag: result.json.etag, version: result.json.version, content };
            } else if (result.status === 412) base = result.json.current;
            else throw new Error(`unexpected ${result.status} ${JSON.stringify(result.json)}`);
          }
        };
        const ackedBefore = acknowledged;
        let writersDone = false;
        const writers = Promise.all([0, 1, 2].map(writer)).finally(() => (writersDone = true));
        // The kill lands at a random moment once this process has acknowledged a save, so every
        // cycle makes progress however slow the machine is; three writers keep a write in flight.
        while (acknowledged === ackedBefore && !writersDone) await sleep(5);
        await Promise.race([sleep(Math.random() * 150), writers]);
        const midRequest = inFlight > 0;
        await stopServer(server, 'SIGKILL');
        stop = true;
        await writers.catch((error: Error) => failures.push(`writers: ${error.message}`));
        kills++;
        if (midRequest) killsMidRequest++;
        if ((await tempFilesUnder(dir)).length > 0) killsWithTempFiles++;

        server = await startServer(dir, port);
        const problems = await checkAfterRestart(server.url, dir, lastAck);
        if (problems.length === 0) survived++;
        else failures.push(`kill ${kills}: ${problems.join('; ')}`);
        process.stdout.write(
          `\r   kill ${kills}: ${acknowledged}/${targetSaves} saves acknowledged, ${survived} restarts clean `,
        );
      }
    } finally {
      await stopServer(server, 'SIGTERM');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return {
    document: 'de-DE',
    targetSaves,
    acknowledgedSaves: acknowledged,
    kills,
    killsSurvived: survived,
    killsMidRequest,
    killsThatLeftTempFiles: killsWithTempFiles,
    failures,
    seconds: round((performance.now() - started) / 1000),
  };
}

/** After a restart: no temp files, a draft that is whole and valid, and nothing acknowledged lost. */
async function checkAfterRestart(
  url: string,
  dir: string,
  lastAck: { version: number; marker: string } | undefined,
): Promise<string[]> {
  const problems: string[] = [];
  const leftovers = await tempFilesUnder(dir);
  if (leftovers.length > 0) problems.push(`${leftovers.length} temp file(s) after restart`);
  const cookie = await signIn(url);
  const draft: Doc = await getJson(`${url}/api/documents/de-DE`, cookie);
  const flags: Doc = await getJson(`${url}/api/documents/flags`, cookie);
  // The server checked the version file's sha256 on read; now parse and validate it ourselves.
  let value: unknown;
  try {
    value = JSON.parse(draft.text);
  } catch {
    problems.push(`draft v${draft.version} is not valid JSON`);
  }
  if (value !== undefined) {
    const result = validateDocument(
      { id: 'de-DE', file: 'draft de-DE', text: draft.text },
      crossFileContext([{ id: 'flags', value: flags.content }]),
    );
    if (result.problems.length > 0) problems.push(`draft v${draft.version} has ${result.problems.length} problem(s)`);
  }
  if (lastAck) {
    if (draft.version < lastAck.version)
      problems.push(`acknowledged v${lastAck.version} lost: draft is v${draft.version}`);
    const acked: Doc = await getJson(`${url}/api/documents/de-DE?version=${lastAck.version}`, cookie).catch(
      () => undefined,
    );
    if (!acked?.text.includes(lastAck.marker))
      problems.push(`acknowledged v${lastAck.version} does not hold its change`);
  }
  return problems;
}

async function tempFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile() && e.name.endsWith('.tmp')).map((e) => e.name);
}

// ── helpers and report ───────────────────────────────────────────────────────
function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const options = parseArgs(process.argv.slice(2));
const run = (section: Section) => !options.only || options.only === section;
console.log(`config service bench on ${os.cpus().length} CPU(s), Node ${process.version}`);
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: os.cpus().length,
};
let ok = true;

if (run('files')) {
  console.log(`1/3 concurrency: ${options.writers} writers × ${options.saves} saves on flags …`);
  const concurrency = await concurrencyBench(options.writers, options.saves);
  console.log(`2/3 crash: SIGKILL at random points until ${options.crashSaves} saves to de-DE are acknowledged …`);
  const crash = await crashBench(options.crashSaves);
  const filesOk =
    concurrency.lostUpdates === 0 &&
    concurrency.historyInOrder &&
    concurrency.finalDocumentInOrder &&
    concurrency.versionsContiguous &&
    crash.killsSurvived === crash.kills;
  ok &&= filesOk;
  Object.assign(results, { concurrency, crash });
  const rows: [string, string][] = [
    ['writers × saves', `${concurrency.writers} × ${concurrency.savesPerWriter} on ${concurrency.document}`],
    ['accepted saves', String(concurrency.acceptedSaves)],
    ['PUT requests (412 retries)', `${concurrency.requests} (${concurrency.conflicts412})`],
    [
      'attempts per save p50 / p95 / max',
      `${concurrency.attemptsPerSave.p50} / ${concurrency.attemptsPerSave.p95} / ${concurrency.attemptsPerSave.max}`,
    ],
    ['lost updates', String(concurrency.lostUpdates)],
    ['history complete, in order', String(concurrency.historyInOrder && concurrency.versionsContiguous)],
    ['final document holds all, in order', String(concurrency.finalDocumentInOrder)],
    ['PUT request latency p50 / p95', `${concurrency.requestLatencyMs.p50} / ${concurrency.requestLatencyMs.p95} ms`],
    [
      'save latency incl. retries p50 / p95 / max',
      `${concurrency.saveLatencyMs.p50} / ${concurrency.saveLatencyMs.p95} / ${concurrency.saveLatencyMs.max} ms`,
    ],
    ['throughput', `${concurrency.throughputSavesPerSecond} accepted saves/s (${concurrency.seconds} s)`],
    ['crash: acknowledged saves', `${crash.acknowledgedSaves} on ${crash.document}`],
    [
      'crash: kills survived',
      `${crash.killsSurvived} of ${crash.kills} (${crash.killsMidRequest} mid-request, ${crash.killsThatLeftTempFiles} left temp files, ${crash.seconds} s)`,
    ],
  ];
  console.log('');
  console.log('| figure | value |\n|---|---|');
  for (const [name, value] of rows) console.log(`| ${name} | ${value} |`);
  for (const failure of crash.failures) console.log(`✗ ${failure}`);
  console.log(
    filesOk
      ? '\n✓ zero lost updates; every restart found a valid, complete document\n'
      : '\n✗ file store budget failed\n',
  );
}

if (run('stores')) {
  console.log('3/3 both stores side by side: the file store (1 instance) and PostgreSQL (2 instances, one database) …');
  const stores = await benchStores({
    writers: options.writers,
    saves: options.saves,
    kills: options.kills,
    publishes: options.publishes,
    log: (line) => process.stdout.write(`   ${line}`),
  });
  const storesOk = stores.rows.every(passes);
  ok &&= storesOk;
  Object.assign(results, { stores: { ...stores.results, rows: stores.rows } });
  console.log('');
  console.log(formatTable(stores.rows));
  const exited = (stores.results.databaseRestart as { exited?: Record<string, string> } | undefined)?.exited ?? {};
  for (const [name, words] of Object.entries(exited))
    console.log(`✗ instance ${name} exited during the database restart: ${words}`);
  console.log(storesOk ? '\n✓ both stores within budget' : '\n✗ stores budget failed');
}

results.ok = ok;
await mkdir(path.join(ROOT, 'bench'), { recursive: true });
// Only a full run replaces the figures `npm run bench` reads (bench/server.bench.ts); a filtered run has its own file.
const file = options.only ? `server-results-${options.only}.json` : 'server-results.json';
await writeFile(path.join(ROOT, 'bench', file), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results));
process.exit(ok ? 0 : 1);
