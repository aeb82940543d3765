import { changeSet } from './__fixtures__/change-set';
import { describeEvent, describeSchedule, formatUtc, memberNames } from './change-set-text';
import { describeStaleChange } from './stale-change';

describe('how a change set reads', () => {
  it('a history line says who did what, the detail and the member versions', () => {
    expect(
      describeEvent({
        kind: 'approved',
        author: 'approver',
        time: '2026-01-05T10:00:00.000Z',
        versions: { 'de-DE': 8, 'de-AT': 3 },
      }),
    ).toBe('approver approved it (de-DE v8, de-AT v3)');
    expect(
      describeEvent({
        kind: 'member-edited',
        author: 'anna',
        time: '2026-01-05T10:00:00.000Z',
        versions: { 'de-DE': 9 },
        detail: 'de-DE v8 → v9 by anna',
      }),
    ).toBe('anna edited a document: de-DE v8 → v9 by anna (de-DE v9)');
  });

  it('lists members by id, and says when there are none', () => {
    expect(
      memberNames(
        changeSet({
          members: [
            { id: 'de-DE', version: 8 },
            { id: 'de-AT', version: 2 },
          ],
        }),
      ),
    ).toBe('de-DE, de-AT');
    expect(memberNames(changeSet({ members: [] }))).toBe('no documents yet');
  });

  it('shows a schedule in UTC too, and a failed one with its reason', () => {
    expect(formatUtc('2026-03-01T08:30:00.000Z')).toBe('2026-03-01 08:30 UTC');
    expect(describeSchedule(changeSet())).toBe('Not scheduled');
    expect(describeSchedule(changeSet({ schedule: { at: '2026-03-01T08:30:00.000Z', by: 'bob' } }))).toMatch(
      /^Publishes .+ \(2026-03-01 08:30 UTC\)$/,
    );
    expect(
      describeSchedule(
        changeSet({
          schedule: {
            at: '2026-03-01T08:30:00.000Z',
            by: 'bob',
            failure: { time: '2026-03-01T08:30:00.100Z', reason: 'de-DE changed after approval' },
          },
        }),
      ),
    ).toBe('Could not publish at 2026-03-01 08:30 UTC: de-DE changed after approval');
  });
});

describe('what changed when a write met a newer record (412)', () => {
  it('names the new state, the new members and the events that happened meanwhile', () => {
    const before = changeSet({ state: 'in-review', revision: 2 });
    const after = changeSet({
      state: 'approved',
      revision: 3,
      title: 'Rename payment methods everywhere',
      members: [
        { id: 'de-DE', version: 8 },
        { id: 'de-AT', version: 2 },
      ],
      events: [
        ...before.events,
        {
          kind: 'approved',
          author: 'approver',
          time: '2026-01-05T11:00:00.000Z',
          versions: { 'de-DE': 8, 'de-AT': 2 },
        },
      ],
    });
    expect(describeStaleChange(before, after)).toEqual([
      'It is now approved (it was in review).',
      'It was renamed to “Rename payment methods everywhere”.',
      'Its documents are now: de-DE v8, de-AT v2.',
      'approver approved it (de-DE v8, de-AT v2).',
    ]);
  });

  it('says something even when nothing visible changed', () => {
    expect(describeStaleChange(changeSet(), changeSet({ revision: 2 }))).toEqual(['Someone changed it meanwhile.']);
  });
});
