/**
 * npm run test:loaded: the whole `npm test` with one core kept busy beside it, as a CI runner shared with another job
 * or a laptop building in the background would be (docs/testing.md#slow-machines). A test that passes only on an idle
 * machine races the clock; this is how to find it before CI does.
 *
 * The load is a child process spinning on one core until the run ends (or `--minutes`, default 120, as a bound should
 * the parent be killed). Arguments after `--` go to scripts/test-all.ts (a step name runs that step alone).
 */
import { fork, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SPIN = 'spin';

if (process.argv[2] === SPIN) {
  const until = Date.now() + Number(process.argv[3]) * 60_000;
  // Pure CPU: no allocation, no I/O, nothing the busy process could wait on.
  let x = 0;
  while (Date.now() < until) for (let i = 0; i < 1e6; i++) x = (x * 31 + i) | 0;
  process.exit(x === 0.5 ? 1 : 0);
}

const args = process.argv.slice(2);
const minutesAt = args.indexOf('--minutes');
const minutes = minutesAt >= 0 ? Number(args[minutesAt + 1]) : 120;
if (!Number.isFinite(minutes) || minutes <= 0) {
  console.error(
    `busy-core: --minutes must be a positive number, not ${JSON.stringify(args[minutesAt + 1])}\nusage: npm run test:loaded [-- --minutes 90] [step name …]`,
  );
  process.exit(2);
}
const passOn = minutesAt >= 0 ? [...args.slice(0, minutesAt), ...args.slice(minutesAt + 2)] : args;

const spinner = fork(fileURLToPath(import.meta.url), [SPIN, String(minutes)], { stdio: 'ignore' });
console.log(`busy-core: pid ${spinner.pid} keeps one core busy for up to ${minutes} min while npm test runs`);
const run = spawnSync('npx', ['tsx', 'scripts/test-all.ts', ...passOn], { stdio: 'inherit' });
spinner.kill('SIGKILL');
process.exit(run.status ?? 1);
