import { describe, expect, it, vi } from 'vitest';
import { fakeFetch, json, noContent, storeWith, testClient, token, type Route } from './__fixtures__/session-fixtures';
import { authVariant, logout, logoutDestination, oidcClientId, refreshTokens } from './auth-actions';

const NOW = Date.UTC(2025, 2, 1, 9, 0, 0);
const now = () => NOW;
const UMS = 'https://api.portal-shell.example/api/user-management';
const IDP = 'https://api.portal-shell.example/api/identity';

function setup(
  routes: Record<string, Route>,
  options: { flags?: string[]; access?: string | null; refresh?: string | null } = {},
) {
  const access = options.access === undefined ? token(NOW - 1_700_000, 1800) : (options.access ?? undefined);
  const refresh = options.refresh === undefined ? 'refresh-1' : (options.refresh ?? undefined);
  const { store, storage } = storeWith({ now, ...(access ? { access } : {}), ...(refresh ? { refresh } : {}) });
  const net = fakeFetch(routes);
  const client = testClient(net.fetch, store);
  const onEvent = vi.fn();
  const logoutSpy = vi.fn(async () => {});
  const logger = { error: vi.fn() };
  return { store, storage, net, client, flags: new Set(options.flags ?? []), onEvent, logoutSpy, logger, access };
}

describe('variants', () => {
  it.each([
    [[], 'oidc', 'portal-shell'],
    [['unifiedIdentityDomain'], 'oidc', 'portal-shell-unified'],
    [['userManagementService'], 'user-management', 'portal-shell'],
    [['userManagementService', 'unifiedIdentityDomain'], 'user-management', 'portal-shell-unified'],
  ])('flags %j → %s, client_id %s', (flags, variant, clientId) => {
    expect(authVariant(new Set(flags))).toBe(variant);
    expect(oidcClientId(new Set(flags))).toBe(clientId);
  });
});

describe('refreshTokens', () => {
  it('user-management service: POST /public/token/refresh with JSON and stores data.access_token/refresh_token', async () => {
    const fresh = token(NOW, 1800);
    const t = setup(
      { '/public/token/refresh': () => json({ data: { access_token: fresh, refresh_token: 'refresh-2' } }) },
      { flags: ['userManagementService'] },
    );
    await expect(
      refreshTokens(t.client, t.store, t.flags, { onEvent: t.onEvent, logout: t.logoutSpy }),
    ).resolves.toEqual({ access_token: fresh, refresh_token: 'refresh-2' });
    expect(t.net.calls).toHaveLength(1);
    const call = t.net.calls[0]!;
    expect(call.url).toBe(`${UMS}/public/token/refresh`);
    expect(call.method).toBe('POST');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers.authorization).toBe(`Bearer ${t.access}`);
    expect(JSON.parse(call.body!)).toEqual({ access_token: t.access, refresh_token: 'refresh-1' });
    expect(t.storage.data.get('access_token')).toBe(fresh);
    expect(t.storage.data.get('refresh_token')).toBe('refresh-2');
    expect(t.onEvent).not.toHaveBeenCalled();
    expect(t.logoutSpy).not.toHaveBeenCalled();
  });

  it.each([
    [[], 'portal-shell'],
    [['unifiedIdentityDomain'], 'portal-shell-unified'],
  ])(
    'identity provider (flags %j): form grant_type=refresh_token, client_id=%s, refresh_token',
    async (flags, clientId) => {
      const fresh = token(NOW, 900);
      const t = setup(
        {
          '/protocol/openid-connect/token': () =>
            json({ access_token: fresh, refresh_token: 'refresh-2', expires_in: 900 }),
        },
        { flags },
      );
      await refreshTokens(t.client, t.store, t.flags, { onEvent: t.onEvent, logout: t.logoutSpy });
      const call = t.net.calls[0]!;
      expect(call.url).toBe(`${IDP}/protocol/openid-connect/token`);
      expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(call.headers.authorization).toBeUndefined();
      expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
        grant_type: 'refresh_token',
        client_id: clientId,
        refresh_token: 'refresh-1',
      });
      expect(t.store.getAccessToken()).toBe(fresh);
      expect(t.store.getRefreshToken()).toBe('refresh-2');
    },
  );

  it('re-synchronises server time from the new token', async () => {
    const fresh = token(NOW + 30_000, 1800); // the server is 30 s ahead
    const t = setup({ '/protocol/openid-connect/token': () => json({ access_token: fresh, refresh_token: 'r2' }) });
    await refreshTokens(t.client, t.store, t.flags, { logout: t.logoutSpy });
    expect(t.store.serverTimeDifferenceMs()).toBe(30_000);
    expect(t.store.tokenRemainingSeconds()).toBe(1800);
  });

  it.each([
    ['the access token has expired by server time', { access: token(NOW - 1_800_000, 1800) }],
    ['there is no access token', { access: null }],
    ['there is no refresh token', { refresh: null }],
  ])("when %s: event 'refresh-token-expired', logout, 'Refresh token expired!', no call", async (_, options) => {
    const t = setup({}, options);
    await expect(
      refreshTokens(t.client, t.store, t.flags, { onEvent: t.onEvent, logout: t.logoutSpy }),
    ).rejects.toThrow(new Error('Refresh token expired!'));
    expect(t.onEvent).toHaveBeenCalledExactlyOnceWith('refresh-token-expired');
    expect(t.logoutSpy).toHaveBeenCalledTimes(1);
    expect(t.net.calls).toEqual([]);
  });

  it.each([
    ['answers 500', () => json({ error: 'boom' }, 500)],
    ['answers 401', () => json({ error: 'invalid_grant' }, 401)],
    ['answers without tokens', () => json({ data: {} })],
    ['answers with an undecodable access token', () => json({ data: { access_token: 'nope', refresh_token: 'r2' } })],
    ['cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    "when the call %s: event 'refresh-token-failed', logout, 'Refresh token failed!', old tokens kept",
    async (_, route) => {
      const t = setup({ '/public/token/refresh': route }, { flags: ['userManagementService'] });
      const error = await refreshTokens(t.client, t.store, t.flags, { onEvent: t.onEvent, logout: t.logoutSpy }).catch(
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe('Refresh token failed!');
      expect((error as Error).cause).toBeDefined();
      expect(t.onEvent).toHaveBeenCalledExactlyOnceWith('refresh-token-failed');
      expect(t.logoutSpy).toHaveBeenCalledTimes(1);
      expect(t.store.getAccessToken()).toBe(t.access);
      expect(t.store.getRefreshToken()).toBe('refresh-1');
    },
  );

  it('still throws its own message when the logout after a failure fails too', async () => {
    const t = setup({ '/public/token/refresh': () => json({}, 503) }, { flags: ['userManagementService'] });
    const failingLogout = vi.fn(async () => {
      throw new Error('logout down');
    });
    await expect(
      refreshTokens(t.client, t.store, t.flags, { onEvent: t.onEvent, logout: failingLogout, logger: t.logger }),
    ).rejects.toThrow('Refresh token failed!');
    expect(t.logger.error).toHaveBeenCalledWith('[session] logout after "Refresh token failed!" failed: logout down');
  });
});

describe('logout', () => {
  function target() {
    return {
      navigate: vi.fn(),
      loginUrl: '/de-de/login',
      pensionLogoutUrl: 'https://pension.example/logout',
      clearData: vi.fn(),
      onLoggedOut: vi.fn(),
    };
  }

  it('user-management service: POST /public/token/logout {refresh_token}, 204, clears and goes to login', async () => {
    const t = setup({ '/public/token/logout': () => noContent() }, { flags: ['userManagementService'] });
    const to = target();
    await logout(t.client, t.store, t.flags, to);
    const call = t.net.calls[0]!;
    expect(call.url).toBe(`${UMS}/public/token/logout`);
    expect(JSON.parse(call.body!)).toEqual({ refresh_token: 'refresh-1' });
    expect(t.store.getAccessToken()).toBeNull();
    expect(t.store.getRefreshToken()).toBeNull();
    expect(to.clearData).toHaveBeenCalledTimes(1);
    expect(to.onLoggedOut).toHaveBeenCalledTimes(1);
    expect(to.navigate).toHaveBeenCalledExactlyOnceWith('/de-de/login');
    expect(to.onLoggedOut.mock.invocationCallOrder[0]).toBeLessThan(to.navigate.mock.invocationCallOrder[0]!);
  });

  it.each([
    [[], 'portal-shell'],
    [['unifiedIdentityDomain'], 'portal-shell-unified'],
  ])('identity provider (flags %j): form refresh_token, client_id=%s', async (flags, clientId) => {
    const t = setup({ '/protocol/openid-connect/logout': () => noContent() }, { flags });
    const to = target();
    await logout(t.client, t.store, t.flags, to);
    const call = t.net.calls[0]!;
    expect(call.url).toBe(`${IDP}/protocol/openid-connect/logout`);
    expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
      refresh_token: 'refresh-1',
      client_id: clientId,
    });
    expect(to.navigate).toHaveBeenCalledWith('/de-de/login');
  });

  it('goes to the pension logout when pensionLogout is on', async () => {
    const t = setup(
      { '/public/token/logout': () => noContent() },
      { flags: ['userManagementService', 'pensionLogout'] },
    );
    const to = target();
    await logout(t.client, t.store, t.flags, to);
    expect(to.navigate).toHaveBeenCalledExactlyOnceWith('https://pension.example/logout');
  });

  it.each([
    ['answers 500', () => json({}, 500), /answered 500/],
    ['answers 200 instead of 204', () => json({ ok: true }), 'Logout answered 200; expected 204.'],
    ['cannot be reached', () => Promise.reject(new TypeError('Failed to fetch')), /Failed to fetch/],
  ])('when the call %s: clears the session, navigates, then rethrows the message', async (_, route, message) => {
    const t = setup({ '/public/token/logout': route }, { flags: ['userManagementService', 'pensionLogout'] });
    const to = target();
    await expect(logout(t.client, t.store, t.flags, to)).rejects.toThrow(message);
    expect(t.store.getAccessToken()).toBeNull();
    expect(t.store.getRefreshToken()).toBeNull();
    expect(to.clearData).toHaveBeenCalledTimes(1);
    expect(to.navigate).toHaveBeenCalledExactlyOnceWith('https://pension.example/logout');
    expect(to.onLoggedOut).not.toHaveBeenCalled();
  });

  it('makes no call without a refresh token but still clears and navigates', async () => {
    const t = setup({}, { refresh: null });
    const to = target();
    await logout(t.client, t.store, t.flags, to);
    expect(t.net.calls).toEqual([]);
    expect(t.store.getAccessToken()).toBeNull();
    expect(to.navigate).toHaveBeenCalledWith('/de-de/login');
  });

  it('falls back to the login page when pensionLogout is on but no pension URL is known', () => {
    expect(logoutDestination(new Set(['pensionLogout']), { loginUrl: '/login' })).toBe('/login');
  });
});
