import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStrings } from '../components/__fixtures__/models';
import { renderWithShell } from '../components/__fixtures__/render';
import { SessionCountdown } from '../components/SessionCountdown/SessionCountdown';
import { fakeFetch, json, noContent, storeWith, testClient, token, type Route } from './__fixtures__/session-fixtures';
import { useSession, type UseSessionOptions } from './use-session';

const START = Date.UTC(2025, 3, 1, 10, 0, 0);

/** Lets the fake fetch, the HTTP client and the hook's promise chains settle (setImmediate stays real). */
async function settle() {
  for (let i = 0; i < 10; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function setup(
  options: {
    lifetime?: number;
    routes?: Record<string, Route>;
    flags?: string[];
    overrides?: Partial<UseSessionOptions>;
  } = {},
) {
  const { store } = storeWith({
    now: () => Date.now(),
    access: token(Date.now(), options.lifetime ?? 1800),
    refresh: 'refresh-1',
  });
  const net = fakeFetch({
    '/public/token/refresh': () =>
      json({ data: { access_token: token(Date.now(), options.lifetime ?? 1800), refresh_token: 'refresh-2' } }),
    '/public/token/logout': () => noContent(),
    ...options.routes,
  });
  const navigate = vi.fn();
  const clearData = vi.fn();
  const onEvent = vi.fn();
  const onRefreshFailure = vi.fn();
  const onLoggedOut = vi.fn();
  const logger = { log: vi.fn(), error: vi.fn() };
  const props: UseSessionOptions = {
    enabled: true,
    sessionLengthSeconds: 300,
    flags: new Set(options.flags ?? ['userManagementService']),
    strings: sessionStrings,
    client: testClient(net.fetch, store),
    tokenStore: store,
    logoutTarget: { navigate, loginUrl: '/en-gb/login', clearData },
    onEvent,
    onRefreshFailure,
    onLoggedOut,
    webview: false,
    logger,
    ...options.overrides,
  };
  const hook = renderHook((p: UseSessionOptions) => useSession(p), { initialProps: props });
  const paths = () => net.calls.map((c) => new URL(c.url).pathname.replace(/^\/api\/[^/]+/, ''));
  return { ...hook, props, store, net, paths, navigate, clearData, onEvent, onRefreshFailure, onLoggedOut, logger };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: START });
});
afterEach(() => {
  vi.useRealTimers();
  document.cookie = 'isWebview=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('useSession: countdown', () => {
  it('shows nothing until 120 s of idle time are left, then counts down with the config strings', async () => {
    const t = setup();
    await advance(179_000);
    expect(t.result.current.session).toBeUndefined();
    await advance(1000);
    expect(t.result.current.session).toEqual({ remainingSeconds: 120, extended: false, strings: sessionStrings });
    await advance(20_000);
    expect(t.result.current.session?.remainingSeconds).toBe(100);
    expect(t.onEvent.mock.calls).toEqual([['shown']]);
    expect(t.result.current.extend).toBeTypeOf('function');
  });

  it.each(['mouseup', 'keydown', 'touchend'])('resets idle time on %s', async (type) => {
    const t = setup();
    await advance(150_000);
    window.dispatchEvent(new Event(type));
    await advance(179_000);
    expect(t.result.current.session).toBeUndefined();
    await advance(1000);
    expect(t.result.current.session?.remainingSeconds).toBe(120);
  });

  it('ignores other events (mousemove, scroll)', async () => {
    const t = setup();
    await advance(150_000);
    window.dispatchEvent(new Event('mousemove'));
    window.dispatchEvent(new Event('scroll'));
    await advance(30_000);
    expect(t.result.current.session?.remainingSeconds).toBe(120);
  });

  it('at 0 sends "expired", logs out through the service, clears the data and goes to the login page', async () => {
    const t = setup();
    await advance(300_000);
    await settle();
    expect(t.onEvent.mock.calls).toEqual([['shown'], ['expired']]);
    expect(t.paths()).toEqual(['/public/token/logout']);
    expect(t.store.getAccessToken()).toBeNull();
    expect(t.clearData).toHaveBeenCalledTimes(1);
    expect(t.onLoggedOut).toHaveBeenCalledExactlyOnceWith('expired');
    expect(t.navigate).toHaveBeenCalledExactlyOnceWith('/en-gb/login');
    expect(t.result.current.session).toBeUndefined();
    await advance(600_000);
    expect(t.navigate).toHaveBeenCalledTimes(1);
  });

  it('still clears and navigates when the logout call fails, and logs the error', async () => {
    const t = setup({ routes: { '/public/token/logout': () => json({}, 500) } });
    await advance(300_000);
    await settle();
    expect(t.store.getAccessToken()).toBeNull();
    expect(t.navigate).toHaveBeenCalledWith('/en-gb/login');
    expect(t.onLoggedOut).not.toHaveBeenCalled();
    expect(t.logger.error).toHaveBeenCalledWith(
      expect.stringMatching(/^\[session\] logout at expiry failed: .*answered 500/),
    );
  });

  it('does nothing while disabled', async () => {
    const t = setup({ overrides: { enabled: false } });
    await advance(900_000);
    expect(t.result.current.session).toBeUndefined();
    expect(t.result.current.extend).toBeUndefined();
    expect(t.net.calls).toEqual([]);
    expect(t.navigate).not.toHaveBeenCalled();
  });

  it('stops when it unmounts', async () => {
    const t = setup();
    await advance(10_000);
    t.unmount();
    await advance(900_000);
    expect(t.navigate).not.toHaveBeenCalled();
    expect(t.onEvent).not.toHaveBeenCalled();
  });

  it('still logs out at expiry without strings, but shows nothing', async () => {
    const t = setup({ overrides: { strings: undefined } });
    await advance(200_000);
    expect(t.result.current.session).toBeUndefined();
    await advance(100_000);
    await settle();
    expect(t.navigate).toHaveBeenCalledWith('/en-gb/login');
  });

  it('uses the 5 minute default session length', async () => {
    const t = setup({ overrides: { sessionLengthSeconds: undefined } });
    await advance(180_000);
    expect(t.result.current.session?.remainingSeconds).toBe(120);
  });
});

describe('useSession: refresh and extend', () => {
  it('refreshes silently at 120 s token remaining and reports extended-automatically', async () => {
    const t = setup({ lifetime: 220 });
    await advance(99_000);
    expect(t.net.calls).toEqual([]);
    await advance(1000);
    await settle();
    expect(t.paths()).toEqual(['/public/token/refresh']);
    expect(t.store.getRefreshToken()).toBe('refresh-2');
    expect(t.onEvent.mock.calls).toEqual([['extended-automatically']]);
    expect(t.result.current.session).toBeUndefined();
    // The new token lives 220 s from now: the next silent refresh is 100 s later.
    await advance(99_000);
    await settle();
    expect(t.net.calls).toHaveLength(1);
    await advance(1000);
    await settle();
    expect(t.net.calls).toHaveLength(2);
  });

  it('a manual extend refreshes, hides the countdown and shows "extended" for 5 s', async () => {
    const t = setup();
    await advance(200_000);
    expect(t.result.current.session?.remainingSeconds).toBe(100);
    act(() => t.result.current.extend!());
    await settle();
    expect(t.paths()).toEqual(['/public/token/refresh']);
    expect(t.result.current.session).toEqual({ remainingSeconds: null, extended: true, strings: sessionStrings });
    expect(t.onEvent.mock.calls).toEqual([['shown'], ['extended-manually']]);
    await advance(4999);
    expect(t.result.current.session?.extended).toBe(true);
    await advance(1);
    expect(t.result.current.session).toBeUndefined();
  });

  it('uses the identity provider when the user-management service is off', async () => {
    const t = setup({
      lifetime: 220,
      flags: ['unifiedIdentityDomain'],
      routes: {
        '/protocol/openid-connect/token': () =>
          json({ access_token: token(Date.now(), 1800), refresh_token: 'oidc-2' }),
      },
    });
    await advance(100_000);
    await settle();
    expect(t.paths()).toEqual(['/protocol/openid-connect/token']);
    expect(new URLSearchParams(t.net.calls[0]!.body).get('client_id')).toBe('portal-shell-unified');
    expect(t.store.getRefreshToken()).toBe('oidc-2');
  });

  it('with stopRefresh and a session of 120 s or less: no extend, no refresh, logout at the end', async () => {
    const t = setup({
      lifetime: 220,
      flags: ['userManagementService', 'stopRefresh'],
      overrides: { sessionLengthSeconds: 110 },
    });
    expect(t.result.current.extend).toBeUndefined();
    await advance(1000);
    expect(t.result.current.session?.remainingSeconds).toBe(109);
    await advance(109_000);
    await settle();
    expect(t.paths()).toEqual(['/public/token/logout']);
    expect(t.navigate).toHaveBeenCalledWith('/en-gb/login');
  });

  it('a failed silent refresh is logged only; refreshTokens records the failure and logs out', async () => {
    const t = setup({ lifetime: 220, routes: { '/public/token/refresh': () => json({}, 500) } });
    await advance(100_000);
    await settle();
    expect(t.logger.log).toHaveBeenCalledExactlyOnceWith('[session] silent extend failed: Refresh token failed!');
    expect(t.onRefreshFailure).toHaveBeenCalledExactlyOnceWith('refresh-token-failed');
    expect(t.paths()).toEqual(['/public/token/refresh', '/public/token/logout']);
    expect(t.onLoggedOut).toHaveBeenCalledExactlyOnceWith('refresh-failed');
    expect(t.navigate).toHaveBeenCalledExactlyOnceWith('/en-gb/login');
    expect(t.onEvent).not.toHaveBeenCalledWith('expired');
    await advance(600_000);
    expect(t.navigate).toHaveBeenCalledTimes(1);
  });

  it('a failed manual extend is logged only', async () => {
    const t = setup({ routes: { '/public/token/refresh': () => Promise.reject(new TypeError('Failed to fetch')) } });
    await advance(200_000);
    act(() => t.result.current.extend!());
    await settle();
    expect(t.logger.log).toHaveBeenCalledExactlyOnceWith('[session] manual extend failed: Refresh token failed!');
    expect(t.result.current.session).toBeUndefined();
    expect(t.navigate).toHaveBeenCalledWith('/en-gb/login');
  });
});

describe('useSession: webview and logout', () => {
  it('in the webview (cookie isWebview=true) ignores idle time, shows nothing and only the token ends the session', async () => {
    document.cookie = 'isWebview=true';
    const t = setup({
      lifetime: 1000,
      flags: ['userManagementService', 'stopRefresh'],
      overrides: { webview: undefined, sessionLengthSeconds: 60 },
    });
    await advance(900_000);
    expect(t.result.current.session).toBeUndefined();
    expect(t.result.current.extend).toBeUndefined();
    expect(t.navigate).not.toHaveBeenCalled();
    await advance(100_000);
    await settle();
    expect(t.onEvent.mock.calls).toEqual([['expired']]);
    expect(t.navigate).toHaveBeenCalledWith('/en-gb/login');
  });

  it('logout() ends the session, goes to the pension logout when flagged, and logs a failed call', async () => {
    const t = setup({
      flags: ['userManagementService', 'pensionLogout'],
      routes: { '/public/token/logout': () => json({}, 502) },
      overrides: {
        logoutTarget: { navigate: vi.fn(), loginUrl: '/login', pensionLogoutUrl: 'https://pension.example/out' },
      },
    });
    await act(() => t.result.current.logout());
    const navigate = t.props.logoutTarget.navigate as ReturnType<typeof vi.fn>;
    expect(navigate).toHaveBeenCalledExactlyOnceWith('https://pension.example/out');
    expect(t.store.getAccessToken()).toBeNull();
    expect(t.logger.error).toHaveBeenCalledWith(expect.stringMatching(/^\[session\] logout failed: .*answered 502/));
    await advance(900_000);
    expect(t.onEvent).not.toHaveBeenCalled();
  });

  it('restarts when it is enabled again', async () => {
    const t = setup();
    await advance(200_000);
    t.rerender({ ...t.props, enabled: false });
    expect(t.result.current.session).toBeUndefined();
    t.rerender({ ...t.props, enabled: true });
    await advance(179_000);
    expect(t.result.current.session).toBeUndefined();
    await advance(1000);
    expect(t.result.current.session?.remainingSeconds).toBe(120);
  });
});

describe('useSession with SessionCountdown', () => {
  function Harness(props: UseSessionOptions) {
    const { session, extend, logout } = useSession(props);
    if (!session) return null;
    return <SessionCountdown {...session} onExtend={extend} onLogout={() => void logout()} />;
  }

  it('fills {time}, and "Stay logged in" extends the session', async () => {
    const t = setup({ overrides: { enabled: false } }); // only borrow the store, client and spies
    t.unmount();
    renderWithShell(<Harness {...t.props} enabled />);
    await advance(205_000);
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
      'For your security, you will be logged out in 1:35.',
    );
    // fireEvent, not userEvent: RTL's async wrapper waits on a setTimeout that only Jest's fake timers advance.
    const extend = screen.getByRole('button', { name: 'Stay logged in' });
    fireEvent.mouseDown(extend);
    fireEvent.mouseUp(extend); // reaches the window listener first, as in a browser
    fireEvent.click(extend);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Your session has been extended.');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(t.onEvent.mock.calls).toEqual([['shown'], ['extended-manually']]);
    await advance(5000);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
