/**
 * How change sets read on screen: state labels and colours, history lines, member lists. Decided here, so the
 * pages only lay them out and tests pin the words (docs/workflow.md#states, #comments-and-history).
 */
import type {
  ChangeSet,
  ChangeSetEvent,
  ChangeSetEventKind,
  ChangeSetState,
  DocumentId,
} from '../../schemas/contracts';

export const STATE_LABELS = {
  draft: 'Draft',
  'in-review': 'In review',
  approved: 'Approved',
  published: 'Published',
} as const satisfies Record<ChangeSetState, string>;

/** Badge colour palettes: what needs someone stands out (in review), what is done is grey. */
export const STATE_PALETTES = {
  draft: 'gray',
  'in-review': 'orange',
  approved: 'green',
  published: 'blue',
} as const satisfies Record<ChangeSetState, string>;

/** Each history line's verb, after the author's name. */
export const EVENT_VERBS = {
  created: 'created the set',
  renamed: 'renamed the set',
  'member-added': 'added a document',
  'member-removed': 'removed a document',
  'member-edited': 'edited a document',
  submitted: 'submitted it for review',
  approved: 'approved it',
  'returned-to-review': 'sent it back to review',
  withdrawn: 'withdrew it to draft',
  commented: 'commented',
  scheduled: 'scheduled it',
  unscheduled: 'unscheduled it',
  'schedule-failed': 'could not publish it at its time',
  published: 'published it',
  'publish-failed': 'could not publish it',
  shared: 'shared a preview link',
  'share-revoked': 'revoked a preview link',
} as const satisfies Record<ChangeSetEventKind, string>;

/** "de-DE v8, fr-FR v3": member versions in the order given. */
export function formatVersions(versions: Partial<Record<DocumentId, number>>): string {
  return Object.entries(versions)
    .map(([id, version]) => `${id} v${version}`)
    .join(', ');
}

/** One history line without its time: "approver approved it (de-DE v8)". */
export function describeEvent(event: ChangeSetEvent): string {
  const versions = formatVersions(event.versions);
  const detail = event.detail ? `: ${event.detail}` : '';
  return `${event.author} ${EVENT_VERBS[event.kind]}${detail}${versions ? ` (${versions})` : ''}`;
}

/** The latest event, which the list shows as what happened last. */
export function lastEvent(changeSet: Pick<ChangeSet, 'events'>): ChangeSetEvent | undefined {
  return changeSet.events.at(-1);
}

/** "de-DE, fr-FR" or "no documents yet". */
export function memberNames(changeSet: Pick<ChangeSet, 'members'>): string {
  return changeSet.members.length === 0 ? 'no documents yet' : changeSet.members.map((m) => m.id).join(', ');
}

/** A time in the reader's zone, short: "5 Jan 2026, 11:00". */
export function formatLocalTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A time in UTC, unambiguous for everyone reading the same set: "2026-01-05 10:00 UTC". */
export function formatUtc(iso: string): string {
  return `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** What the list and the page say about the schedule. */
export function describeSchedule(changeSet: Pick<ChangeSet, 'schedule'>): string {
  const { schedule } = changeSet;
  if (!schedule) return 'Not scheduled';
  if (schedule.failure) return `Could not publish at ${formatUtc(schedule.at)}: ${schedule.failure.reason}`;
  return `Publishes ${formatLocalTime(schedule.at)} (${formatUtc(schedule.at)})`;
}
