/**
 * The change-set state machine (docs/workflow.md#change-sets), pure: a record and an action in, the next record
 * out, or an ApiError saying why not. No store, no clock: the service gathers the facts (the members' current
 * drafts, who holds a document, the time) and writes what comes back.
 *
 *   draft ──submit──▶ in-review ──approve──▶ approved ──publish──▶ published
 *     ▲                  │  ▲                   │
 *     └────withdraw──────┴──┼───────withdraw────┘
 *                           └── a member edited, added or removed after approval (returned-to-review)
 */
import {
  CHANGE_SET_STATES,
  type ChangeSet,
  type ChangeSetAction,
  type ChangeSetActionName,
  type ChangeSetEvent,
  type ChangeSetEventKind,
  type ChangeSetMember,
  type ChangeSetSchedule,
  type ChangeSetState,
  type VersionAction,
} from '../../schemas/contracts/index';
import type { DocumentId } from '../../schemas/validator/index';
import { ROLES, type Role } from '../auth/users-file';
import { ApiError } from '../http/errors';

export interface Actor {
  username: string;
  role: Role;
}

/** A document's draft as it is now: its version and who saved it. */
export interface DraftFact {
  version: number;
  author: string;
}

/** One version of a document as written: its number, who wrote it and how (a save, a restore, …). */
export interface VersionWrite {
  version: number;
  author: string;
  action: VersionAction;
}

/** What the rules need to know beyond the record, gathered by the service just before the action. */
export interface ActionFacts {
  actor: Actor;
  now: Date;
  requireApproval: boolean;
  /** The current draft of each member, and of the document an `add` names; absent: the store holds no copy. */
  drafts: ReadonlyMap<DocumentId, DraftFact>;
  /**
   * For `approve`, and required by it: every version of each member written after its last published version, up
   * to the version the set carries (all of them for a document never published), oldest first.
   */
  writes?: ReadonlyMap<DocumentId, readonly VersionWrite[]>;
  /** For `add`: the other unpublished set that already holds the document. */
  holder?: { id: string; title: string };
}

const EDITORS: readonly Role[] = ['editor'];
/** Editors and approvers sign off: approve, schedule, publish (docs/workflow.md#approval). */
const SIGN_OFF: readonly Role[] = ['editor', 'approver'];
const OPEN: readonly ChangeSetState[] = ['draft', 'in-review', 'approved'];

/** Who may take each action, and from which states. Publishing without approval is widened in `publishStates`. */
export const ACTION_RULES = {
  rename: { roles: EDITORS, states: OPEN },
  add: { roles: EDITORS, states: OPEN },
  remove: { roles: EDITORS, states: OPEN },
  submit: { roles: EDITORS, states: ['draft'] },
  approve: { roles: SIGN_OFF, states: ['in-review'] },
  withdraw: { roles: EDITORS, states: ['in-review', 'approved'] },
  comment: { roles: ROLES, states: CHANGE_SET_STATES },
  schedule: { roles: SIGN_OFF, states: ['approved'] },
  unschedule: { roles: SIGN_OFF, states: ['approved'] },
  publish: { roles: SIGN_OFF, states: ['approved'] },
} as const satisfies Record<ChangeSetActionName, { roles: readonly Role[]; states: readonly ChangeSetState[] }>;

export const CHANGE_SET_ACTIONS = Object.keys(ACTION_RULES) as ChangeSetActionName[];

export const TITLE_MAX = 120;
export const COMMENT_MAX = 2000;
/** A schedule further out than this is more likely a typo than a plan. */
export const SCHEDULE_MAX_MS = 366 * 24 * 60 * 60 * 1000;

/** With approval off, editors may publish a set that was never approved; approvers still only approved ones. */
export function publishStates(role: Role, requireApproval: boolean): readonly ChangeSetState[] {
  return !requireApproval && role === 'editor' ? OPEN : ACTION_RULES.publish.states;
}

function statesFor(action: ChangeSetActionName, role: Role, requireApproval: boolean): readonly ChangeSetState[] {
  return action === 'publish' ? publishStates(role, requireApproval) : ACTION_RULES[action].states;
}

/** The actions `actor` may try on `set` now (their own checks, e.g. self-approval, may still refuse). */
export function allowedActions(set: ChangeSet, actor: Actor, requireApproval: boolean): ChangeSetActionName[] {
  return CHANGE_SET_ACTIONS.filter(
    (action) =>
      (ACTION_RULES[action].roles as readonly Role[]).includes(actor.role) &&
      statesFor(action, actor.role, requireApproval).includes(set.state),
  );
}

export function versionsOf(members: readonly ChangeSetMember[]): Partial<Record<DocumentId, number>> {
  return Object.fromEntries(members.map((m) => [m.id, m.version]));
}

function event(
  kind: ChangeSetEventKind,
  author: string,
  now: Date,
  members: readonly ChangeSetMember[],
  detail?: string,
): ChangeSetEvent {
  return {
    kind,
    author,
    time: now.toISOString(),
    versions: versionsOf(members),
    ...(detail !== undefined ? { detail } : {}),
  };
}

export function newChangeSet(
  id: string,
  title: string,
  creator: string,
  now: Date,
  members: ChangeSetMember[],
): ChangeSet {
  const detail = members.length > 0 ? `with ${members.map((m) => `${m.id} v${m.version}`).join(', ')}` : undefined;
  return {
    id,
    title,
    state: 'draft',
    createdBy: creator,
    createdAt: now.toISOString(),
    members,
    approval: null,
    schedule: null,
    comments: [],
    events: [event('created', creator, now, members, detail)],
    shares: [],
    published: null,
    revision: 0,
  };
}

/** Throws 403 when the role may not take the action, 409 when the set's state does not allow it. */
export function assertAllowed(
  set: ChangeSet,
  action: ChangeSetActionName,
  actor: Actor,
  requireApproval: boolean,
): void {
  if (!(ACTION_RULES[action].roles as readonly Role[]).includes(actor.role)) throw roleRefusal(action, actor);
  const states = statesFor(action, actor.role, requireApproval);
  if (!states.includes(set.state)) throw stateRefusal(set, action, states, requireApproval);
}

/**
 * Applies `action` by `facts.actor`: the next record (same revision; the store bumps it), with the action's
 * events appended. Throws ApiError 403 (role, self-approval), 409 (state, membership), 400 (schedule, target).
 */
export function applyAction(set: ChangeSet, action: ChangeSetAction, facts: ActionFacts): ChangeSet {
  const { actor, now } = facts;
  assertAllowed(set, action.action, actor, facts.requireApproval);
  const by = actor.username;

  switch (action.action) {
    case 'rename':
      return {
        ...set,
        title: action.title,
        events: [...set.events, event('renamed', by, now, set.members, `“${set.title}” → “${action.title}”`)],
      };

    case 'add': {
      if (set.members.some((m) => m.id === action.document))
        throw new ApiError(409, 'invalid-transition', `${action.document} is already in this change set`);
      if (facts.holder) throw documentInChangeSet(action.document, facts.holder);
      const draft = facts.drafts.get(action.document);
      if (!draft)
        throw new ApiError(
          404,
          'document-not-found',
          `${action.document} is a known document but the store holds no copy of it`,
          'create it first',
        );
      const members = [...set.members, { id: action.document, version: draft.version }];
      const added = {
        ...set,
        members,
        events: [...set.events, event('member-added', by, now, members, `${action.document} v${draft.version}`)],
      };
      return backToReview(added, by, now, `${action.document} was added`);
    }

    case 'remove': {
      if (!set.members.some((m) => m.id === action.document))
        throw new ApiError(409, 'invalid-transition', `${action.document} is not in this change set`);
      const members = set.members.filter((m) => m.id !== action.document);
      const removed = {
        ...set,
        members,
        events: [...set.events, event('member-removed', by, now, members, action.document)],
      };
      return backToReview(removed, by, now, `${action.document} was removed`);
    }

    case 'submit': {
      requireMembers(set, 'submit');
      // Pinned to the drafts as they are now: the reviewers review these versions.
      const members = set.members.map((m) => ({ id: m.id, version: facts.drafts.get(m.id)?.version ?? m.version }));
      return { ...set, state: 'in-review', members, events: [...set.events, event('submitted', by, now, members)] };
    }

    case 'approve': {
      requireMembers(set, 'approve');
      const own = ownWrites(set, facts.writes, by);
      if (own.length > 0)
        throw new ApiError(
          403,
          'self-approval',
          `${by} ${describeWrites(own)}, which this change set carries, and cannot approve it`,
          'approval must come from someone who wrote none of the versions of its documents since they were last published: ask an approver or another editor',
        );
      const versions = versionsOf(set.members);
      return {
        ...set,
        state: 'approved',
        approval: { by, time: now.toISOString(), versions },
        schedule: null,
        events: [...set.events, event('approved', by, now, set.members)],
      };
    }

    case 'withdraw':
      return {
        ...set,
        state: 'draft',
        approval: null,
        schedule: null,
        events: [...set.events, event('withdrawn', by, now, set.members)],
      };

    case 'comment': {
      if (action.target && !set.members.some((m) => m.id === action.target!.document))
        throw new ApiError(
          400,
          'bad-request',
          `the comment's target ${action.target.document} is not in this change set`,
          `comment on one of its documents: ${set.members.map((m) => m.id).join(', ') || 'none yet'}`,
        );
      const comment = {
        id: `c${set.comments.length + 1}`,
        author: by,
        time: now.toISOString(),
        text: action.text,
        ...(action.target ? { target: action.target } : {}),
      };
      const where = action.target
        ? ` on ${action.target.document} ${action.target.itemId ?? action.target.pointer}`
        : '';
      return {
        ...set,
        comments: [...set.comments, comment],
        events: [...set.events, event('commented', by, now, set.members, `${firstWords(action.text)}${where}`)],
      };
    }

    case 'schedule': {
      const at = scheduleTime(action.at, now);
      const schedule: ChangeSetSchedule = { at, by };
      return { ...set, schedule, events: [...set.events, event('scheduled', by, now, set.members, `for ${at}`)] };
    }

    case 'unschedule':
      if (!set.schedule)
        throw new ApiError(
          409,
          'invalid-transition',
          'this change set is not scheduled',
          'schedule it with {"action": "schedule", "at": "…"}',
        );
      return {
        ...set,
        schedule: null,
        events: [...set.events, event('unscheduled', by, now, set.members, `was for ${set.schedule.at}`)],
      };

    case 'publish':
      requireMembers(set, 'publish');
      return published(set, by, now);
  }
}

/** 409: `document` is in another unpublished set already (docs/workflow.md#change-sets); the rules and the store's refusal alike. */
export function documentInChangeSet(document: DocumentId, holder: { id: string; title: string }): ApiError {
  return new ApiError(
    409,
    'document-in-change-set',
    `${document} is already in the change set “${holder.title}” (${holder.id})`,
    'a document can be in one unpublished change set at a time: remove it there, or add your change to that set',
  );
}

/** The set once its members are published (the manual and the scheduled publication alike). */
export function published(set: ChangeSet, by: string, now: Date, detail?: string): ChangeSet {
  const versions = versionsOf(set.members);
  return {
    ...set,
    state: 'published',
    schedule: null,
    published: { by, time: now.toISOString(), versions },
    events: [
      ...set.events,
      event('published', by, now, set.members, detail ?? set.members.map((m) => `${m.id} v${m.version}`).join(', ')),
    ],
  };
}

/**
 * Brings the carried versions in step with the drafts named in `drafts` ("de-DE v7 → v8 by anna"); an approved set
 * returns to review, its approval and schedule cleared. Undefined when nothing differs or the set is published.
 */
export function syncMembers(
  set: ChangeSet,
  drafts: ReadonlyMap<DocumentId, DraftFact>,
  now: Date,
): ChangeSet | undefined {
  if (set.state === 'published') return undefined;
  let next = set;
  for (const member of set.members) {
    const draft = drafts.get(member.id);
    if (!draft || draft.version === member.version) continue;
    const members = next.members.map((m) => (m.id === member.id ? { id: m.id, version: draft.version } : m));
    const detail = `${member.id} v${member.version} → v${draft.version} by ${draft.author}`;
    next = { ...next, members, events: [...next.events, event('member-edited', draft.author, now, members, detail)] };
    next = backToReview(next, draft.author, now, `${member.id} was edited`);
  }
  return next === set ? undefined : next;
}

/** A scheduled publication that could not happen: the schedule stays on record with why, and is not retried. */
export function scheduleFailed(set: ChangeSet, schedule: ChangeSetSchedule, reason: string, now: Date): ChangeSet {
  return {
    ...set,
    schedule: { at: schedule.at, by: schedule.by, failure: { time: now.toISOString(), reason } },
    events: [...set.events, event('schedule-failed', 'scheduler', now, set.members, reason)],
  };
}

/** Publication failed for a reason other than a moved draft: recorded, the set unchanged otherwise. */
export function publishFailed(set: ChangeSet, by: string, reason: string, now: Date): ChangeSet {
  return { ...set, events: [...set.events, event('publish-failed', by, now, set.members, reason)] };
}

/** When the scheduler should publish the set, if ever. */
export function dueAt(set: ChangeSet): number | undefined {
  if (set.state !== 'approved' || !set.schedule || set.schedule.failure) return undefined;
  return Date.parse(set.schedule.at);
}

/**
 * Four eyes (docs/workflow.md#approval): the versions `username` wrote of any member since its last publication.
 * Every write counts, not only the newest draft's: a colleague's trivial save on top hands nobody the approval.
 */
function ownWrites(
  set: ChangeSet,
  writes: ActionFacts['writes'],
  username: string,
): { id: DocumentId; write: VersionWrite }[] {
  return set.members.flatMap((member) => {
    const since = writes?.get(member.id);
    // Approving without knowing who wrote a member would be approving blind.
    if (!since) throw new Error(`approve needs the versions of ${member.id} written since its last publication`);
    return since.filter((w) => w.author === username).map((write) => ({ id: member.id, write }));
  });
}

const WRITE_VERBS = { seed: 'seeded', create: 'created', save: 'saved', restore: 'restored' } as const satisfies Record<
  VersionAction,
  string
>;

/** "saved fr-FR v2, de-DE v7 and restored it-IT v4": by verb in order of first appearance. */
function describeWrites(own: readonly { id: DocumentId; write: VersionWrite }[]): string {
  const byVerb = new Map<string, string[]>();
  for (const { id, write } of own) {
    const verb = WRITE_VERBS[write.action];
    byVerb.set(verb, [...(byVerb.get(verb) ?? []), `${id} v${write.version}`]);
  }
  return [...byVerb].map(([verb, versions]) => `${verb} ${versions.join(', ')}`).join(' and ');
}

function backToReview(set: ChangeSet, by: string, now: Date, why: string): ChangeSet {
  if (set.state !== 'approved') return set;
  const detail = `${why} after approval${set.schedule ? `; the schedule for ${set.schedule.at} was cleared` : ''}`;
  return {
    ...set,
    state: 'in-review',
    approval: null,
    schedule: null,
    events: [...set.events, event('returned-to-review', by, now, set.members, detail)],
  };
}

function requireMembers(set: ChangeSet, action: ChangeSetActionName): void {
  if (set.members.length === 0)
    throw new ApiError(
      409,
      'invalid-transition',
      `cannot ${action} a change set without documents`,
      'add a document first: {"action": "add", "document": "de-DE"}',
    );
}

/** ISO 8601 with a date, a time and an offset; stored in UTC. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

function scheduleTime(raw: string, now: Date): string {
  const time = ISO_INSTANT.test(raw) && isCalendarDate(raw) ? Date.parse(raw) : NaN;
  const example = new Date(now.getTime() + 60 * 60 * 1000).toISOString();
  if (Number.isNaN(time))
    throw new ApiError(
      400,
      'bad-schedule',
      `"at" must be an ISO 8601 time with its offset, not ${JSON.stringify(raw)}`,
      `e.g. "${example}" (UTC) or "2030-01-31T09:00:00+01:00"`,
    );
  if (time <= now.getTime())
    throw new ApiError(
      400,
      'bad-schedule',
      `${new Date(time).toISOString()} is not in the future (it is now ${now.toISOString()})`,
      `pick a later time, e.g. "${example}", or publish now`,
    );
  if (time - now.getTime() > SCHEDULE_MAX_MS)
    throw new ApiError(
      400,
      'bad-schedule',
      `${new Date(time).toISOString()} is more than a year ahead`,
      'schedule at most a year ahead',
    );
  return new Date(time).toISOString();
}

/** Date.parse rolls 2030-02-30 over to 2 March; a date that does not exist is a typo, not a schedule. */
function isCalendarDate(raw: string): boolean {
  const [y, m, d] = raw.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function roleRefusal(action: ChangeSetActionName, actor: Actor): ApiError {
  const may = ACTION_RULES[action].roles.map((r) => `${r}s`).join(' and ');
  const hint =
    actor.role === 'approver'
      ? 'approvers review, comment, approve, schedule and publish approved change sets, but never edit them'
      : actor.role === 'viewer'
        ? 'viewers read and comment; ask a content manager or an approver'
        : undefined;
  return new ApiError(
    403,
    'forbidden',
    `${actor.username} is ${actor.role === 'viewer' ? 'a' : 'an'} ${actor.role}; only ${may} may ${action} a change set`,
    hint,
  );
}

function stateRefusal(
  set: ChangeSet,
  action: ChangeSetActionName,
  states: readonly ChangeSetState[],
  requireApproval: boolean,
): ApiError {
  const hint =
    action === 'publish' && requireApproval && set.state !== 'published'
      ? 'publishing needs an approved change set: submit it for review and have someone else approve it'
      : action === 'approve' && set.state === 'draft'
        ? 'submit it for review first'
        : set.state === 'published'
          ? 'a published change set is closed; start a new one for further changes'
          : undefined;
  return new ApiError(
    409,
    'invalid-transition',
    `cannot ${action} a change set that is ${set.state}; it must be ${states.join(' or ')}`,
    hint,
  );
}

function firstWords(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= 60 ? line : `${line.slice(0, 59)}…`;
}
