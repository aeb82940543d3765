/**
 * The batch kill loop (docs/workflow.md#change-sets): a child process (batch-kill-child.ts) publishes batches
 * of every locale document over one store, and is SIGKILLed at a random moment, again and again. After each
 * kill the manifest on disk, and then the manifest and publication records of the reopened store, must name
 * one batch: every published file carries the same batch marker. Shared by server/storage/batch-kill.test.ts
 * and bench/workflow-publish.bench.ts.
 *
 * Each child starts while the previous one runs; a kill lands uniformly within `maxDelayMs` of the child being
 * told to go, so kills fall in its open (a roll-forward), its saves, its batch files, and after its commit point.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { MANIFEST_FILE } from '../../schemas/contracts/index';
import { FileStore } from '../storage/file-store';
import { publishedDir } from '../storage/store-layout';
import { journalPath } from '../storage/workflow-layout';
import { BATCH_DOCUMENTS, markedEntry, markedText, markerOf } from './batch-fixture';
import { REPO_ROOT } from './seed-fixture';

const CHILD = fileURLToPath(new URL('./batch-kill-child.ts', import.meta.url));
const SEED_MARKER = 'seed';

export interface BatchKillOptions {
  kills?: number;
  /** A kill lands uniformly between 0 and this many ms after the child is told to go (its open included). */
  maxDelayMs?: number;
  /** Progress, one line per kill. */
  log?: (line: string) => void;
}

export interface BatchKillReport {
  kills: number;
  /** Documents in every batch. */
  documents: number;
  /** Kills after which the manifest on disk, before any open, named files of more than one batch. */
  mixedOnDisk: number;
  /** Kills after which the reopened store's manifest or publication records named more than one batch. */
  mixedAfterOpen: number;
  /** Reopens that served neither the last acknowledged batch nor the one in flight: a lost or invented publication. */
  wrongBatch: number;
  /** Kills that landed inside a batch (its saves or its publication), not in the child's start or open. */
  killsMidBatch: number;
  /** Kills that landed after a batch's commit point and before its end: the open found its journal and rolled it forward. */
  journalsRolledForward: number;
  batchesAcknowledged: number;
  /** Findings of the reopens that need a person (none expected). */
  manualFindings: number;
  seconds: number;
  /** What went wrong, per kill, in words. */
  failures: string[];
}

interface Child {
  process: ChildProcessWithoutNullStreams;
  lines: string[];
  stderr: string[];
  loaded: Promise<void>;
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The child as one ES module (its packages stay imports), under node_modules/.cache so they resolve: it starts in
 * about a third of the time `node --import tsx` takes, and fifty starts are most of the loop's time.
 */
async function bundleChild(): Promise<{ file: string; remove: () => void }> {
  const outDir = mkdtempSync(path.join(REPO_ROOT, 'node_modules', '.cache', 'batch-kill-'));
  await build({
    configFile: false,
    root: REPO_ROOT,
    publicDir: false,
    logLevel: 'warn',
    build: {
      ssr: CHILD,
      outDir,
      emptyOutDir: false,
      minify: false,
      rollupOptions: { output: { entryFileNames: 'child.mjs', format: 'es' } },
    },
  });
  return { file: path.join(outDir, 'child.mjs'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}

function spawnChild(script: string, dir: string): Child {
  const child = spawn(process.execPath, [script, dir], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const stderr: string[] = [];
  let partial = '';
  let onLoaded!: () => void;
  const loaded = new Promise<void>((resolve) => (onLoaded = resolve));
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      if (line === 'loaded') onLoaded();
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => stderr.push(chunk));
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  // A child that dies before it loaded must not leave the loop waiting.
  void closed.then(onLoaded);
  return { process: child, lines, stderr, loaded, closed };
}

/** The batch markers of the files a manifest names for the batch's documents (a missing file counts as its own "batch"). */
function markersNamed(manifestText: string, read: (file: string) => Uint8Array | undefined): Set<string> {
  const documents = (JSON.parse(manifestText) as { documents: Record<string, { file: string } | undefined> }).documents;
  return new Set(
    BATCH_DOCUMENTS.map((id) => {
      const entry = documents[id];
      const bytes = entry && read(entry.file);
      return (bytes && markerOf(bytes)) ?? `(${id}: ${entry ? `${entry.file} unreadable` : 'not in the manifest'})`;
    }),
  );
}

const readOnDisk = (dir: string) => (file: string) => {
  try {
    return readFileSync(path.join(publishedDir(dir), file));
  } catch {
    return undefined;
  }
};

export async function runBatchKillLoop(options: BatchKillOptions = {}): Promise<BatchKillReport> {
  const kills = options.kills ?? 50;
  const maxDelayMs = options.maxDelayMs ?? 400;
  const started = performance.now();
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'batch-kill-')), 'store');
  const report: BatchKillReport = {
    kills: 0,
    documents: BATCH_DOCUMENTS.length,
    mixedOnDisk: 0,
    mixedAfterOpen: 0,
    wrongBatch: 0,
    killsMidBatch: 0,
    journalsRolledForward: 0,
    batchesAcknowledged: 0,
    manualFindings: 0,
    seconds: 0,
    failures: [],
  };

  // The first batch, so the manifest names every document from the start.
  const { store: first } = await FileStore.open({ dir });
  for (const id of BATCH_DOCUMENTS)
    await first.commitDraft(
      id,
      { text: markedText(id, SEED_MARKER), author: 'kill-loop', message: SEED_MARKER, action: 'create' },
      null,
    );
  const seeded = await first.publishBatch(BATCH_DOCUMENTS.map((id) => markedEntry(id, SEED_MARKER, 1)));
  if (!seeded.ok) throw new Error(`the first batch failed: ${seeded.reason}`);
  // Each child takes the directory in turn (docs/operations.md#one-owner); the parent holds it only while it checks.
  await first.close();

  let lastDone = SEED_MARKER;
  await mkdir(path.join(REPO_ROOT, 'node_modules', '.cache'), { recursive: true });
  const script = await bundleChild();
  let next: Child | undefined = spawnChild(script.file, dir);
  try {
    for (let k = 1; k <= kills; k++) {
      const child: Child = next!;
      await child.loaded;
      child.process.stdin.write(`go k${k}\n`);
      // The next child loads while this one runs and while its kill is checked.
      next = k < kills ? spawnChild(script.file, dir) : undefined;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * maxDelayMs));
      child.process.kill('SIGKILL');
      const exit = await child.closed;
      report.kills++;
      const fail = (what: string) => report.failures.push(`kill ${k}: ${what}`);
      if (exit.signal !== 'SIGKILL')
        fail(
          `the child ended by itself (code ${exit.code}): ${child.stderr.join('').trim().split('\n').slice(0, 3).join(' / ')}`,
        );

      const dones = child.lines.filter((l) => l.startsWith('done ')).map((l) => l.slice(5));
      const starts = child.lines.filter((l) => l.startsWith('start ')).map((l) => l.slice(6));
      report.batchesAcknowledged += dones.length;
      lastDone = dones.at(-1) ?? lastDone;
      const inFlight = starts.at(-1) !== undefined && starts.at(-1) !== dones.at(-1) ? starts.at(-1) : undefined;

      const onDisk = markersNamed(readFileSync(path.join(publishedDir(dir), MANIFEST_FILE), 'utf8'), readOnDisk(dir));
      if (onDisk.size > 1) {
        report.mixedOnDisk++;
        fail(`the manifest on disk names ${onDisk.size} batches: ${[...onDisk].join(', ')}`);
      }
      const journal = existsSync(journalPath(dir));

      const { store, recovery } = await FileStore.open({ dir });
      const manual = recovery.findings.filter((f) => f.status === 'manual');
      report.manualFindings += manual.length;
      for (const f of manual) fail(`${f.file}: ${f.problem}`);
      const manifest = Buffer.from((await store.readPublished(MANIFEST_FILE))!).toString('utf8');
      const published = new Map<string, Uint8Array>();
      for (const id of BATCH_DOCUMENTS) {
        const summary = await store.summary(id);
        const bytes = summary?.published && (await store.readPublished(summary.published.file));
        if (summary?.published && bytes) published.set(summary.published.file, bytes);
      }
      const afterOpen = markersNamed(manifest, (file) => published.get(file));
      const records = new Set(
        await Promise.all(
          BATCH_DOCUMENTS.map(
            async (id) => markerOf((await store.read(id, 'published'))?.text ?? '') ?? `(${id}: none)`,
          ),
        ),
      );
      if (afterOpen.size > 1 || records.size > 1 || [...afterOpen][0] !== [...records][0]) {
        report.mixedAfterOpen++;
        fail(
          `after the open the manifest names ${[...afterOpen].join(', ')} and the publication records ${[...records].join(', ')}`,
        );
      }
      const served = [...afterOpen][0];
      if (served !== lastDone && served !== inFlight) {
        report.wrongBatch++;
        fail(
          `the reopened store serves batch ${served}; the last acknowledged was ${lastDone}${inFlight ? `, the one in flight ${inFlight}` : ''}`,
        );
      }
      if (inFlight && served === inFlight) lastDone = inFlight;
      if (inFlight) report.killsMidBatch++;
      if (journal) report.journalsRolledForward++;
      await store.close();
      options.log?.(
        `kill ${k}: ${dones.length} batch(es) acknowledged, serving ${served}${journal ? ' (journal rolled forward)' : ''}`,
      );
    }
  } finally {
    next?.process.kill('SIGKILL');
    script.remove();
    rmSync(path.dirname(dir), { recursive: true, force: true });
  }
  report.seconds = Math.round((performance.now() - started) / 100) / 10;
  return report;
}
