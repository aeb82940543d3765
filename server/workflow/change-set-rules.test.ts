/** The change-set state machine, pure: every transition, who may take it, and what it records. */
import { describe, expect, it } from 'vitest';
import {
  CHANGE_SET_STATES,
  type ChangeSet,
  type ChangeSetAction,
  type ChangeSetState,
} from '../../schemas/contracts/index';
import type { DocumentId } from '../../schemas/validator/index';
import { ROLES, type Role } from '../auth/users-file';
import { ApiError } from '../http/errors';
import {
  ACTION_RULES,
  allowedActions,
  applyAction,
  CHANGE_SET_ACTIONS,
  dueAt,
  newChangeSet,
  syncMembers,
  type ActionFacts,
  type DraftFact,
  type VersionWrite,
} from './change-set-rules';

const NOW = new Date('2030-01-01T10:00:00.000Z');
const ANNA = { username: 'anna', role: 'editor' as const };
const BEN = { username: 'ben', role: 'editor' as const };
const PO = { username: 'po', role: 'approver' as const };
const VIV = { username: 'viv', role: 'viewer' as const };

function drafts(entries: Record<string, DraftFact>): Map<DocumentId, DraftFact> {
  return new Map(Object.entries(entries) as [DocumentId, DraftFact][]);
}

const DRAFTS = drafts({
  'de-DE': { version: 7, author: 'anna' },
  'de-AT': { version: 3, author: 'anna' },
  flags: { version: 2, author: 'ben' },
});

/** Unless a test says otherwise, each member's only write since its last publication is its draft, saved. */
const WRITES = new Map(
  [...DRAFTS].map(([id, d]) => [id, [{ version: d.version, author: d.author, action: 'save' as const }]]),
);

function facts(actor: ActionFacts['actor'], extra: Partial<ActionFacts> = {}): ActionFacts {
  return { actor, now: NOW, requireApproval: true, drafts: DRAFTS, writes: WRITES, ...extra };
}

function base(): ChangeSet {
  return newChangeSet('cs-abcdefghij', 'Savings label', 'anna', NOW, [{ id: 'de-DE', version: 7 }]);
}

/** Runs actions in order, each by its actor, as the service would. */
function run(set: ChangeSet, ...steps: [ChangeSetAction, ActionFacts['actor']][]): ChangeSet {
  return steps.reduce((s, [action, actor]) => applyAction(s, action, facts(actor)), set);
}

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const approved = () => run(base(), [{ action: 'submit' }, ANNA], [{ action: 'approve' }, PO]);

describe('the happy path: draft → in-review → approved → published', () => {
  it('records each step with who, when and the versions', () => {
    const submitted = run(base(), [{ action: 'submit' }, ANNA]);
    expect(submitted.state).toBe('in-review');
    const done = run(submitted, [{ action: 'approve' }, PO], [{ action: 'publish' }, ANNA]);
    expect(done.state).toBe('published');
    expect(done.approval).toEqual({ by: 'po', time: NOW.toISOString(), versions: { 'de-DE': 7 } });
    expect(done.published).toEqual({ by: 'anna', time: NOW.toISOString(), versions: { 'de-DE': 7 } });
    expect(done.events.map((e) => [e.kind, e.author, e.versions])).toEqual([
      ['created', 'anna', { 'de-DE': 7 }],
      ['submitted', 'anna', { 'de-DE': 7 }],
      ['approved', 'po', { 'de-DE': 7 }],
      ['published', 'anna', { 'de-DE': 7 }],
    ]);
  });

  it('submit pins every member to its current draft', () => {
    const set = newChangeSet('cs-abcdefghij', 't', 'anna', NOW, [{ id: 'de-DE', version: 5 }]);
    expect(run(set, [{ action: 'submit' }, ANNA]).members).toEqual([{ id: 'de-DE', version: 7 }]);
  });

  it('returns a new record and leaves the old one as it was', () => {
    const set = base();
    const copy = structuredClone(set);
    run(set, [{ action: 'submit' }, ANNA]);
    expect(set).toEqual(copy);
  });
});

describe('four eyes', () => {
  it('refuses the author of a carried version with 403 self-approval naming the version', () => {
    const error = refusal(() => run(base(), [{ action: 'submit' }, ANNA], [{ action: 'approve' }, ANNA]));
    expect(error.status).toBe(403);
    expect(error.code).toBe('self-approval');
    expect(error.message).toBe('anna saved de-DE v7, which this change set carries, and cannot approve it');
  });

  it('lets another editor approve, and an approver', () => {
    expect(run(base(), [{ action: 'submit' }, ANNA], [{ action: 'approve' }, BEN]).approval?.by).toBe('ben');
    expect(approved().approval?.by).toBe('po');
  });

  it('refuses an editor who saved any one member, even when others saved the rest', () => {
    const set = run(base(), [{ action: 'add', document: 'flags' }, ANNA], [{ action: 'submit' }, ANNA]);
    const error = refusal(() => applyAction(set, { action: 'approve' }, facts(BEN)));
    expect(error.message).toMatch(/^ben saved flags v2/);
  });

  it('refuses whoever wrote any version since the last publication, not only the newest draft, and names each one', () => {
    const inReview = run(base(), [{ action: 'add', document: 'de-AT' }, ANNA], [{ action: 'submit' }, ANNA]);
    const writes = new Map<DocumentId, VersionWrite[]>([
      [
        'de-DE',
        [
          { version: 5, author: 'ben', action: 'save' },
          { version: 6, author: 'ben', action: 'restore' },
          { version: 7, author: 'anna', action: 'save' },
        ],
      ],
      [
        'de-AT',
        [
          { version: 2, author: 'ben', action: 'save' },
          { version: 3, author: 'anna', action: 'save' },
        ],
      ],
    ]);
    const error = refusal(() => applyAction(inReview, { action: 'approve' }, facts(BEN, { writes })));
    expect([error.status, error.code]).toEqual([403, 'self-approval']);
    expect(error.message).toBe(
      'ben saved de-DE v5, de-AT v2 and restored de-DE v6, which this change set carries, and cannot approve it',
    );
    expect(error.hint).toMatch(/wrote none of the versions of its documents since they were last published/);
    expect(applyAction(inReview, { action: 'approve' }, facts(PO, { writes })).approval?.by).toBe('po');
  });

  it("a member with no write since its publication stands in nobody's way; approving without the writes is a bug, not a yes", () => {
    const inReview = run(base(), [{ action: 'submit' }, ANNA]);
    expect(applyAction(inReview, { action: 'approve' }, facts(ANNA, { writes: new Map([['de-DE', []]]) })).state).toBe(
      'approved',
    );
    const { writes: _none, ...blind } = facts(PO);
    expect(() => applyAction(inReview, { action: 'approve' }, blind)).toThrow(
      'approve needs the versions of de-DE written since its last publication',
    );
  });

  it('viewers may not approve; approvers never edit', () => {
    const inReview = run(base(), [{ action: 'submit' }, ANNA]);
    expect(refusal(() => applyAction(inReview, { action: 'approve' }, facts(VIV))).code).toBe('forbidden');
    for (const action of [
      { action: 'rename', title: 'x' },
      { action: 'add', document: 'de-AT' },
      { action: 'remove', document: 'de-DE' },
      { action: 'submit' },
      { action: 'withdraw' },
    ] as ChangeSetAction[]) {
      const error = refusal(() => applyAction(action.action === 'submit' ? base() : inReview, action, facts(PO)));
      expect([error.status, error.code], action.action).toEqual([403, 'forbidden']);
      expect(error.hint).toMatch(/never edit/);
    }
  });
});

describe('edits after approval send the set back to review', () => {
  it('a member saved again: the new version is carried, approval and schedule cleared', () => {
    const scheduled = applyAction(approved(), { action: 'schedule', at: '2030-01-02T00:00:00Z' }, facts(PO));
    const next = syncMembers(scheduled, drafts({ 'de-DE': { version: 8, author: 'ben' } }), NOW)!;
    expect(next.state).toBe('in-review');
    expect(next.approval).toBeNull();
    expect(next.schedule).toBeNull();
    expect(next.members).toEqual([{ id: 'de-DE', version: 8 }]);
    expect(next.events.slice(-2).map((e) => [e.kind, e.author, e.detail])).toEqual([
      ['member-edited', 'ben', 'de-DE v7 → v8 by ben'],
      [
        'returned-to-review',
        'ben',
        'de-DE was edited after approval; the schedule for 2030-01-02T00:00:00.000Z was cleared',
      ],
    ]);
  });

  it('in review, a save only moves the carried version', () => {
    const inReview = run(base(), [{ action: 'submit' }, ANNA]);
    const next = syncMembers(inReview, drafts({ 'de-DE': { version: 8, author: 'anna' } }), NOW)!;
    expect([next.state, next.events.at(-1)?.kind]).toEqual(['in-review', 'member-edited']);
  });

  it('nothing to do when the versions agree, or the set is published', () => {
    expect(syncMembers(base(), DRAFTS, NOW)).toBeUndefined();
    const done = run(approved(), [{ action: 'publish' }, PO]);
    expect(syncMembers(done, drafts({ 'de-DE': { version: 9, author: 'ben' } }), NOW)).toBeUndefined();
  });

  it('adding or removing a member of an approved set returns it to review', () => {
    expect(run(approved(), [{ action: 'add', document: 'de-AT' }, ANNA]).state).toBe('in-review');
    expect(run(approved(), [{ action: 'remove', document: 'de-DE' }, ANNA]).events.at(-1)?.kind).toBe(
      'returned-to-review',
    );
    // A new title changes nothing that was approved.
    expect(run(approved(), [{ action: 'rename', title: 'Better title' }, ANNA]).state).toBe('approved');
  });
});

describe('membership', () => {
  it('refuses a document another unpublished set holds, naming that set', () => {
    const error = refusal(() =>
      applyAction(
        base(),
        { action: 'add', document: 'de-AT' },
        facts(ANNA, { holder: { id: 'cs-zzzzzzzzzz', title: 'Other fix' } }),
      ),
    );
    expect([error.status, error.code]).toEqual([409, 'document-in-change-set']);
    expect(error.message).toBe('de-AT is already in the change set “Other fix” (cs-zzzzzzzzzz)');
  });

  it('refuses a member twice, removing a non-member, and a document the store lacks', () => {
    expect(refusal(() => run(base(), [{ action: 'add', document: 'de-DE' }, ANNA])).message).toBe(
      'de-DE is already in this change set',
    );
    expect(refusal(() => run(base(), [{ action: 'remove', document: 'flags' }, ANNA])).message).toBe(
      'flags is not in this change set',
    );
    expect(refusal(() => run(base(), [{ action: 'add', document: 'fr-FR' }, ANNA])).code).toBe('document-not-found');
  });

  it('a set without documents cannot be submitted, approved or published', () => {
    const empty = newChangeSet('cs-abcdefghij', 'empty', 'anna', NOW, []);
    expect(refusal(() => run(empty, [{ action: 'submit' }, ANNA])).message).toBe(
      'cannot submit a change set without documents',
    );
    expect(refusal(() => applyAction(empty, { action: 'publish' }, facts(ANNA, { requireApproval: false }))).code).toBe(
      'invalid-transition',
    );
  });
});

describe('states', () => {
  it('publishing needs approval unless it is off, and then only for editors', () => {
    const error = refusal(() => run(base(), [{ action: 'publish' }, ANNA]));
    expect([error.status, error.code]).toEqual([409, 'invalid-transition']);
    expect(error.hint).toMatch(/approved change set/);
    expect(applyAction(base(), { action: 'publish' }, facts(ANNA, { requireApproval: false })).state).toBe('published');
    expect(refusal(() => applyAction(base(), { action: 'publish' }, facts(PO, { requireApproval: false }))).code).toBe(
      'invalid-transition',
    );
  });

  it('withdraw returns to draft and clears approval and schedule', () => {
    const scheduled = applyAction(approved(), { action: 'schedule', at: '2030-01-02T00:00:00Z' }, facts(PO));
    const withdrawn = run(scheduled, [{ action: 'withdraw' }, ANNA]);
    expect([withdrawn.state, withdrawn.approval, withdrawn.schedule]).toEqual(['draft', null, null]);
  });

  it('a published set takes comments and nothing else', () => {
    const done = run(approved(), [{ action: 'publish' }, PO]);
    for (const name of CHANGE_SET_ACTIONS.filter((a) => a !== 'comment'))
      expect(allowedActions(done, ANNA, true)).not.toContain(name);
    expect(run(done, [{ action: 'comment', text: 'shipped' }, VIV]).comments).toHaveLength(1);
    expect(refusal(() => run(done, [{ action: 'withdraw' }, ANNA])).hint).toMatch(/closed/);
  });

  it('the rules table says, for each role and state, exactly what allowedActions offers', () => {
    for (const state of CHANGE_SET_STATES)
      for (const role of ROLES) {
        const set = { ...base(), state };
        const expected = CHANGE_SET_ACTIONS.filter(
          (a) =>
            (ACTION_RULES[a].roles as readonly Role[]).includes(role) &&
            (ACTION_RULES[a].states as readonly ChangeSetState[]).includes(state),
        );
        expect(allowedActions(set, { username: 'x', role }, true), `${role} ${state}`).toEqual(expected);
      }
    expect(allowedActions({ ...base(), state: 'draft' }, VIV, true)).toEqual(['comment']);
    expect(allowedActions({ ...base(), state: 'approved' }, PO, true)).toEqual(
      ['approve', 'comment', 'schedule', 'unschedule', 'publish'].filter((a) => a !== 'approve'),
    );
  });
});

describe('comments', () => {
  it('on the set or on an item of a member, with the first words in the event', () => {
    const set = run(
      base(),
      [{ action: 'comment', text: 'The   label\nreads well' }, VIV],
      [
        {
          action: 'comment',
          text: 'x'.repeat(100),
          target: { document: 'de-DE', pointer: '/header/items/0', itemId: 'savings' },
        },
        PO,
      ],
    );
    expect(set.comments.map((c) => [c.id, c.author, c.target?.itemId])).toEqual([
      ['c1', 'viv', undefined],
      ['c2', 'po', 'savings'],
    ]);
    expect(set.events.at(-2)?.detail).toBe('The label reads well');
    expect(set.events.at(-1)?.detail).toBe(`${'x'.repeat(59)}… on de-DE savings`);
  });

  it('refuses a target outside the set', () => {
    const error = refusal(() =>
      run(base(), [{ action: 'comment', text: 'hm', target: { document: 'flags', pointer: '' } }, VIV]),
    );
    expect([error.status, error.message]).toEqual([400, "the comment's target flags is not in this change set"]);
  });
});

describe('schedules', () => {
  it('stores the time in UTC and makes the set due then', () => {
    const set = applyAction(approved(), { action: 'schedule', at: '2030-01-01T12:30:00+01:00' }, facts(PO));
    expect(set.schedule).toEqual({ at: '2030-01-01T11:30:00.000Z', by: 'po' });
    expect(dueAt(set)).toBe(Date.parse('2030-01-01T11:30:00Z'));
    expect(dueAt(run(set, [{ action: 'unschedule' }, PO]))).toBeUndefined();
  });

  it.each([
    ['tomorrow', /must be an ISO 8601 time/],
    ['2030-01-01', /must be an ISO 8601 time/],
    ['2030-01-01T12:00:00', /must be an ISO 8601 time/],
    ['2030-02-30T12:00:00Z', /must be an ISO 8601 time/],
    ['2030-01-01T09:59:59Z', /is not in the future/],
    ['2031-01-03T10:00:00Z', /more than a year ahead/],
  ])('refuses %s with 400 bad-schedule', (at, message) => {
    const error = refusal(() => applyAction(approved(), { action: 'schedule', at }, facts(PO)));
    expect([error.status, error.code]).toEqual([400, 'bad-schedule']);
    expect(error.message).toMatch(message);
  });

  it('only an approved set can be scheduled, and unscheduling needs a schedule', () => {
    expect(
      refusal(() =>
        applyAction(
          run(base(), [{ action: 'submit' }, ANNA]),
          { action: 'schedule', at: '2030-01-02T00:00:00Z' },
          facts(PO),
        ),
      ).code,
    ).toBe('invalid-transition');
    expect(refusal(() => run(approved(), [{ action: 'unschedule' }, PO])).message).toBe(
      'this change set is not scheduled',
    );
  });
});
