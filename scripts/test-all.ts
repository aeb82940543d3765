/**
 * npm test: every check, in order, each step's outcome in one summary table.
 * All steps run even after a failure, so one run shows everything that is red.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import {
  PLAYWRIGHT_REPORT,
  SLOWEST_FILES,
  VITEST_REPORT,
  playwrightFailures,
  playwrightSlowest,
  reportLines,
  vitestFailures,
  vitestSlowest,
} from './test-report';

interface Step {
  name: string;
  command: string;
  args: string[];
  /** The failing and flaky tests this step's JSON report names, repeated under the summary. */
  failures?: () => string[];
  /** This step's slowest test files, listed under the summary so the next slowdown is seen early. */
  slowest?: () => string[];
}

const steps: Step[] = [
  { name: 'types match schemas', command: 'npx', args: ['tsx', 'scripts/gen-types.ts', '--check'] },
  { name: 'typecheck (tsc)', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'format (prettier)', command: 'npx', args: ['prettier', '--check', '.'] },
  { name: 'lint (eslint)', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
  { name: 'import cycles (lint:cycles)', command: 'npx', args: ['tsx', 'scripts/check-cycles.ts'] },
  { name: 'validate config/', command: 'npx', args: ['tsx', 'scripts/validate.ts'] },
  { name: 'audience lint (lint:matrix)', command: 'npx', args: ['tsx', 'scripts/lint-matrix.ts'] },
  {
    name: 'unit tests (vitest)',
    command: 'npx',
    args: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`],
    failures: () => reportLines(VITEST_REPORT, vitestFailures),
    slowest: () => reportLines(VITEST_REPORT, vitestSlowest),
  },
  {
    name: 'browser tests (playwright)',
    command: 'npx',
    args: ['playwright', 'test'],
    failures: () => reportLines(PLAYWRIGHT_REPORT, playwrightFailures),
    slowest: () => reportLines(PLAYWRIGHT_REPORT, playwrightSlowest),
  },
];

const only = process.argv.slice(2);
const results: { name: string; ok: boolean; seconds: number; failures: string[]; slowest: string[] }[] = [];
// A report left by an earlier run must not speak for this one.
rmSync(VITEST_REPORT, { force: true });
rmSync(PLAYWRIGHT_REPORT, { force: true });
for (const step of steps) {
  if (only.length > 0 && !only.some((o) => step.name.includes(o))) continue;
  console.log(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, {
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  const ok = run.status === 0;
  // A passing step can still have flaky tests worth naming; a failing one must name what failed.
  const failures = step.failures?.() ?? [];
  const seconds = (Date.now() - started) / 1000;
  results.push({
    name: step.name,
    ok,
    seconds,
    failures: ok ? failures.filter((line) => line.startsWith('~')) : failures,
    slowest: step.slowest?.() ?? [],
  });
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log('\n── npm test summary ─────────────────────────────');
for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.name.padEnd(30)} ${r.seconds.toFixed(1).padStart(7)} s`);
console.log(
  `${'total'.padEnd(32)} ${results
    .reduce((sum, r) => sum + r.seconds, 0)
    .toFixed(1)
    .padStart(7)} s`,
);
console.log('──────────────────────────────────────────────────');
for (const r of results.filter((result) => result.slowest.length > 0)) {
  console.log(`${r.name}: the ${SLOWEST_FILES} slowest files`);
  for (const line of r.slowest) console.log(`  ${line}`);
}
for (const r of results.filter((result) => result.failures.length > 0)) {
  console.log(`${r.name}:`);
  for (const line of r.failures) console.log(`  ${line}`);
}
console.log(`Steps: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
