import { describe, expect, it, vi } from 'vitest';
import { memoryStorage, token } from './__fixtures__/session-fixtures';
import { createLocalDevToken } from './local-dev-token';
import { createTokenStore, TokenDecodeError } from './token-store';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

function setup(initial: Record<string, string> = {}, now = () => NOW) {
  const storage = memoryStorage(initial);
  const logger = { error: vi.fn() };
  return { storage, logger, store: createTokenStore({ storage, now, logger }) };
}

describe('token store: storage', () => {
  it('keeps the tokens under access_token and refresh_token', () => {
    const { store, storage } = setup();
    const access = token(NOW, 600);
    store.setTokens({ access_token: access, refresh_token: 'r-1' });
    expect(storage.data.get('access_token')).toBe(access);
    expect(storage.data.get('refresh_token')).toBe('r-1');
    expect(store.getAccessToken()).toBe(access);
    expect(store.getRefreshToken()).toBe('r-1');
  });

  it('clear() removes both tokens but keeps the server time difference', () => {
    const { store, storage } = setup({
      access_token: token(NOW, 600),
      refresh_token: 'r',
      server_time_difference_ms: '4000',
    });
    store.clear();
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
    expect(storage.data.get('server_time_difference_ms')).toBe('4000');
  });
});

describe('token store: claims', () => {
  it('decodes exp, iat and azp', () => {
    const { store } = setup({ access_token: token(NOW, 600, { azp: 'portal-shell-unified' }) });
    expect(store.getClaims()).toMatchObject({ iat: NOW / 1000, exp: NOW / 1000 + 600, azp: 'portal-shell-unified' });
  });

  it('returns null claims without a token', () => {
    expect(setup().store.getClaims()).toBeNull();
  });

  it('logs and rethrows a token that is not a JWT', () => {
    const { store, logger } = setup({ access_token: 'not-a-jwt' });
    expect(() => store.getClaims()).toThrow(TokenDecodeError);
    expect(() => store.getClaims()).toThrow(/Session token could not be decoded/);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]?.[0]).toMatch(/\[session\] Session token could not be decoded/);
  });

  it('refuses a token without exp, iat or azp and names what is missing', () => {
    const bad = setup({ access_token: token(NOW, 600, { azp: 42, exp: 'soon' }) });
    expect(() => bad.store.getClaims()).toThrow(
      'Session token lacks the claim(s) exp, azp (exp and iat must be numbers, azp a string).',
    );
    const noIat = setup({ access_token: token(NOW, 600, { iat: undefined }) });
    expect(() => noIat.store.getClaims()).toThrow(/lacks the claim\(s\) iat /);
  });

  it('stores nothing when setTokens gets an undecodable access token', () => {
    const { store, storage } = setup({ access_token: token(NOW, 600), refresh_token: 'old' });
    const before = new Map(storage.data);
    expect(() => store.setTokens({ access_token: 'garbage', refresh_token: 'new' })).toThrow(TokenDecodeError);
    expect(storage.data).toEqual(before);
  });

  it('queries never throw on a bad stored token and log it once', () => {
    const { store, logger } = setup({ access_token: 'x.y.z' });
    expect(store.isTokenValid()).toBe(false);
    expect(store.tokenRemainingSeconds()).toBe(0);
    expect(store.snapshot()).toBeNull();
    expect(store.isTokenValid()).toBe(false);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });
});

describe('token store: expiry against server-adjusted time', () => {
  it('uses the client clock when no difference is stored', () => {
    const { store } = setup({ access_token: token(NOW - 100_000, 160) });
    expect(store.serverNow()).toBe(NOW);
    expect(store.tokenRemainingSeconds()).toBe(60);
    expect(store.snapshot()).toEqual({ remainingSeconds: 60, ageSeconds: 100 });
    expect(store.isTokenValid()).toBe(true);
  });

  it('a token valid by the client clock is expired when the server is ahead', () => {
    const { store } = setup({ access_token: token(NOW, 60), server_time_difference_ms: '90000' });
    expect(store.serverNow()).toBe(NOW + 90_000);
    expect(store.isTokenValid()).toBe(false);
    expect(store.tokenRemainingSeconds()).toBe(0);
  });

  it('a token expired by the client clock is valid when the server is behind', () => {
    const { store } = setup({ access_token: token(NOW - 200_000, 60), server_time_difference_ms: '-180000' });
    expect(store.isTokenValid()).toBe(true);
    expect(store.tokenRemainingSeconds()).toBe(40);
  });

  it('is invalid exactly at exp', () => {
    const { store } = setup({ access_token: token(NOW - 60_000, 60) });
    expect(store.isTokenValid()).toBe(false);
  });

  it('sets the difference from a Date header and ignores one that does not parse', () => {
    const { store, storage } = setup();
    expect(store.setServerTimeFromDate('Wed, 15 Jan 2025 12:00:30 GMT')).toBe(true);
    expect(store.serverTimeDifferenceMs()).toBe(30_000);
    expect(storage.data.get('server_time_difference_ms')).toBe('30000');
    expect(store.setServerTimeFromDate('yesterday-ish')).toBe(false);
    expect(store.serverTimeDifferenceMs()).toBe(30_000);
  });

  it('sets the difference explicitly and refuses non-finite values', () => {
    const { store } = setup();
    store.setServerTimeDifference(-2500);
    expect(store.serverNow()).toBe(NOW - 2500);
    expect(() => store.setServerTimeDifference(Number.NaN)).toThrow(RangeError);
  });

  it('treats a stored difference that is not a number as none', () => {
    expect(setup({ server_time_difference_ms: 'abc' }).store.serverTimeDifferenceMs()).toBe(0);
  });

  it('syncs the difference from a fresh token iat', () => {
    const { store } = setup({ access_token: token(NOW + 45_000, 300) });
    expect(store.syncServerTimeFromToken()).toBe(true);
    expect(store.serverTimeDifferenceMs()).toBe(45_000);
    expect(store.snapshot()).toEqual({ remainingSeconds: 300, ageSeconds: 0 });
    expect(setup().store.syncServerTimeFromToken()).toBe(false);
  });

  it('follows the injected clock', () => {
    let now = NOW;
    const { store } = setup({ access_token: token(NOW, 10) }, () => now);
    expect(store.isTokenValid()).toBe(true);
    now += 10_000;
    expect(store.isTokenValid()).toBe(false);
  });
});

describe('local development token', () => {
  it('lives 220 s and decodes like a real one', () => {
    const { store } = setup({ access_token: createLocalDevToken({ issuedAt: NOW, customerNumber: 'C-9' }) });
    expect(store.getClaims()).toEqual({
      iat: NOW / 1000,
      exp: NOW / 1000 + 220,
      azp: 'portal-shell',
      sub: 'local-dev-user',
      customer_number: 'C-9',
    });
  });
});
