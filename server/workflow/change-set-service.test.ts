/**
 * The change-set service on a real file store: one open set per document (under races too), four eyes,
 * edits after approval, and publication through DocumentService.publishBatch, all or nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeSet, ChangeSetAction } from '../../schemas/contracts/index';
import { ApiError } from '../http/errors';
import type { Actor } from './change-set-rules';
import { startWorkflowFixture, type WorkflowFixture } from './workflow-fixture';

const ANNA: Actor = { username: 'anna', role: 'editor' };
const BEN: Actor = { username: 'ben', role: 'editor' };
const PO: Actor = { username: 'po', role: 'approver' };

let f: WorkflowFixture;
beforeEach(async () => {
  f = await startWorkflowFixture();
});
afterEach(() => f.close());

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Applies actions in turn, each with the record's current revision. */
async function act(set: ChangeSet, ...steps: [ChangeSetAction, Actor][]): Promise<ChangeSet> {
  let current = set;
  for (const [action, actor] of steps) current = await f.changeSets.act(current.id, action, current.revision, actor);
  return current;
}

describe('creating and listing', () => {
  it('creates a set at the members’ current drafts, revision 1, newest first in the list', async () => {
    const v2 = await f.edit('de-DE', 'anna');
    const first = await f.changeSets.create('First', ['de-DE'], ANNA);
    const second = await f.changeSets.create('Second', [], ANNA);
    expect(first).toMatchObject({
      title: 'First',
      state: 'draft',
      createdBy: 'anna',
      members: [{ id: 'de-DE', version: v2 }],
      revision: 1,
    });
    expect(first.id).toMatch(/^cs-[a-z2-7]{10}$/);
    expect(first.events.map((e) => [e.kind, e.detail])).toEqual([['created', `with de-DE v${v2}`]]);
    const list = await f.changeSets.list();
    expect(list.requireApproval).toBe(true);
    expect(list.changeSets.map((s) => s.id)).toEqual([second.id, first.id]);
  });

  it('refuses creating sets to anyone but editors, and a document the store lacks', async () => {
    expect((await refusal(f.changeSets.create('x', [], PO))).code).toBe('forbidden');
    expect((await refusal(f.changeSets.create('x', ['fr-FR'], ANNA))).code).toBe('document-not-found');
    expect((await f.changeSets.list()).changeSets).toEqual([]);
  });
});

describe('one unpublished set per document', () => {
  it('refuses a second set holding de-DE (create and add), naming the first; free again once it is published', async () => {
    const first = await f.changeSets.create('First fix', ['de-DE'], ANNA);
    const created = await refusal(f.changeSets.create('Second', ['flags', 'de-DE'], ANNA));
    expect([created.status, created.code, created.message]).toEqual([
      409,
      'document-in-change-set',
      `de-DE is already in the change set “First fix” (${first.id})`,
    ]);
    const other = await f.changeSets.create('Other', ['flags'], ANNA);
    expect((await refusal(act(other, [{ action: 'add', document: 'de-DE' }, ANNA]))).code).toBe(
      'document-in-change-set',
    );

    await act(first, [{ action: 'submit' }, ANNA], [{ action: 'approve' }, PO], [{ action: 'publish' }, PO]);
    expect((await act(other, [{ action: 'add', document: 'de-DE' }, ANNA])).members.map((m) => m.id)).toEqual([
      'flags',
      'de-DE',
    ]);
  });

  it('holds under a race: of ten simultaneous creates naming de-DE, exactly one wins', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => f.changeSets.create(`race ${i}`, ['de-DE'], ANNA)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(
      outcomes
        .filter((o) => o.status === 'rejected')
        .map((o) => ((o as PromiseRejectedResult).reason as ApiError).code),
    ).toEqual(Array(9).fill('document-in-change-set'));
  });
});

describe('revisions', () => {
  it('an action on an older revision is 412 stale-change-set carrying the set as it is', async () => {
    const set = await f.changeSets.create('t', ['de-DE'], ANNA);
    await act(set, [{ action: 'rename', title: 'renamed' }, ANNA]);
    const error = await refusal(f.changeSets.act(set.id, { action: 'submit' }, set.revision, ANNA));
    expect([error.status, error.code]).toEqual([412, 'stale-change-set']);
    expect(error.extra.fields?.changeSet).toMatchObject({ title: 'renamed', revision: 2 });
    expect((await f.changeSets.get(set.id)).state).toBe('draft');
  });

  it('an unknown id is 404 change-set-not-found', async () => {
    expect((await refusal(f.changeSets.act('cs-aaaaaaaaaa', { action: 'submit' }, 1, ANNA))).code).toBe(
      'change-set-not-found',
    );
  });
});

describe('approval', () => {
  it('refuses the last editor of a member (403 self-approval) and lets someone else approve the versions carried', async () => {
    const v2 = await f.edit('de-DE', 'anna');
    const set = await act(await f.changeSets.create('t', ['de-DE', 'flags'], BEN), [{ action: 'submit' }, BEN]);
    const error = await refusal(act(set, [{ action: 'approve' }, ANNA]));
    expect([error.status, error.code, error.message]).toEqual([
      403,
      'self-approval',
      `anna saved de-DE v${v2}, which this change set carries, and cannot approve it`,
    ]);
    // ben created and submitted the set but saved no version it carries (flags v1 is the seed's).
    const approved = await act(set, [{ action: 'approve' }, BEN]);
    expect(approved.approval).toMatchObject({ by: 'ben', versions: { 'de-DE': v2, flags: 1 } });
  });

  it('counts every write since the last publication: a save handed on by a colleague still bars its author; one published before does not', async () => {
    const v2 = await f.edit('de-DE', 'anna');
    await f.edit('de-DE', 'ben');
    const set = await act(await f.changeSets.create('t', ['de-DE'], BEN), [{ action: 'submit' }, BEN]);
    expect((await refusal(act(set, [{ action: 'approve' }, ANNA]))).message).toBe(
      `anna saved de-DE v${v2}, which this change set carries, and cannot approve it`,
    );
    await act(set, [{ action: 'approve' }, PO], [{ action: 'publish' }, PO]);

    // anna's v2 went out with that publication: a later set carrying only ben's next save is anna's to approve.
    await f.edit('de-DE', 'ben');
    const next = await act(await f.changeSets.create('t2', ['de-DE'], BEN), [{ action: 'submit' }, BEN]);
    expect((await act(next, [{ action: 'approve' }, ANNA])).approval?.by).toBe('anna');
  });

  it('a save after approval returns the set to review with "de-DE v2 → v3 by ben", approval and schedule cleared', async () => {
    await f.edit('de-DE', 'anna');
    const set = await act(
      await f.changeSets.create('t', ['de-DE'], ANNA),
      [{ action: 'submit' }, ANNA],
      [{ action: 'approve' }, PO],
      [{ action: 'schedule', at: new Date(Date.now() + 3600_000).toISOString() }, PO],
    );
    const v3 = await f.edit('de-DE', 'ben');
    const after = await f.changeSets.get(set.id);
    expect([after.state, after.approval, after.schedule, after.members]).toEqual([
      'in-review',
      null,
      null,
      [{ id: 'de-DE', version: v3 }],
    ]);
    expect(after.events.slice(-2).map((e) => [e.kind, e.author, e.detail?.split(';')[0]])).toEqual([
      ['member-edited', 'ben', `de-DE v2 → v${v3} by ben`],
      ['returned-to-review', 'ben', 'de-DE was edited after approval'],
    ]);
  });

  it('approving when a save was missed takes the new version in and answers 409 draft-changed instead', async () => {
    const set = await act(await f.changeSets.create('t', ['de-DE'], ANNA), [{ action: 'submit' }, ANNA]);
    const v2 = await f.editUnseen('de-DE', 'ben');
    const error = await refusal(act(set, [{ action: 'approve' }, PO]));
    expect([error.status, error.code]).toEqual([409, 'draft-changed']);
    expect(error.extra.fields?.changeSet).toMatchObject({
      state: 'in-review',
      members: [{ id: 'de-DE', version: v2 }],
      approval: null,
    });
  });
});

describe('publishing', () => {
  it('publishes every member at once through publishBatch, recording the set and the approver on each publication', async () => {
    await f.edit('de-DE', 'anna', 'Neu: Depona');
    await f.edit('flags', 'anna', 'new flag text');
    const before = await f.manifest();
    const set = await act(
      await f.changeSets.create('Both', ['de-DE', 'flags'], ANNA),
      [{ action: 'submit' }, ANNA],
      [{ action: 'approve' }, PO],
    );
    const done = await act(set, [{ action: 'publish' }, ANNA]);
    expect(done.state).toBe('published');
    expect(done.published).toMatchObject({ by: 'anna', versions: { 'de-DE': 2, flags: 2 } });
    expect(done.events.at(-1)?.kind).toBe('published');
    const after = await f.manifest();
    expect(after['de-DE']!.hash).not.toBe(before['de-DE']!.hash);
    expect(after.flags!.hash).not.toBe(before.flags!.hash);
    for (const id of ['de-DE', 'flags'] as const)
      expect((await f.store.history(id))!.publications.at(-1)).toMatchObject({
        version: 2,
        changeSet: set.id,
        approvedBy: 'po',
        author: 'anna',
      });
  });

  it('a draft that moved on since approval: 409 draft-changed, nothing published, the set back in review', async () => {
    await f.edit('de-DE', 'anna');
    const set = await act(
      await f.changeSets.create('t', ['de-DE'], ANNA),
      [{ action: 'submit' }, ANNA],
      [{ action: 'approve' }, PO],
    );
    const before = await f.manifest();
    await f.editUnseen('de-DE', 'ben');
    const error = await refusal(act(set, [{ action: 'publish' }, PO]));
    expect([error.status, error.code]).toEqual([409, 'draft-changed']);
    expect(error.message).toMatch(/de-DE is now v3 by ben \(the set carried v2\); the set is back in review/);
    expect(await f.manifest()).toEqual(before);
    expect((await f.changeSets.get(set.id)).state).toBe('in-review');
  });

  it('an invalid member: 422, nothing published, a publish-failed event on the set', async () => {
    const lax = await startWorkflowFixture({ requireApproval: false });
    try {
      // en-GB in the test seed is a copy of de-DE, so its locale does not match its name.
      const set = await lax.changeSets.create('t', ['de-DE', 'en-GB'], ANNA);
      const before = await lax.manifest();
      const error = await refusal(lax.changeSets.act(set.id, { action: 'publish' }, set.revision, ANNA));
      expect([error.status, error.code]).toEqual([422, 'invalid-document']);
      expect(await lax.manifest()).toEqual(before);
      const after = await lax.changeSets.get(set.id);
      expect(after.state).toBe('draft');
      expect(after.events.at(-1)).toMatchObject({ kind: 'publish-failed', author: 'anna' });
      expect(after.events.at(-1)?.detail).toMatch(/^invalid-document: /);
    } finally {
      await lax.close();
    }
  });

  it('with approval off an editor publishes a draft set directly; with it on, that is 409 invalid-transition', async () => {
    const set = await f.changeSets.create('t', ['de-DE'], ANNA);
    expect((await refusal(act(set, [{ action: 'publish' }, ANNA]))).code).toBe('invalid-transition');
    const lax = await startWorkflowFixture({ requireApproval: false });
    try {
      const draft = await lax.changeSets.create('t', ['de-DE'], ANNA);
      expect((await lax.changeSets.act(draft.id, { action: 'publish' }, draft.revision, ANNA)).state).toBe('published');
    } finally {
      await lax.close();
    }
  });
});

describe('refusals change nothing', () => {
  it('a publish refused for its state does not take in a missed save either', async () => {
    const set = await f.changeSets.create('t', ['de-DE'], ANNA);
    await f.editUnseen('de-DE', 'ben');
    expect((await refusal(act(set, [{ action: 'publish' }, ANNA]))).code).toBe('invalid-transition');
    expect(await f.changeSets.get(set.id)).toEqual(set);
  });
});
