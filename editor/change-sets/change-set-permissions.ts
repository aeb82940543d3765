/**
 * What the signed-in user may do to a change set, decided from role + state + who wrote the carried
 * versions (docs/workflow.md#who-does-what, #states, #approval-four-eyes). The page only lays the answer out;
 * the service decides again on every request, so this is for showing the right buttons, never for safety.
 */
import type { ChangeSet, ChangeSetActionName, ChangeSetState, DocumentId, Role } from '../../schemas/contracts';

/** Everything the change-set page can offer: the service's actions plus creating and revoking share links. */
export type WorkflowAction = ChangeSetActionName | 'share';

/** Hidden: not for this user or state. Blocked: shown disabled, with the reason beside it. */
export type Permission = { kind: 'allowed' } | { kind: 'blocked'; reason: string } | { kind: 'hidden' };

export type Permissions = Record<WorkflowAction, Permission>;

/** The author of the draft version a set carries for one member. */
export interface CarriedVersion {
  id: DocumentId;
  version: number;
  author: string;
}

export interface PermissionInput {
  username: string;
  role: Role;
  changeSet: Pick<ChangeSet, 'state' | 'members' | 'schedule'>;
  /** Whether publishing needs an approved set (ChangeSetList.requireApproval). */
  requireApproval: boolean;
  /** Who wrote each carried version; the approval check needs them (a member missing here counts as unknown). */
  carried: readonly CarriedVersion[];
}

/** Every action once (a record, so a new action in the contract is a compile error here until it is placed). */
const ACTIONS = {
  rename: 1,
  add: 1,
  remove: 1,
  submit: 1,
  approve: 1,
  withdraw: 1,
  comment: 1,
  schedule: 1,
  unschedule: 1,
  publish: 1,
  share: 1,
} as const satisfies Record<WorkflowAction, 1>;
const ALL_ACTIONS = Object.keys(ACTIONS) as WorkflowAction[];

/** Editors do everything; approvers sign off, schedule and publish but never edit; viewers read and comment. */
const ROLE_ACTIONS = {
  editor: ALL_ACTIONS,
  approver: ['approve', 'comment', 'schedule', 'unschedule', 'publish', 'share'],
  viewer: ['comment'],
} as const satisfies Record<Role, readonly WorkflowAction[]>;

/**
 * What each state allows at all, whoever asks (publishing before approval is added when approval is off).
 * Changing the members of an approved set is allowed: it sends the set back to review.
 */
const STATE_ACTIONS = {
  draft: ['rename', 'add', 'remove', 'submit', 'comment', 'share'],
  'in-review': ['rename', 'add', 'remove', 'approve', 'withdraw', 'comment', 'share'],
  approved: ['rename', 'add', 'remove', 'withdraw', 'comment', 'schedule', 'unschedule', 'publish', 'share'],
  published: ['comment'],
} as const satisfies Record<ChangeSetState, readonly WorkflowAction[]>;

const has = (list: readonly WorkflowAction[], action: WorkflowAction) => list.includes(action);

/** "de-DE v8": the versions `username` wrote among the carried ones, for the self-approval reason. */
export function ownVersions(carried: readonly CarriedVersion[], username: string): string[] {
  return carried.filter((c) => c.author === username).map((c) => `${c.id} v${c.version}`);
}

function inState(action: WorkflowAction, role: Role, state: ChangeSetState, requireApproval: boolean): boolean {
  if (has(STATE_ACTIONS[state], action)) return true;
  // With REQUIRE_APPROVAL=0 an editor may publish a draft or in-review set directly; approvers still only
  // approved ones (docs/workflow.md#approval).
  return action === 'publish' && role === 'editor' && !requireApproval && (state === 'draft' || state === 'in-review');
}

function decide(action: WorkflowAction, input: PermissionInput): Permission {
  const { username, role, changeSet, requireApproval, carried } = input;
  if (!has(ROLE_ACTIONS[role], action) || !inState(action, role, changeSet.state, requireApproval))
    return { kind: 'hidden' };
  const scheduled = changeSet.schedule !== null && !changeSet.schedule.failure;
  const empty = changeSet.members.length === 0;
  switch (action) {
    case 'approve': {
      const mine = ownVersions(carried, username);
      if (mine.length > 0)
        return { kind: 'blocked', reason: `You wrote ${mine.join(', ')}: someone else must approve this set.` };
      if (carried.length < changeSet.members.length)
        return { kind: 'blocked', reason: 'Loading who wrote the carried versions…' };
      return { kind: 'allowed' };
    }
    case 'submit':
    case 'publish':
      return empty ? { kind: 'blocked', reason: 'Add a document first.' } : { kind: 'allowed' };
    case 'schedule':
      return scheduled ? { kind: 'hidden' } : { kind: 'allowed' };
    case 'unschedule':
      return scheduled ? { kind: 'allowed' } : { kind: 'hidden' };
    default:
      return { kind: 'allowed' };
  }
}

export function permissionsFor(input: PermissionInput): Permissions {
  return Object.fromEntries(ALL_ACTIONS.map((action) => [action, decide(action, input)])) as Permissions;
}

export const isAllowed = (p: Permission): boolean => p.kind === 'allowed';
export const isShown = (p: Permission): boolean => p.kind !== 'hidden';
