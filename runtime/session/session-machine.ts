import type { EnvironmentName } from '../api/environment';
import {
  AUTO_REFRESH_THRESHOLD_SECONDS,
  COUNTDOWN_THRESHOLD_SECONDS,
  DEFAULT_SESSION_LENGTH_SECONDS,
  EXTENDED_MESSAGE_MS,
  IDLE_THROTTLE_MS,
  MIN_TOKEN_AGE_SECONDS,
  STOP_REFRESH_SESSION_LENGTH_SECONDS,
} from './constants';
import type { TokenSnapshot } from './token-store';

/**
 * The session countdown as a pure step function (docs/rules.md#session-countdown): state + input → new state + effects.
 * No timers, no DOM, no I/O. use-session.ts feeds it ticks and activity and carries out the effects;
 * docs/session.md draws the machine.
 */

/** Session analytics events (docs/rules.md#tracking), one per occurrence. Same names as runtime/tracking's sessionEvent(). */
export const SESSION_EVENT_KINDS = ['expired', 'extended-automatically', 'extended-manually', 'shown'] as const;
export type SessionEventKind = (typeof SESSION_EVENT_KINDS)[number];

export interface SessionConfig {
  /** Idle timeout in seconds, normalised by sessionLength(). */
  sessionLengthSeconds: number;
  /** Mobile webview: only token time counts and no message is shown. */
  webview: boolean;
  /** The `stopRefresh` flag. */
  stopRefresh: boolean;
}

/** inactive: not started (no valid token, or not allowed here). ended: expired, refresh failed or logged out. */
export type SessionStatus = 'inactive' | 'active' | 'ended';
export type RefreshMode = 'silent' | 'manual';
export type SessionEndReason = 'expired' | 'refresh-failed' | 'logged-out';

export interface SessionState {
  status: SessionStatus;
  config: SessionConfig;
  /** Client epoch ms of the last counted activity, start or manual extend: idle time counts from here. */
  lastActivityAt: number;
  /** Remaining seconds at the last tick (min of idle and token remaining; token only in the webview). */
  remainingSeconds: number | null;
  countdownVisible: boolean;
  /** The refresh call in flight, if any; there is never more than one. */
  refreshing: RefreshMode | null;
  /** Client epoch ms until which the "extended" confirmation shows. */
  extendedUntil: number | null;
  endReason: SessionEndReason | null;
}

export type SessionInput =
  | { type: 'start'; now: number; config: SessionConfig }
  | { type: 'configure'; config: SessionConfig }
  | { type: 'stop' }
  | { type: 'tick'; now: number; token: TokenSnapshot | null }
  | { type: 'activity'; now: number }
  | { type: 'extend-requested'; now: number }
  | { type: 'refresh-succeeded'; now: number }
  | { type: 'refresh-failed'; now: number }
  | { type: 'logged-out' };

export type SessionEffect =
  | { type: 'refresh'; mode: RefreshMode }
  | { type: 'logout'; reason: 'expired' }
  | { type: 'event'; kind: SessionEventKind };

export interface StepResult {
  state: SessionState;
  effects: SessionEffect[];
}

/** docs/session.md#constants: a missing, non-finite or non-positive length falls back to 5 minutes. */
export function sessionLength(seconds: number | undefined): number {
  return seconds !== undefined && Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_SESSION_LENGTH_SECONDS;
}

/** docs/rules.md#session-countdown: extending (silent and manual) is disabled when the session length is 120 s or less and `stopRefresh` is on. */
export function isExtendingAllowed(config: Pick<SessionConfig, 'sessionLengthSeconds' | 'stopRefresh'>): boolean {
  return !(config.stopRefresh && config.sessionLengthSeconds <= STOP_REFRESH_SESSION_LENGTH_SECONDS);
}

/** docs/rules.md#session-countdown: the countdown runs only with a valid token, and in local development only with `sessionCountdownLocalDev`. */
export function isCountdownEnabled(input: {
  tokenValid: boolean;
  environment: EnvironmentName;
  flags: ReadonlySet<string>;
}): boolean {
  return input.tokenValid && (input.environment !== 'local' || input.flags.has('sessionCountdownLocalDev'));
}

export function createSessionConfig(input: {
  sessionLengthSeconds?: number;
  webview: boolean;
  flags: ReadonlySet<string>;
}): SessionConfig {
  return {
    sessionLengthSeconds: sessionLength(input.sessionLengthSeconds),
    webview: input.webview,
    stopRefresh: input.flags.has('stopRefresh'),
  };
}

export function initialSessionState(config: SessionConfig): SessionState {
  return {
    status: 'inactive',
    config,
    lastActivityAt: 0,
    remainingSeconds: null,
    countdownVisible: false,
    refreshing: null,
    extendedUntil: null,
    endReason: null,
  };
}

const unchanged = (state: SessionState): StepResult => ({ state, effects: [] });

function end(state: SessionState, reason: SessionEndReason): SessionState {
  return {
    ...state,
    status: 'ended',
    endReason: reason,
    countdownVisible: false,
    refreshing: null,
    extendedUntil: null,
  };
}

function tick(state: SessionState, now: number, token: TokenSnapshot | null): StepResult {
  const { config } = state;
  const idleRemaining = config.sessionLengthSeconds - (now - state.lastActivityAt) / 1000;
  // No readable token (cleared in another tab, or garbage) counts as an expired one.
  const tokenRemaining = token ? token.remainingSeconds : 0;
  const remaining = config.webview ? tokenRemaining : Math.min(idleRemaining, tokenRemaining);

  if (remaining <= 0) {
    return {
      state: { ...end(state, 'expired'), remainingSeconds: 0 },
      effects: [
        { type: 'event', kind: 'expired' },
        { type: 'logout', reason: 'expired' },
      ],
    };
  }

  const effects: SessionEffect[] = [];
  let refreshing = state.refreshing;
  if (
    refreshing === null &&
    token !== null &&
    isExtendingAllowed(config) &&
    tokenRemaining <= AUTO_REFRESH_THRESHOLD_SECONDS &&
    token.ageSeconds >= MIN_TOKEN_AGE_SECONDS
  ) {
    refreshing = 'silent';
    effects.push({ type: 'refresh', mode: 'silent' });
  }

  // Idle time needs the user; a short token needs them too unless a silent refresh is already on its way.
  const countdownVisible =
    !config.webview &&
    (idleRemaining <= COUNTDOWN_THRESHOLD_SECONDS ||
      (tokenRemaining <= COUNTDOWN_THRESHOLD_SECONDS && refreshing !== 'silent'));
  if (countdownVisible && !state.countdownVisible) effects.push({ type: 'event', kind: 'shown' });

  const extendedUntil = state.extendedUntil !== null && now >= state.extendedUntil ? null : state.extendedUntil;
  return { state: { ...state, remainingSeconds: remaining, countdownVisible, refreshing, extendedUntil }, effects };
}

export function step(state: SessionState, input: SessionInput): StepResult {
  switch (input.type) {
    case 'start':
      return {
        state: { ...initialSessionState(input.config), status: 'active', lastActivityAt: input.now },
        effects: [],
      };
    case 'configure':
      return { state: { ...state, config: input.config }, effects: [] };
    case 'stop':
      return state.status === 'inactive' ? unchanged(state) : { state: initialSessionState(state.config), effects: [] };
    case 'logged-out':
      return state.status === 'active' ? { state: end(state, 'logged-out'), effects: [] } : unchanged(state);
  }
  if (state.status !== 'active') return unchanged(state);

  switch (input.type) {
    case 'tick':
      return tick(state, input.now, input.token);
    case 'activity':
      // Throttled: activity within 1 s of the last counted one is dropped (the webview ignores idle time anyway).
      if (state.config.webview || input.now - state.lastActivityAt < IDLE_THROTTLE_MS) return unchanged(state);
      return { state: { ...state, lastActivityAt: input.now }, effects: [] };
    case 'extend-requested':
      if (state.config.webview || !isExtendingAllowed(state.config) || state.refreshing === 'manual')
        return unchanged(state);
      // A silent refresh already on its way serves the request: its result is reported as the manual extend.
      if (state.refreshing === 'silent') return { state: { ...state, refreshing: 'manual' }, effects: [] };
      return { state: { ...state, refreshing: 'manual' }, effects: [{ type: 'refresh', mode: 'manual' }] };
    case 'refresh-succeeded':
      if (state.refreshing === 'silent')
        return { state: { ...state, refreshing: null }, effects: [{ type: 'event', kind: 'extended-automatically' }] };
      if (state.refreshing === 'manual') {
        return {
          state: {
            ...state,
            refreshing: null,
            lastActivityAt: input.now,
            countdownVisible: false,
            extendedUntil: input.now + EXTENDED_MESSAGE_MS,
          },
          effects: [{ type: 'event', kind: 'extended-manually' }],
        };
      }
      return unchanged(state);
    case 'refresh-failed':
      // refreshTokens() has already logged the user out (docs/session.md#failures); the machine only stops.
      return state.refreshing === null ? unchanged(state) : { state: end(state, 'refresh-failed'), effects: [] };
  }
}

/** What the countdown component needs, or undefined when there is nothing to show. */
export interface SessionView {
  /** Whole seconds left while the countdown shows; null otherwise. */
  remainingSeconds: number | null;
  extended: boolean;
}

export function sessionView(state: SessionState): SessionView | undefined {
  if (state.status !== 'active') return undefined;
  const extended = state.extendedUntil !== null;
  const remainingSeconds =
    state.countdownVisible && state.remainingSeconds !== null ? Math.max(0, Math.ceil(state.remainingSeconds)) : null;
  if (!extended && remainingSeconds === null) return undefined;
  return { remainingSeconds, extended };
}

/** The countdown offers "stay logged in" only when extending is allowed (and never in the webview, which shows nothing). */
export function canExtend(state: SessionState): boolean {
  return state.status === 'active' && !state.config.webview && isExtendingAllowed(state.config);
}
