/**
 * npm test: every check, in order, each step's outcome in one summary table.
 * All steps run even after a failure, so one run shows everything that is red.
 */
import { spawnSync } from 'node:child_process';

interface Step {
  name: string;
  command: string;
  args: string[];
}

const steps: Step[] = [
  { name: 'types match schemas', command: 'npx', args: ['tsx', 'scripts/gen-types.ts', '--check'] },
  { name: 'typecheck (tsc)', command: 'npx', args: ['tsc', '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint (eslint)', command: 'npx', args: ['eslint', '--max-warnings', '0', '.'] },
  { name: 'validate config/', command: 'npx', args: ['tsx', 'scripts/validate.ts'] },
  { name: 'audience lint (lint:matrix)', command: 'npx', args: ['tsx', 'scripts/lint-matrix.ts'] },
  { name: 'unit tests (vitest)', command: 'npx', args: ['vitest', 'run'] },
  { name: 'browser tests (playwright)', command: 'npx', args: ['playwright', 'test'] },
];

const only = process.argv.slice(2);
const results: { name: string; ok: boolean; seconds: number }[] = [];
for (const step of steps) {
  if (only.length > 0 && !only.some((o) => step.name.includes(o))) continue;
  console.log(`\n▶ ${step.name}: ${step.command} ${step.args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } });
  results.push({ name: step.name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

const passed = results.filter((r) => r.ok).length;
const failed = results.length - passed;
console.log('\n── npm test summary ─────────────────────────────');
for (const r of results) console.log(`${r.ok ? '✓' : '✗'} ${r.name.padEnd(30)} ${r.seconds.toFixed(1).padStart(7)} s`);
console.log('──────────────────────────────────────────────────');
console.log(`Steps: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
