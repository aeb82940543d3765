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
    assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; file: string; line: number; tests: { projectName: string; status: string; results: { error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/**
 * The first line of an error, the one that says what went wrong, without colour codes. A fast-check property failure
 * also keeps its seed and counterexample lines: its random seed differs per run, so without them a red CI run
 * could not be replayed.
 */
function errorSummary(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const lines = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').map((line) => line.trim());
  const first = lines.find((line) => line !== '')?.slice(0, 300) ?? '(no message)';
  const replay = lines.filter((line) => /^\{ seed: /.test(line) || line.startsWith('Counterexample: ')).map((line) => line.slice(0, 300));
  return [first, ...replay].join('\n    ');
}

function relative(file: string): string {
  return file.startsWith(process.cwd()) ? file.slice(process.cwd().length + 1) : file;
}

export function vitestFailures(report: VitestReport): string[] {
  const lines: string[] = [];
  for (const file of report.testResults) {
    const failed = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`✗ ${relative(file.name)} › ${test.fullName}\n    ${errorSummary(test.failureMessages[0])}`);
    // A file that fails before any test runs (an import or setup error) has no failed test to name.
    if (file.status === 'failed' && failed.length === 0) lines.push(`✗ ${relative(file.name)}\n    ${errorSummary(file.message)}`);
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
        lines.push(`${mark} [${test.projectName}] ${spec.file}:${spec.line} › ${name}\n    ${errorSummary(test.results.find((r) => r.error)?.error?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, titles);
  };
  for (const suite of report.suites) visit(suite, []);
  return lines;
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
