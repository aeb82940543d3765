import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { playwrightFailures, playwrightSlowest, reportLines, vitestFailures, vitestSlowest } from './test-report';

describe('vitestFailures', () => {
  it('names each failed test with its file and the first line of its error, and passes over the rest', () => {
    const lines = vitestFailures({
      testResults: [
        {
          name: `${process.cwd()}/runtime/a.test.ts`,
          status: 'failed',
          assertionResults: [
            { fullName: 'a passes', status: 'passed', failureMessages: [] },
            {
              fullName: 'a breaks',
              status: 'failed',
              failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3'],
            },
          ],
        },
        {
          name: `${process.cwd()}/runtime/b.test.ts`,
          status: 'passed',
          assertionResults: [{ fullName: 'b', status: 'passed', failureMessages: [] }],
        },
      ],
    });
    expect(lines).toEqual(['✗ runtime/a.test.ts › a breaks\n    AssertionError: expected 1 to be 2']);
  });

  it('keeps the seed and counterexample of a property failure, so a red run can be replayed', () => {
    const message =
      'Error: Property failed after 25 tests\n{ seed: 4242, path: "238:33", endOnFailure: true }\nCounterexample: ["nl-NL",1860541664,"order"]\nShrunk 1 time(s)\n    at fast-check.js:2469';
    const lines = vitestFailures({
      testResults: [
        {
          name: 'editor/p.test.ts',
          status: 'failed',
          assertionResults: [{ fullName: 'p holds', status: 'failed', failureMessages: [message] }],
        },
      ],
    });
    expect(lines).toEqual([
      '✗ editor/p.test.ts › p holds\n    Error: Property failed after 25 tests\n    { seed: 4242, path: "238:33", endOnFailure: true }\n    Counterexample: ["nl-NL",1860541664,"order"]',
    ]);
  });

  it('names a file that failed before any of its tests ran', () => {
    const lines = vitestFailures({
      testResults: [
        { name: 'editor/c.test.ts', status: 'failed', message: 'Failed to load ./missing', assertionResults: [] },
      ],
    });
    expect(lines).toEqual(['✗ editor/c.test.ts\n    Failed to load ./missing']);
  });
});

describe('playwrightFailures', () => {
  it('names failed and flaky tests with project, place and describe path, and passes over expected ones', () => {
    const lines = playwrightFailures({
      suites: [
        {
          title: 'render.spec.ts',
          specs: [
            {
              title: 'top',
              file: 'render.spec.ts',
              line: 4,
              tests: [{ projectName: 'app', status: 'expected', results: [{}] }],
            },
          ],
          suites: [
            {
              title: 'pl-PL',
              specs: [
                {
                  title: 'visitor',
                  file: 'render.spec.ts',
                  line: 9,
                  tests: [
                    {
                      projectName: 'app',
                      status: 'flaky',
                      results: [{ error: { message: 'Error: favicon aborted\nmore' } }, {}],
                    },
                  ],
                },
                {
                  title: 'customer',
                  file: 'render.spec.ts',
                  line: 12,
                  tests: [
                    {
                      projectName: 'app',
                      status: 'unexpected',
                      results: [{ error: { message: '\n\nTimeout 30000ms exceeded.' } }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(lines).toEqual([
      '~ flaky [app] render.spec.ts:9 › pl-PL › visitor\n    Error: favicon aborted',
      '✗ [app] render.spec.ts:12 › pl-PL › customer\n    Timeout 30000ms exceeded.',
    ]);
  });
});

describe('reportLines', () => {
  it('says when a report is missing or unreadable instead of reporting no failures', () => {
    const dir = mkdtempSync(join(tmpdir(), 'test-report-'));
    expect(reportLines(join(dir, 'none.json'), vitestFailures)).toEqual([
      `? ${join(dir, 'none.json')} was not written`,
    ]);
    writeFileSync(join(dir, 'bad.json'), '{');
    expect(reportLines(join(dir, 'bad.json'), vitestFailures)[0]).toMatch(/could not be read/);
  });
});

describe('vitestSlowest', () => {
  it('lists files by their wall time in the worker, slowest first, at most the count asked for', () => {
    const file = (name: string, seconds: number) => ({
      name: `${process.cwd()}/${name}`,
      status: 'passed',
      startTime: 1_000,
      endTime: 1_000 + seconds * 1000,
      assertionResults: [],
    });
    const lines = vitestSlowest(
      { testResults: [file('a.test.ts', 1.25), file('b.test.ts', 12), file('c.test.ts', 3)] },
      2,
    );
    expect(lines).toEqual(['  12.0 s  b.test.ts', '   3.0 s  c.test.ts']);
  });

  it('passes over a file the report gives no times for (one that never started)', () => {
    expect(vitestSlowest({ testResults: [{ name: 'x.test.ts', status: 'failed', assertionResults: [] }] })).toEqual([]);
  });
});

describe('playwrightSlowest', () => {
  it('sums every attempt of every test of a spec file across projects and nested suites', () => {
    const lines = playwrightSlowest({
      suites: [
        {
          title: 'a.spec.ts',
          specs: [
            {
              title: 'one',
              file: 'a.spec.ts',
              line: 3,
              tests: [{ projectName: 'app', status: 'flaky', results: [{ duration: 4_000 }, { duration: 2_500 }] }],
            },
          ],
          suites: [
            {
              title: 'inner',
              specs: [
                {
                  title: 'two',
                  file: 'a.spec.ts',
                  line: 9,
                  tests: [{ projectName: 'baselines', status: 'expected', results: [{ duration: 500 }] }],
                },
              ],
            },
          ],
        },
        {
          title: 'b.spec.ts',
          specs: [
            {
              title: 'three',
              file: 'b.spec.ts',
              line: 1,
              tests: [{ projectName: 'app', status: 'expected', results: [{ duration: 9_000 }] }],
            },
          ],
        },
      ],
    });
    expect(lines).toEqual(['   9.0 s  b.spec.ts', '   7.0 s  a.spec.ts']);
  });
});
