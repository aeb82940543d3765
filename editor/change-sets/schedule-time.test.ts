import { MAX_SCHEDULE_AHEAD_MS, readScheduleInput, toScheduleInput } from './schedule-time';

// The input is read in the user's zone; pin one with a DST offset so the conversion is visible (UTC+1 in winter).
const zone = process.env.TZ;
beforeAll(() => void (process.env.TZ = 'Europe/Berlin'));
afterAll(() => void (process.env.TZ = zone));

const now = Date.parse('2026-01-05T10:00:00.000Z');

describe('the schedule time (docs/workflow.md#scheduled-publishing)', () => {
  it('reads the picked wall time in the user’s zone and sends it as UTC', () => {
    expect(readScheduleInput('2026-03-01T09:30', now)).toEqual({ ok: true, at: '2026-03-01T08:30:00.000Z' });
    // Summer time: UTC+2.
    expect(readScheduleInput('2026-07-01T09:30', now)).toEqual({ ok: true, at: '2026-07-01T07:30:00.000Z' });
  });

  it('prefills the input with the instant as local wall time', () => {
    expect(toScheduleInput('2026-03-01T08:30:00.000Z')).toBe('2026-03-01T09:30');
  });

  it('refuses an empty, malformed, past or too-distant time, saying why', () => {
    expect(readScheduleInput('', now)).toEqual({ ok: false, reason: 'Pick a date and time.' });
    expect(readScheduleInput('tomorrow', now)).toEqual({ ok: false, reason: '“tomorrow” is not a date and time.' });
    expect(readScheduleInput('2026-01-05T10:59', now)).toEqual({
      ok: false,
      reason: 'That time has passed: pick one in the future.',
    });
    const tooFar = new Date(now + MAX_SCHEDULE_AHEAD_MS + 3_600_000);
    expect(readScheduleInput(toScheduleInput(tooFar.toISOString()), now)).toEqual({
      ok: false,
      reason: 'A set can be scheduled at most a year ahead.',
    });
  });
});
