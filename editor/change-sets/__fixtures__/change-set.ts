/** Change-set records for the editor's tests: a valid record with the fields a test cares about overridden. */
import type { ChangeSet } from '../../../schemas/contracts';

export function changeSet(overrides: Partial<ChangeSet> = {}): ChangeSet {
  return {
    id: 'cs-abcdefghij',
    title: 'Rename payment methods',
    state: 'draft',
    createdBy: 'content-manager',
    createdAt: '2026-01-05T10:00:00.000Z',
    members: [{ id: 'de-DE', version: 8 }],
    approval: null,
    schedule: null,
    comments: [],
    events: [
      { kind: 'created', author: 'content-manager', time: '2026-01-05T10:00:00.000Z', versions: { 'de-DE': 8 } },
    ],
    shares: [],
    published: null,
    revision: 1,
    ...overrides,
  };
}
