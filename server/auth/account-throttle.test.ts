// @vitest-environment node
/**
 * Sign-in guesses per account, from many addresses: the per-IP limit alone let every extra source
 * address guess SIGNIN_RATE_LIMIT more times. Each address here is a distinct loopback IP (127.0.0.N).
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORDS, startTestServer, USERNAMES, type TestServer } from '../test-support/test-server';
import { AccountThrottle } from './account-throttle';

const LIMIT = 3;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ signInLimit: { max: LIMIT, timeWindowMs: 60_000 } });
});
afterAll(() => server?.close());

let nextAddress = 2;
/** A sign-in from a loopback address no earlier attempt used, so the per-IP limit never applies. */
function signInFromNewAddress(username: string, password: string) {
  const localAddress = `127.0.0.${nextAddress++}`;
  return new Promise<{ status: number; code?: string; retryAfter?: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: Number(new URL(server.url).port), localAddress, method: 'POST', path: '/api/session', headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        const code = text ? (JSON.parse(text) as { error?: { code: string } }).error?.code : undefined;
        resolve({ status: response.statusCode ?? 0, ...(code ? { code } : {}), ...(response.headers['retry-after'] ? { retryAfter: String(response.headers['retry-after']) } : {}) });
      });
    });
    request.on('error', reject);
    request.end(JSON.stringify({ username, password }));
  });
}

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

describe('AccountThrottle', () => {
  it('attempt: counts failures only, refuses from the max-th failure on (even the right password), and does not count refusals', async () => {
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
    expect([throttle.retryAfterMs('b'), throttle.retryAfterMs('c'), throttle.retryAfterMs('d')]).toEqual([0, 1000, 1000]);
  });
});
