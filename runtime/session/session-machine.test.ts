import { describe, expect, it } from 'vitest';
import {
  canExtend,
  createSessionConfig,
  initialSessionState,
  isCountdownEnabled,
  isExtendingAllowed,
  sessionLength,
  sessionView,
  step,
  type SessionConfig,
  type SessionEffect,
  type SessionInput,
  type SessionState,
} from './session-machine';

const T0 = 1_700_000_000_000;
const s = (seconds: number) => T0 + seconds * 1000;
/** A long-lived, old-enough token: only idle time matters. */
const LONG = { remainingSeconds: 3600, ageSeconds: 600 };

function machine(config: Partial<SessionConfig> = {}) {
  let state: SessionState = initialSessionState({
    sessionLengthSeconds: 300,
    webview: false,
    stopRefresh: false,
    ...config,
  });
  const log: SessionEffect[] = [];
  const send = (input: SessionInput) => {
    const result = step(state, input);
    state = result.state;
    log.push(...result.effects);
    return result.effects;
  };
  send({ type: 'start', now: T0, config: state.config });
  return {
    send,
    tick: (at: number, token: { remainingSeconds: number; ageSeconds: number } | null = LONG) =>
      send({ type: 'tick', now: s(at), token }),
    get state() {
      return state;
    },
    get view() {
      return sessionView(state);
    },
    log,
  };
}

const refresh = (mode: 'silent' | 'manual'): SessionEffect => ({ type: 'refresh', mode });
const event = (kind: string) => ({ type: 'event', kind });
const LOGOUT: SessionEffect = { type: 'logout', reason: 'expired' };

describe('session machine: idle countdown', () => {
  it('does nothing before it is started', () => {
    const state = initialSessionState({ sessionLengthSeconds: 300, webview: false, stopRefresh: false });
    expect(step(state, { type: 'tick', now: s(999), token: null })).toEqual({ state, effects: [] });
    expect(sessionView(state)).toBeUndefined();
  });

  it('shows the countdown at 120 s idle remaining, once, and logs out at 0', () => {
    const m = machine();
    expect(m.tick(179)).toEqual([]);
    expect(m.view).toBeUndefined();
    expect(m.tick(180)).toEqual([event('shown')]);
    expect(m.view).toEqual({ remainingSeconds: 120, extended: false });
    expect(m.tick(181)).toEqual([]);
    expect(m.view).toEqual({ remainingSeconds: 119, extended: false });
    expect(m.tick(299.5)).toEqual([]);
    expect(m.view?.remainingSeconds).toBe(1);
    expect(m.tick(300)).toEqual([event('expired'), LOGOUT]);
    expect(m.state).toMatchObject({ status: 'ended', endReason: 'expired' });
    expect(m.view).toBeUndefined();
    expect(m.tick(301)).toEqual([]);
    expect(m.log.filter((e) => e.type === 'logout')).toHaveLength(1);
  });

  it('resets idle time on activity', () => {
    const m = machine();
    m.send({ type: 'activity', now: s(170) });
    expect(m.tick(300)).toEqual([]);
    expect(m.view).toBeUndefined();
    expect(m.tick(350)).toEqual([event('shown')]);
    expect(m.tick(470)).toEqual([event('expired'), LOGOUT]);
  });

  it('counts activity at most once per second', () => {
    const m = machine();
    m.send({ type: 'activity', now: s(10) });
    m.send({ type: 'activity', now: s(10.5) }); // dropped: idle still counts from 10 s
    m.tick(190.2);
    expect(m.view?.remainingSeconds).toBe(120); // 119.8 s left, shown rounded up
    m.send({ type: 'activity', now: s(191) }); // 181 s after the last counted one
    m.tick(192);
    expect(m.view).toBeUndefined();
  });

  it('hides the countdown when activity resets idle time and counts a new appearance as a new "shown"', () => {
    const m = machine();
    m.tick(200);
    m.send({ type: 'activity', now: s(201) });
    m.tick(202);
    expect(m.view).toBeUndefined();
    expect(m.tick(381)).toEqual([event('shown')]);
    expect(m.log.filter((e) => e.type === 'event' && e.kind === 'shown')).toHaveLength(2);
  });

  it('shows the smaller of idle and token remaining', () => {
    const m = machine();
    m.tick(200, { remainingSeconds: 3600, ageSeconds: 600 });
    expect(m.view?.remainingSeconds).toBe(100); // idle
    m.tick(201, { remainingSeconds: 30.2, ageSeconds: 600 });
    // token: a silent refresh is due, but the idle countdown was showing already.
    expect(m.view?.remainingSeconds).toBe(31);
  });

  it('expires when the token runs out even though the user is active', () => {
    const m = machine({ stopRefresh: true, sessionLengthSeconds: 100 });
    m.send({ type: 'activity', now: s(50) });
    expect(m.tick(60, { remainingSeconds: 0, ageSeconds: 600 })).toEqual([event('expired'), LOGOUT]);
  });

  it('expires when there is no readable token', () => {
    expect(machine().tick(1, null)).toEqual([event('expired'), LOGOUT]);
  });
});

describe('session machine: silent refresh', () => {
  it('refreshes once at 120 s token remaining and reports extended-automatically', () => {
    const m = machine();
    expect(m.tick(10, { remainingSeconds: 121, ageSeconds: 1679 })).toEqual([]);
    expect(m.tick(11, { remainingSeconds: 120, ageSeconds: 1680 })).toEqual([refresh('silent')]);
    expect(m.view).toBeUndefined(); // no warning while the refresh is on its way
    expect(m.tick(12, { remainingSeconds: 119, ageSeconds: 1681 })).toEqual([]);
    expect(m.send({ type: 'refresh-succeeded', now: s(12.3) })).toEqual([event('extended-automatically')]);
    expect(m.tick(13, { remainingSeconds: 1800, ageSeconds: 1 })).toEqual([]);
    expect(m.view).toBeUndefined();
  });

  it('does not reset idle time', () => {
    const m = machine();
    m.tick(100, { remainingSeconds: 100, ageSeconds: 1700 });
    m.send({ type: 'refresh-succeeded', now: s(100.2) });
    expect(m.tick(180)).toEqual([event('shown')]);
  });

  it('leaves a token younger than 5 s alone and warns instead', () => {
    const m = machine();
    expect(m.tick(10, { remainingSeconds: 90, ageSeconds: 4.9 })).toEqual([event('shown')]);
    expect(m.view?.remainingSeconds).toBe(90);
    expect(m.tick(11, { remainingSeconds: 89, ageSeconds: 5 })).toEqual([refresh('silent')]);
  });

  it('refreshes in the webview too, where nothing is shown', () => {
    const m = machine({ webview: true });
    expect(m.tick(10, { remainingSeconds: 60, ageSeconds: 600 })).toEqual([refresh('silent')]);
    expect(m.view).toBeUndefined();
  });
});

describe('session machine: extending disabled (stopRefresh and session length ≤ 120 s)', () => {
  it('never refreshes and offers no extend', () => {
    const m = machine({ stopRefresh: true, sessionLengthSeconds: 120 });
    expect(canExtend(m.state)).toBe(false);
    expect(m.tick(1, { remainingSeconds: 100, ageSeconds: 600 })).toEqual([event('shown')]);
    expect(m.send({ type: 'extend-requested', now: s(2) })).toEqual([]);
    m.tick(3, { remainingSeconds: 98, ageSeconds: 602 });
    expect(m.log.some((e) => e.type === 'refresh')).toBe(false);
  });

  it('is allowed again above 120 s, or with the flag off', () => {
    expect(isExtendingAllowed({ stopRefresh: true, sessionLengthSeconds: 121 })).toBe(true);
    expect(isExtendingAllowed({ stopRefresh: false, sessionLengthSeconds: 60 })).toBe(true);
    expect(isExtendingAllowed({ stopRefresh: true, sessionLengthSeconds: 120 })).toBe(false);
    expect(
      machine({ stopRefresh: true, sessionLengthSeconds: 121 }).tick(1, { remainingSeconds: 100, ageSeconds: 600 }),
    ).toContainEqual(refresh('silent'));
  });

  it('warns when the token, not idle time, will end the session', () => {
    const m = machine({ stopRefresh: true, sessionLengthSeconds: 120 });
    m.send({ type: 'activity', now: s(60) });
    m.tick(61, { remainingSeconds: 45, ageSeconds: 600 });
    expect(m.view).toEqual({ remainingSeconds: 45, extended: false });
  });
});

describe('session machine: manual extend', () => {
  it('refreshes, hides the countdown and shows "extended" for 5 s', () => {
    const m = machine();
    m.tick(200);
    expect(m.send({ type: 'extend-requested', now: s(200.5) })).toEqual([refresh('manual')]);
    expect(m.send({ type: 'extend-requested', now: s(200.6) })).toEqual([]); // one call at a time
    m.tick(201);
    expect(m.view).toEqual({ remainingSeconds: 99, extended: false }); // still counting until the call returns
    expect(m.send({ type: 'refresh-succeeded', now: s(201.5) })).toEqual([event('extended-manually')]);
    expect(m.view).toEqual({ remainingSeconds: null, extended: true });
    m.tick(206.4);
    expect(m.view).toEqual({ remainingSeconds: null, extended: true });
    m.tick(206.5);
    expect(m.view).toBeUndefined();
    // Idle time counts from the extend.
    expect(m.tick(381.4)).toEqual([]);
    expect(m.tick(381.5)).toEqual([event('shown')]);
  });

  it('reuses a silent refresh already on its way and reports it as manual', () => {
    const m = machine();
    m.tick(200, { remainingSeconds: 110, ageSeconds: 1690 });
    expect(m.log).toContainEqual(refresh('silent'));
    expect(m.send({ type: 'extend-requested', now: s(200.2) })).toEqual([]);
    expect(m.send({ type: 'refresh-succeeded', now: s(200.4) })).toEqual([event('extended-manually')]);
    expect(m.log.filter((e) => e.type === 'refresh')).toHaveLength(1);
    expect(m.view?.extended).toBe(true);
  });

  it('does nothing in the webview', () => {
    const m = machine({ webview: true });
    expect(m.send({ type: 'extend-requested', now: s(1) })).toEqual([]);
    expect(canExtend(m.state)).toBe(false);
  });
});

describe('session machine: failures and ends', () => {
  it('stops after a failed refresh (refreshTokens has logged out) without a second logout', () => {
    const m = machine();
    m.tick(10, { remainingSeconds: 100, ageSeconds: 1700 });
    expect(m.send({ type: 'refresh-failed', now: s(11) })).toEqual([]);
    expect(m.state).toMatchObject({ status: 'ended', endReason: 'refresh-failed' });
    expect(m.tick(500, null)).toEqual([]);
  });

  it('ignores refresh answers when no refresh is on its way', () => {
    const m = machine();
    expect(m.send({ type: 'refresh-failed', now: s(1) })).toEqual([]);
    expect(m.send({ type: 'refresh-succeeded', now: s(1) })).toEqual([]);
    expect(m.state.status).toBe('active');
  });

  it('a user logout ends the machine quietly', () => {
    const m = machine();
    m.tick(200);
    expect(m.send({ type: 'logged-out' })).toEqual([]);
    expect(m.view).toBeUndefined();
    expect(m.tick(400)).toEqual([]);
  });

  it('stop makes it inactive; start begins a fresh session', () => {
    const m = machine();
    m.tick(300);
    m.send({ type: 'stop' });
    expect(m.state.status).toBe('inactive');
    m.send({ type: 'start', now: s(1000), config: m.state.config });
    expect(m.tick(1179)).toEqual([]);
    expect(m.tick(1180)).toEqual([event('shown')]);
  });

  it('configure changes the session length of a running session', () => {
    const m = machine();
    m.send({ type: 'configure', config: { ...m.state.config, sessionLengthSeconds: 600 } });
    expect(m.tick(300)).toEqual([]);
    expect(m.tick(480)).toEqual([event('shown')]);
  });
});

describe('session machine: webview', () => {
  it('ignores idle time and shows nothing; only the token ends the session', () => {
    const m = machine({ webview: true });
    expect(m.tick(3000, { remainingSeconds: 3000, ageSeconds: 600 })).toEqual([]);
    expect(m.tick(3001, { remainingSeconds: 100, ageSeconds: 6000 })).toEqual([refresh('silent')]);
    expect(m.view).toBeUndefined();
    m.send({ type: 'refresh-succeeded', now: s(3002) });
    expect(m.tick(3100, { remainingSeconds: 0, ageSeconds: 6099 })).toEqual([event('expired'), LOGOUT]);
  });
});

describe('session helpers', () => {
  it.each([
    [undefined, 300],
    [0, 300],
    [-5, 300],
    [Number.NaN, 300],
    [Number.POSITIVE_INFINITY, 300],
    [90, 90],
    [1800, 1800],
  ])('session length %s → %s s', (input, expected) => {
    expect(sessionLength(input)).toBe(expected);
  });

  it('reads stopRefresh from the flags', () => {
    expect(createSessionConfig({ webview: false, flags: new Set(['stopRefresh']) })).toEqual({
      sessionLengthSeconds: 300,
      webview: false,
      stopRefresh: true,
    });
  });

  it.each([
    [true, 'production', [], true],
    [false, 'production', [], false],
    [true, 'local', [], false],
    [true, 'local', ['sessionCountdownLocalDev'], true],
    [false, 'local', ['sessionCountdownLocalDev'], false],
    [true, 'staging', [], true],
  ] as const)('token valid %s in %s with %j → enabled %s', (tokenValid, environment, flags, expected) => {
    expect(isCountdownEnabled({ tokenValid, environment, flags: new Set(flags) })).toBe(expected);
  });
});
