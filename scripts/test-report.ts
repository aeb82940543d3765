/**
 * Failing and flaky tests, read from the JSON reports that npm test asks Vitest and Playwright to write.
 * CI keeps only the tail of a long log, so scripts/test-all.ts repeats these lines under its summary:
 * a red run then names its tests where the log is still visible.
 */
import { existsSync, readFileSync } from 'node:fs';

export const VITEST_REPORT = 'reports/vitest.json';
export const PLAYWRIGHT_REPORT = 'reports/playwright.json';

interface VitestReport {
  testResults: {
    name: string;
    status: string;
    message?: string;
    /** Epoch milliseconds: when the file started and ended in its worker (collect, setup and tests included). */
    startTime?: number;
    endTime?: number;
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string; results: { duration?: number; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** How many of the slowest files the summary names per runner: enough to see a slowdown coming. */
export const SLOWEST_FILES = 10;

/**
 * The first line of an error, the one that says what went wrong, without colour codes. A fast-check property failure
 * also keeps its seed and counterexample lines: its random seed differs per run, so without them a red CI run
 * could not be replayed.
 */
function errorSummary(message: string | undefined): string {
  const lines = (message ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim());
  const first = lines.find((line) => line !== '')?.slice(0, 300) ?? '(no message)';
  const replay = lines
    .filter((line) => /^\{ seed: /.test(line) || line.startsWith('Counterexample: '))
    .map((line) => line.slice(0, 300));
  return [first, ...replay].join('\n    ');
}

function relative(file: string): string {
  return file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file;
}

export function vitestFailures(report: VitestReport): string[] {
  const lines: string[] = [];
  for (const file of report.testResults) {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed)
      lines.push(`✗ ${relative(file.name)} › ${test.fullName}\n    ${errorSummary(test.failureMessages[0])}`);
    // A file that fails before any test runs (an import or setup error) has no failed test to name.
    if (file.status === 'failed' && failed.length === 0)
      lines.push(`✗ ${relative(file.name)}\n    ${errorSummary(file.message)}`);
  }
  return lines;
}

export function playwrightFailures(report: { suites: PlaywrightSuite[] }): string[] {
  const lines: string[] = [];
  const visit = (suite: PlaywrightSuite, path: string[]): void => {
    const titles = suite.title && !suite.title.endsWith('.ts') ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const mark = test.status === 'flaky' ? '~ flaky' : '✗';
        const name = [...titles, spec.title].join(' › ');
        lines.push(
          `${mark} [${test.projectName}] ${spec.file}:${spec.line} › ${name}\n    ${errorSummary(test.results.find((r) => r.error)?.error?.message)}`,
        );
      }
    }
    for (const child of suite.suites ?? []) visit(child, titles);
  };
  for (const suite of report.suites) visit(suite, []);
  return lines;
}

/** `count` files by the time they took, slowest first, as "  12.3 s  path" lines. */
function slowest(seconds: ReadonlyMap<string, number>, count: number): string[] {
  return [...seconds]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([file, s]) => `${s.toFixed(1).padStart(6)} s  ${file}`);
}

/** The slowest test files of a Vitest run: each file's wall time in its worker (import, setup and tests). */
export function vitestSlowest(report: VitestReport, count = SLOWEST_FILES): string[] {
  const seconds = new Map<string, number>();
  for (const file of report.testResults) {
    if (file.startTime === undefined || file.endTime === undefined) continue;
    seconds.set(relative(file.name), (file.endTime - file.startTime) / 1000);
  }
  return slowest(seconds, count);
}

/**
 * The slowest spec files of a Playwright run: the time their tests held a worker, every attempt (retries are time
 * spent too) and every project summed. Hooks that run outside a test (a beforeAll's build) are in the first test's.
 */
export function playwrightSlowest(report: { suites: PlaywrightSuite[] }, count = SLOWEST_FILES): string[] {
  const seconds = new Map<string, number>();
  const visit = (suite: PlaywrightSuite): void => {
    for (const spec of suite.specs ?? []) {
      const ms = spec.tests.flatMap((test) => test.results).reduce((sum, result) => sum + (result.duration ?? 0), 0);
      seconds.set(spec.file, (seconds.get(spec.file) ?? 0) + ms / 1000);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  return slowest(seconds, count);
}

/** The lines for one report file; a missing or unreadable report says so rather than passing silently. */
export function reportLines<T>(file: string, read: (report: T) => string[]): string[] {
  if (!existsSync(file)) return [`? ${file} was not written`];
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')) as T);
  } catch (error) {
    return [`? ${file} could not be read: ${(error as Error).message}`];
  }
}
