/**
 * The schedule's time: picked in a datetime-local input, in the user's own time zone, and sent as ISO 8601
 * UTC (docs/workflow.md#scheduled-publishing). The service refuses a time that has passed or is more than a
 * year ahead (bad-schedule); the same limits are checked here first so the user sees why before sending.
 */

/** How far ahead a set may be scheduled, as the service allows. */
export const MAX_SCHEDULE_AHEAD_MS = 366 * 24 * 60 * 60 * 1000;

export type ScheduleInput = { ok: true; at: string } | { ok: false; reason: string };

/** "2026-03-01T09:30" (local wall time, as the input gives it) → the UTC instant, or why it cannot be used. */
export function readScheduleInput(value: string, now: number = Date.now()): ScheduleInput {
  if (!value) return { ok: false, reason: 'Pick a date and time.' };
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value))
    return { ok: false, reason: `“${value}” is not a date and time.` };
  // Without a zone designator a date-time string is read as local time (ECMAScript Date Time String Format).
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return { ok: false, reason: `“${value}” is not a date and time.` };
  if (time <= now) return { ok: false, reason: 'That time has passed: pick one in the future.' };
  if (time - now > MAX_SCHEDULE_AHEAD_MS) return { ok: false, reason: 'A set can be scheduled at most a year ahead.' };
  return { ok: true, at: new Date(time).toISOString() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The UTC instant as the input's local wall time, minutes precision: what to prefill when rescheduling. */
export function toScheduleInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The user's time zone's name, for the label ("Europe/Berlin"). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
