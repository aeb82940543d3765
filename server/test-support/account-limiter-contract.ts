/**
 * What every per-account sign-in limiter does (server/auth/account-throttle.ts AccountLimiter), as one suite that
 * each limiter's test registers: in memory (account-throttle.test.ts) and in PostgreSQL (throttle-postgres.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { AccountLimiter } from '../auth/account-throttle';

/** `make(max, windowMs)`: a new limiter over no earlier attempts. */
export function accountLimiterContract(
  name: string,
  make: (max: number, windowMs: number) => Promise<AccountLimiter>,
): void {
  describe(`${name}: the per-account limit`, () => {
    const WINDOW_MS = 60_000;

    it('counts failures only, and refuses from the max-th failure on, even the right password', async () => {
      const limiter = await make(2, WINDOW_MS);
      expect(await limiter.attempt('anna', true)).toBe(0);
      expect(await limiter.attempt('anna', false)).toBe(0);
      expect(await limiter.attempt('anna', true)).toBe(0);
      expect(await limiter.attempt('anna', false)).toBe(0);
      const wait = await limiter.attempt('anna', true);
      expect(wait).toBeGreaterThan(WINDOW_MS - 10_000);
      expect(wait).toBeLessThanOrEqual(WINDOW_MS);
      expect(await limiter.attempt('anna', false)).toBeGreaterThan(0);
    });

    it('leaves other accounts alone, and counts an unknown name like any other', async () => {
      const limiter = await make(1, WINDOW_MS);
      expect(await limiter.attempt('no-such-user', false)).toBe(0);
      expect(await limiter.attempt('no-such-user', true)).toBeGreaterThan(0);
      expect(await limiter.attempt('ben', true)).toBe(0);
    });
  });
}
