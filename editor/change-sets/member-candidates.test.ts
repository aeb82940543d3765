import type { DocumentSummary } from '../../schemas/contracts';
import { changeSet } from './__fixtures__/change-set';
import { memberCandidates } from './member-candidates';

function doc(id: DocumentSummary['id'], state: 'ahead' | 'published' | 'never'): DocumentSummary {
  const published =
    state === 'never'
      ? null
      : {
          version: 1,
          etag: '"v1"',
          hash: 'h',
          url: `/configs/${id}.h.json`,
          publishedBy: 'seed',
          publishedAt: '2026-01-01T00:00:00.000Z',
        };
  return {
    id,
    kind: 'locale',
    valid: true,
    problemCount: 0,
    draft: { version: 2 } as never,
    published,
    hasUnpublishedChanges: state !== 'published',
    lastEditor: 'anna',
    lastEdited: '2026-01-05T10:00:00.000Z',
    versionCount: 2,
  } as DocumentSummary;
}

describe('which documents can join a change set', () => {
  const documents = [doc('de-DE', 'ahead'), doc('de-AT', 'ahead'), doc('fr-FR', 'published'), doc('it-IT', 'never')];

  it('offers documents whose draft differs from what is published, or that were never published', () => {
    expect(memberCandidates(documents, [])).toEqual([{ id: 'de-DE' }, { id: 'de-AT' }, { id: 'it-IT' }]);
  });

  it('marks a document another unpublished set holds, and leaves out those already in this set', () => {
    const other = changeSet({
      id: 'cs-bbbbbbbbbb',
      title: 'Campaign',
      state: 'in-review',
      members: [{ id: 'de-AT', version: 2 }],
    });
    const done = changeSet({ id: 'cs-cccccccccc', state: 'published', members: [{ id: 'it-IT', version: 1 }] });
    const into = changeSet({ members: [{ id: 'de-DE', version: 2 }] });
    expect(memberCandidates(documents, [other, done, into], into)).toEqual([
      { id: 'de-AT', unavailable: 'already in “Campaign”' },
      { id: 'it-IT' },
    ]);
  });
});
