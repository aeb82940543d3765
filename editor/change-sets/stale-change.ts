/**
 * When a write meets a set that changed meanwhile (412 stale-change-set), the page reloads the record and says
 * what changed, so the user can decide whether their action still makes sense. What they typed stays put.
 */
import type { ChangeSet } from '../../schemas/contracts';
import { describeEvent, formatVersions, STATE_LABELS } from './change-set-text';

/** What differs between the record the user acted on and the current one, in words, most telling first. */
export function describeStaleChange(before: ChangeSet, after: ChangeSet): string[] {
  const lines: string[] = [];
  if (before.state !== after.state)
    lines.push(
      `It is now ${STATE_LABELS[after.state].toLowerCase()} (it was ${STATE_LABELS[before.state].toLowerCase()}).`,
    );
  if (before.title !== after.title) lines.push(`It was renamed to “${after.title}”.`);
  const carried = (set: ChangeSet) => formatVersions(Object.fromEntries(set.members.map((m) => [m.id, m.version])));
  if (carried(before) !== carried(after)) lines.push(`Its documents are now: ${carried(after) || 'none'}.`);
  // Events are only ever appended: the new ones are everything past the old count.
  for (const event of after.events.slice(before.events.length)) lines.push(`${describeEvent(event)}.`);
  if (lines.length === 0) lines.push('Someone changed it meanwhile.');
  return lines;
}
