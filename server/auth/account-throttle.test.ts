/**
 * Sign-in guesses per account, from many addresses: the per-IP limit alone let every extra source
 * address guess SIGNIN_RATE_LIMIT more times. Each address here is a distinct loopback IP (127.0.0.N).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLimiterContract } from '../test-support/account-limiter-contract';
import { signInFrom } from '../test-support/sign-in-from';
import { PASSWORDS, startTestServer, USERNAMES, type TestServer } from '../test-support/test-server';
import { AccountThrottle } from './account-throttle';

const LIMIT = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ signInLimit: { max: LIMIT, timeWindowMs: 60_000 } });
});
afterAll(() => server?.close());

const signInFromNewAddress = (username: string, password: string) => signInFrom(server, username, password);

describe('failed sign-ins are limited per account, across addresses', () => {
  it(`stops guessing after ${LIMIT} failures from ${LIMIT} addresses: the next address gets 429 even with the right password`, async () => {
    const answers = [];
    for (let i = 0; i < LIMIT; i++) answers.push((await signInFromNewAddress(USERNAMES.editor, `guess-${i}`)).status);
    expect(answers).toEqual(Array(LIMIT).fill(401));
    const right = await signInFromNewAddress(USERNAMES.editor, PASSWORDS.editor);
    expect(right).toMatchObject({ status: 429, code: 'rate-limited' });
    expect(Number(right.retryAfter)).toBeGreaterThan(0);
  });

  it('answers an unknown name exactly like a real one, so a 429 does not reveal which accounts exist', async () => {
    const answers = [];
    for (let i = 0; i <= LIMIT; i++) answers.push((await signInFromNewAddress('no-such-user', `guess-${i}`)).code);
    expect(answers).toEqual([...Array(LIMIT).fill('invalid-credentials'), 'rate-limited']);
  });

  it('leaves other accounts alone', async () => {
    expect((await signInFromNewAddress(USERNAMES.viewer, PASSWORDS.viewer)).status).toBe(200);
  });
});

accountLimiterContract('AccountThrottle (in memory)', (max, windowMs) =>
  Promise.resolve(new AccountThrottle({ max, windowMs })),
);

describe('AccountThrottle', () => {
  it('does not count refusals: a refused attempt neither extends nor restarts the window', async () => {
    let now = 0;
    const throttle = new AccountThrottle({ max: 2, windowMs: 1000, now: () => now });
    expect(await throttle.attempt('a', true)).toBe(0);
    expect(await throttle.attempt('a', false)).toBe(0);
    expect(await throttle.attempt('a', true)).toBe(0);
    expect(await throttle.attempt('a', false)).toBe(0);
    expect(await throttle.attempt('a', true)).toBe(1000);
    now = 500;
    expect(await throttle.attempt('a', false)).toBe(500);
    now = 1000;
    // The refused attempt at 500 did not extend or restart the window.
    expect(await throttle.attempt('a', true)).toBe(0);
  });

  it('opens again when the window ends, and forgets the oldest name beyond its capacity', () => {
    let now = 0;
    const throttle = new AccountThrottle({ max: 2, windowMs: 1000, capacity: 2, now: () => now });
    throttle.recordFailure('a');
    throttle.recordFailure('a');
    expect(throttle.retryAfterMs('a')).toBe(1000);
    now = 400;
    expect(throttle.retryAfterMs('a')).toBe(600);
    now = 1000;
    expect(throttle.retryAfterMs('a')).toBe(0);
    for (const name of ['b', 'b', 'c', 'c', 'd', 'd']) throttle.recordFailure(name);
    expect([throttle.retryAfterMs('b'), throttle.retryAfterMs('c'), throttle.retryAfterMs('d')]).toEqual([
      0, 1000, 1000,
    ]);
  });
});
