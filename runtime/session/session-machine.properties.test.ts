import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  initialSessionState,
  sessionView,
  step,
  type SessionConfig,
  type SessionEffect,
  type SessionInput,
  type SessionState,
} from './session-machine';
import type { TokenSnapshot } from './token-store';

/**
 * Properties of the pure session machine over random input sequences. The oracles below use only
 * the rules of docs/rules.md#session-countdown, not the machine's internals: a throttled activity lies at most 1 s after
 * the one that was counted, so "the user was active within L − 1 s" is enough to keep idle time below L.
 */

const RUNS = 500;
const T0 = 1_700_000_000_000;

type Step =
  | { kind: 'tick'; dt: number; token: TokenSnapshot | null }
  | { kind: 'activity'; dt: number }
  | { kind: 'extend'; dt: number }
  | { kind: 'refresh-ok'; dt: number }
  | { kind: 'refresh-fail'; dt: number };

const dtArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 2_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 60_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 900_000 }) },
);

const snapshotArb = (remaining: fc.Arbitrary<number>): fc.Arbitrary<TokenSnapshot> =>
  fc.record({ remainingSeconds: remaining, ageSeconds: fc.double({ min: 0, max: 4000, noNaN: true }) });

const anyTokenArb = fc.option(snapshotArb(fc.double({ min: -50, max: 4000, noNaN: true })), { nil: null, freq: 20 });
const validTokenArb = snapshotArb(fc.double({ min: 0.001, max: 4000, noNaN: true }));

function stepsArb(
  tokenArb: fc.Arbitrary<TokenSnapshot | null>,
  options: { withFailures: boolean },
): fc.Arbitrary<Step[]> {
  const kinds: fc.Arbitrary<Step>[] = [
    fc.record({ kind: fc.constant('tick' as const), dt: dtArb, token: tokenArb }),
    fc.record({ kind: fc.constant('tick' as const), dt: dtArb, token: tokenArb }),
    fc.record({ kind: fc.constant('activity' as const), dt: dtArb }),
    fc.record({ kind: fc.constant('extend' as const), dt: dtArb }),
    fc.record({ kind: fc.constant('refresh-ok' as const), dt: dtArb }),
  ];
  if (options.withFailures) kinds.push(fc.record({ kind: fc.constant('refresh-fail' as const), dt: dtArb }));
  return fc.array(fc.oneof(...kinds), { minLength: 1, maxLength: 80 });
}

const configArb = (
  length: fc.Arbitrary<number>,
  stopRefresh: fc.Arbitrary<boolean> = fc.boolean(),
): fc.Arbitrary<SessionConfig> => fc.record({ sessionLengthSeconds: length, webview: fc.boolean(), stopRefresh });

interface Trace {
  step: Step;
  now: number;
  before: SessionState;
  after: SessionState;
  effects: SessionEffect[];
  /** Latest start, activity or refresh answer at or before this step (an upper bound on the counted activity time). */
  lastReset: number;
  /** Latest raw activity or start (what "the user was active" means). */
  lastActive: number;
}

function run(config: SessionConfig, steps: Step[]): Trace[] {
  let state = step(initialSessionState(config), { type: 'start', now: T0, config }).state;
  let now = T0;
  let lastReset = T0;
  let lastActive = T0;
  const trace: Trace[] = [];
  for (const s of steps) {
    now += s.dt;
    const input: SessionInput =
      s.kind === 'tick'
        ? { type: 'tick', now, token: s.token }
        : s.kind === 'activity'
          ? { type: 'activity', now }
          : s.kind === 'extend'
            ? { type: 'extend-requested', now }
            : s.kind === 'refresh-ok'
              ? { type: 'refresh-succeeded', now }
              : { type: 'refresh-failed', now };
    if (s.kind === 'activity') lastActive = now;
    if (s.kind === 'activity' || s.kind === 'refresh-ok') lastReset = now;
    const result = step(state, input);
    trace.push({ step: s, now, before: state, after: result.state, effects: result.effects, lastReset, lastActive });
    state = result.state;
  }
  return trace;
}

const logouts = (effects: SessionEffect[]) => effects.filter((e) => e.type === 'logout').length;
const events = (effects: SessionEffect[], kind: string) =>
  effects.filter((e) => e.type === 'event' && e.kind === kind).length;

describe('session machine properties', () => {
  it('never logs out while the token is valid and the user is active', () => {
    let premiseHeld = 0;
    fc.assert(
      fc.property(
        configArb(fc.integer({ min: 2, max: 3600 })),
        stepsArb(validTokenArb, { withFailures: true }),
        (config, steps) => {
          for (const t of run(config, steps)) {
            if (t.step.kind !== 'tick') {
              expect(logouts(t.effects)).toBe(0); // only a tick can end a session by time
              continue;
            }
            const tokenValid = t.step.token !== null && t.step.token.remainingSeconds > 0;
            const userActive = config.webview || t.now - t.lastActive < config.sessionLengthSeconds * 1000 - 1000;
            if (tokenValid && userActive) {
              premiseHeld += 1;
              expect(logouts(t.effects)).toBe(0);
              expect(events(t.effects, 'expired')).toBe(0);
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
    expect(premiseHeld).toBeGreaterThan(RUNS); // the premise was not vacuous
  });

  it('always logs out, exactly once, when the remaining time reaches 0', () => {
    let expiries = 0;
    fc.assert(
      fc.property(
        configArb(fc.integer({ min: 1, max: 1800 })),
        stepsArb(anyTokenArb, { withFailures: false }),
        (config, steps) => {
          const trace = run(config, steps);
          for (const t of trace) {
            if (t.step.kind !== 'tick' || t.before.status !== 'active') continue;
            const tokenGone = t.step.token === null || t.step.token.remainingSeconds <= 0;
            const idleGone = !config.webview && t.now - t.lastReset >= config.sessionLengthSeconds * 1000;
            if (tokenGone || idleGone) {
              expiries += 1;
              expect(t.effects).toContainEqual({ type: 'logout', reason: 'expired' });
              expect(events(t.effects, 'expired')).toBe(1);
              expect(t.after.status).toBe('ended');
              expect(sessionView(t.after)).toBeUndefined();
            }
          }
          const all = trace.flatMap((t) => t.effects);
          expect(logouts(all)).toBeLessThanOrEqual(1);
          expect(events(all, 'expired')).toBe(logouts(all));
          // Nothing happens after the logout.
          const at = trace.findIndex((t) => logouts(t.effects) > 0);
          if (at >= 0) expect(trace.slice(at + 1).flatMap((t) => t.effects)).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
    expect(expiries).toBeGreaterThan(RUNS / 4);
  });

  it('never refreshes when extending is disabled (stopRefresh on, session length ≤ 120 s)', () => {
    fc.assert(
      fc.property(
        configArb(fc.integer({ min: 1, max: 120 }), fc.constant(true)),
        stepsArb(anyTokenArb, { withFailures: true }),
        (config, steps) => {
          const trace = run(config, steps);
          expect(trace.flatMap((t) => t.effects).filter((e) => e.type === 'refresh')).toEqual([]);
          expect(
            trace.flatMap((t) => t.effects).filter((e) => e.type === 'event' && e.kind.startsWith('extended')),
          ).toEqual([]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('has at most one refresh call on its way', () => {
    fc.assert(
      fc.property(
        configArb(fc.integer({ min: 1, max: 3600 })),
        stepsArb(anyTokenArb, { withFailures: true }),
        (config, steps) => {
          let inFlight = false;
          for (const t of run(config, steps)) {
            if (t.step.kind === 'refresh-ok' || t.step.kind === 'refresh-fail') inFlight = false;
            const refreshes = t.effects.filter((e) => e.type === 'refresh').length;
            expect(refreshes).toBeLessThanOrEqual(1);
            if (refreshes === 1) {
              expect(inFlight).toBe(false);
              inFlight = true;
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('sends "shown" exactly when the countdown appears, and never in the webview', () => {
    fc.assert(
      fc.property(
        configArb(fc.integer({ min: 1, max: 1800 })),
        stepsArb(anyTokenArb, { withFailures: true }),
        (config, steps) => {
          for (const t of run(config, steps)) {
            const wasShowing = (sessionView(t.before)?.remainingSeconds ?? null) !== null;
            const isShowing = (sessionView(t.after)?.remainingSeconds ?? null) !== null;
            expect(events(t.effects, 'shown')).toBe(!wasShowing && isShowing ? 1 : 0);
            if (config.webview) expect(sessionView(t.after)).toBeUndefined();
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('reports each accepted refresh answer once, as automatic or manual', () => {
    fc.assert(
      fc.property(
        configArb(fc.integer({ min: 1, max: 1800 })),
        stepsArb(anyTokenArb, { withFailures: true }),
        (config, steps) => {
          for (const t of run(config, steps)) {
            const extended = events(t.effects, 'extended-automatically') + events(t.effects, 'extended-manually');
            const accepted =
              t.step.kind === 'refresh-ok' && t.before.status === 'active' && t.before.refreshing !== null;
            expect(extended).toBe(accepted ? 1 : 0);
            if (accepted) expect(events(t.effects, 'extended-manually')).toBe(t.before.refreshing === 'manual' ? 1 : 0);
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});
