/**
 * How much longer than on a quiet developer machine a test may wait before it gives up (docs/testing.md#slow-machines).
 * TEST_TIME_FACTOR multiplies every timeout of the browser and unit tests: Playwright's test and expect timeouts, each
 * explicit `timeout:` a spec passes through `scaled()`, Vitest's test and hook timeouts and Testing Library's waits.
 * A test never waits for a fixed time, so a larger factor costs nothing while the tests pass; it only lets a slow or
 * loaded machine (CI's 2-core runner, a laptop building beside the run) reach the state a test waits for.
 */
const VARIABLE = 'TEST_TIME_FACTOR';

/** The factor from `value`; anything but a number from 1 to 10 stops the run with what to write instead. */
export function parseTimeFactor(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const factor = Number(value);
  if (!Number.isFinite(factor) || factor < 1 || factor > 10)
    throw new Error(
      `${VARIABLE}=${JSON.stringify(value)} must be a number from 1 to 10 (how many times slower than a quiet machine this one is), e.g. ${VARIABLE}=2`,
    );
  return factor;
}

export const TIME_FACTOR = parseTimeFactor(process.env[VARIABLE]);

/** `ms` on a quiet machine, as long as this machine needs. */
export function scaled(ms: number): number {
  return Math.round(ms * TIME_FACTOR);
}
