import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { HttpClient } from '../api/http-client';
import type { ShellSession } from '../components/Shell';
import type { SessionStrings } from '../components/SessionCountdown/SessionCountdown';
import { logout, refreshTokens, type LogoutTarget, type RefreshFailureEvent } from './auth-actions';
import { EXTENDED_MESSAGE_MS, MONITOR_INTERVAL_MS } from './constants';
import {
  createSessionConfig,
  initialSessionState,
  isExtendingAllowed,
  sessionView,
  step,
  type RefreshMode,
  type SessionEffect,
  type SessionEventKind,
  type SessionInput,
  type SessionState,
  type SessionView,
} from './session-machine';
import type { TokenStore } from './token-store';
import { isWebview } from './webview-cookie';

/** Why a logout happened: the user asked, the session ran out, or a refresh failed. */
export type LogoutReason = 'user' | 'expired' | 'refresh-failed';

/** Activity that resets idle time (docs/rules.md#session-countdown). */
export const ACTIVITY_EVENTS = ['mouseup', 'keydown', 'touchend'] as const;

export interface UseSessionOptions {
  /** A valid token and an environment that allows the countdown: see isCountdownEnabled(). */
  enabled: boolean;
  /** Idle timeout; missing or unusable values fall back to 5 minutes. */
  sessionLengthSeconds?: number;
  flags: ReadonlySet<string>;
  /** config.strings.session; without them the countdown runs but shows nothing. */
  strings: SessionStrings | undefined;
  client: HttpClient;
  tokenStore: TokenStore;
  /** Where logout goes (login page or pension logout) and what else it clears. */
  logoutTarget: Omit<LogoutTarget, 'onLoggedOut'>;
  /** Session analytics events (docs/rules.md#tracking), each once per occurrence. */
  onEvent?: (kind: SessionEventKind) => void;
  /** Refresh failure events (docs/session.md#failures). */
  onRefreshFailure?: (kind: RefreshFailureEvent) => void;
  /** After the server ended the session, before navigating. */
  onLoggedOut?: (reason: LogoutReason) => void;
  /** Default: the `isWebview=true` cookie. */
  webview?: boolean;
  logger?: Pick<Console, 'log' | 'error'>;
}

export interface UseSessionResult {
  /** Shell's `session` prop; undefined while nothing is shown. */
  session: ShellSession | undefined;
  /** Shell's `onExtendSession`; undefined when extending is not allowed. */
  extend: (() => void) | undefined;
  /** Logs out (docs/rules.md#logout); a failed server call is logged, the local session is cleared either way. */
  logout: () => Promise<void>;
}

function sameView(a: SessionView | undefined, b: SessionView | undefined): boolean {
  return a === b || (!!a && !!b && a.remainingSeconds === b.remainingSeconds && a.extended === b.extended);
}

interface Controller {
  dispatch(input: SessionInput): void;
  tick(): void;
  logout(reason: LogoutReason): Promise<void>;
  dispose(): void;
}

/** Built once per hook instance; reads the latest options through the ref, so it never goes stale. */
function createController(
  latest: { readonly current: UseSessionOptions },
  initial: SessionState,
  publish: (view: SessionView | undefined) => void,
): Controller {
  let state = initial;
  let extendedTimer: ReturnType<typeof setTimeout> | undefined;
  const logger = () => latest.current.logger ?? console;

  const logoutFor = (reason: LogoutReason): Promise<void> => {
    const o = latest.current;
    return logout(o.client, o.tokenStore, o.flags, {
      ...o.logoutTarget,
      onLoggedOut: () => latest.current.onLoggedOut?.(reason),
    });
  };

  const dispatch = (input: SessionInput): void => {
    const result = step(state, input);
    state = result.state;
    publish(sessionView(state));
    for (const effect of result.effects) run(effect);
  };

  const tick = (): void => dispatch({ type: 'tick', now: Date.now(), token: latest.current.tokenStore.snapshot() });

  const refresh = (mode: RefreshMode): void => {
    const o = latest.current;
    refreshTokens(o.client, o.tokenStore, o.flags, {
      onEvent: o.onRefreshFailure,
      logout: () => logoutFor('refresh-failed'),
    }).then(
      () => {
        const manual = state.refreshing === 'manual';
        dispatch({ type: 'refresh-succeeded', now: Date.now() });
        if (manual) {
          clearTimeout(extendedTimer);
          // Hide the confirmation on time rather than at the next 1 s tick.
          extendedTimer = setTimeout(tick, EXTENDED_MESSAGE_MS);
        }
      },
      (error: unknown) => {
        // A failed silent or manual extend is logged only (docs/session.md#failures); refreshTokens has already logged the user out.
        logger().log(`[session] ${mode} extend failed: ${(error as Error).message}`);
        dispatch({ type: 'refresh-failed', now: Date.now() });
      },
    );
  };

  function run(effect: SessionEffect): void {
    switch (effect.type) {
      case 'event':
        latest.current.onEvent?.(effect.kind);
        return;
      case 'refresh':
        refresh(effect.mode);
        return;
      case 'logout':
        logoutFor('expired').catch((error: unknown) =>
          logger().error(`[session] logout at expiry failed: ${(error as Error).message}`),
        );
        return;
    }
  }

  return {
    dispatch,
    tick,
    logout: logoutFor,
    dispose: () => clearTimeout(extendedTimer),
  };
}

/**
 * The session monitor: a 1 s tick, idle tracking on window activity, silent and manual refresh,
 * and logout at expiry. Every decision is in session-machine.ts; this hook only wires time, the DOM
 * and the calls to it.
 */
export function useSession(options: UseSessionOptions): UseSessionResult {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });

  // The cookie is read once: reading document.cookie on every render costs a parse of all cookies, and the
  // app sets the webview cookie before the page loads (docs/session.md).
  const [webviewCookie] = useState(isWebview);
  const webview = options.webview ?? webviewCookie;
  const config = createSessionConfig({
    sessionLengthSeconds: options.sessionLengthSeconds,
    webview,
    flags: options.flags,
  });
  const { sessionLengthSeconds, stopRefresh } = config;
  const [view, setView] = useState<SessionView | undefined>(undefined);
  const [controller] = useState(() =>
    createController(latest, initialSessionState(config), (next) =>
      setView((previous) => (sameView(previous, next) ? previous : next)),
    ),
  );

  // Keep the machine's config current without restarting it.
  useEffect(() => {
    controller.dispatch({ type: 'configure', config: { sessionLengthSeconds, stopRefresh, webview } });
  }, [controller, sessionLengthSeconds, stopRefresh, webview]);

  useEffect(() => {
    if (!options.enabled) return;
    controller.dispatch({ type: 'start', now: Date.now(), config: { sessionLengthSeconds, stopRefresh, webview } });
    controller.tick();
    const interval = setInterval(controller.tick, MONITOR_INTERVAL_MS);
    const onActivity = () => controller.dispatch({ type: 'activity', now: Date.now() });
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true });
    return () => {
      clearInterval(interval);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity);
      controller.dispose();
      controller.dispatch({ type: 'stop' });
    };
    // Restart only when `enabled` flips; config changes reach the running machine through 'configure' above.
  }, [options.enabled, controller]);

  const extend = useCallback(() => controller.dispatch({ type: 'extend-requested', now: Date.now() }), [controller]);
  const userLogout = useCallback(async () => {
    controller.dispatch({ type: 'logged-out' });
    try {
      await controller.logout('user');
    } catch (error) {
      (latest.current.logger ?? console).error(`[session] logout failed: ${(error as Error).message}`);
    }
  }, [controller]);

  const extendAllowed = options.enabled && !webview && isExtendingAllowed(config);
  return {
    session: view && options.strings ? { ...view, strings: options.strings } : undefined,
    extend: extendAllowed ? extend : undefined,
    logout: userLogout,
  };
}
