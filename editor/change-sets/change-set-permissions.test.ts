import type { ChangeSetState, Role } from '../../schemas/contracts';
import { changeSet } from './__fixtures__/change-set';
import {
  ownVersions,
  permissionsFor,
  type PermissionInput,
  type Permissions,
  type WorkflowAction,
} from './change-set-permissions';

const carriedByAnna = [{ id: 'de-DE' as const, version: 8, author: 'anna' }];

function permissions(role: Role, state: ChangeSetState, overrides: Partial<PermissionInput> = {}): Permissions {
  return permissionsFor({
    username: 'bob',
    role,
    changeSet: changeSet({ state }),
    requireApproval: true,
    carried: carriedByAnna,
    ...overrides,
  });
}
const shown = (p: Permissions) => (Object.keys(p) as WorkflowAction[]).filter((a) => p[a].kind !== 'hidden').sort();

describe('what a user may do to a change set (docs/workflow.md#who-does-what)', () => {
  it('an editor who did not edit it may approve a set in review', () => {
    expect(permissions('editor', 'in-review').approve).toEqual({ kind: 'allowed' });
  });

  it('the last editor sees Approve disabled, with the versions they wrote as the reason', () => {
    const p = permissionsFor({
      username: 'anna',
      role: 'editor',
      changeSet: changeSet({
        state: 'in-review',
        members: [
          { id: 'de-DE', version: 8 },
          { id: 'de-AT', version: 3 },
        ],
      }),
      requireApproval: true,
      carried: [...carriedByAnna, { id: 'de-AT', version: 3, author: 'seed' }],
    });
    expect(p.approve).toEqual({ kind: 'blocked', reason: 'You wrote de-DE v8: someone else must approve this set.' });
  });

  it('approval waits until every carried version’s author is known', () => {
    expect(permissions('approver', 'in-review', { carried: [] }).approve.kind).toBe('blocked');
  });

  it('an approver may approve, schedule and publish but never edit the set', () => {
    expect(shown(permissions('approver', 'in-review'))).toEqual(['approve', 'comment', 'share']);
    expect(shown(permissions('approver', 'approved'))).toEqual(['comment', 'publish', 'schedule', 'share']);
    expect(shown(permissions('approver', 'draft'))).toEqual(['comment', 'share']);
  });

  it('a viewer only comments, in every state', () => {
    for (const state of ['draft', 'in-review', 'approved', 'published'] as const)
      expect(shown(permissions('viewer', state))).toEqual(['comment']);
  });

  it('an editor edits and submits a draft, withdraws a set in review or approved', () => {
    expect(shown(permissions('editor', 'draft'))).toEqual(['add', 'comment', 'remove', 'rename', 'share', 'submit']);
    expect(shown(permissions('editor', 'in-review'))).toEqual([
      'add',
      'approve',
      'comment',
      'remove',
      'rename',
      'share',
      'withdraw',
    ]);
    // Changing an approved set's members is allowed: it sends the set back to review.
    expect(shown(permissions('editor', 'approved'))).toEqual([
      'add',
      'comment',
      'publish',
      'remove',
      'rename',
      'schedule',
      'share',
      'withdraw',
    ]);
  });

  it('a published set takes comments only', () => {
    expect(shown(permissions('editor', 'published'))).toEqual(['comment']);
  });

  it('with approval off, a draft or in-review set may be published directly', () => {
    expect(permissions('editor', 'draft', { requireApproval: false }).publish).toEqual({ kind: 'allowed' });
    expect(permissions('editor', 'in-review', { requireApproval: false }).publish).toEqual({ kind: 'allowed' });
    expect(permissions('editor', 'draft').publish).toEqual({ kind: 'hidden' });
    expect(permissions('approver', 'in-review', { requireApproval: false }).publish).toEqual({ kind: 'hidden' });
  });

  it('an empty set cannot be submitted or published', () => {
    const empty = changeSet({ members: [] });
    expect(
      permissionsFor({ username: 'bob', role: 'editor', changeSet: empty, requireApproval: true, carried: [] }).submit,
    ).toEqual({ kind: 'blocked', reason: 'Add a document first.' });
  });

  it('a scheduled set offers Unschedule instead of Schedule; a failed schedule can be set again', () => {
    const at = { at: '2026-02-01T09:00:00.000Z', by: 'bob' };
    const scheduled = permissions('approver', 'approved', {
      changeSet: changeSet({ state: 'approved', schedule: at }),
    });
    expect([scheduled.schedule.kind, scheduled.unschedule.kind]).toEqual(['hidden', 'allowed']);
    const failed = permissions('approver', 'approved', {
      changeSet: changeSet({
        state: 'approved',
        schedule: { ...at, failure: { time: at.at, reason: 'de-DE changed' } },
      }),
    });
    expect([failed.schedule.kind, failed.unschedule.kind]).toEqual(['allowed', 'hidden']);
  });

  it('ownVersions names every carried version the user wrote', () => {
    expect(
      ownVersions(
        [
          { id: 'de-DE', version: 8, author: 'anna' },
          { id: 'fr-FR', version: 2, author: 'anna' },
          { id: 'en', version: 1, author: 'seed' },
        ],
        'anna',
      ),
    ).toEqual(['de-DE v8', 'fr-FR v2']);
  });
});
