import type { DamagedDocument, DocumentSummary } from '../../schemas/contracts';
import { damageSummary, toDamagedRow, toDocumentRow } from './document-rows';

const summary: DocumentSummary = {
  id: 'de-DE',
  kind: 'locale',
  valid: true,
  problemCount: 0,
  draft: {
    version: 3,
    etag: '"v3"',
    author: 'content-manager',
    time: '2026-01-05T10:00:00.000Z',
    message: 'm',
    action: 'save',
  },
  published: {
    version: 2,
    etag: '"v2"',
    hash: 'h',
    url: '/configs/x',
    publishedBy: 'content-manager',
    publishedAt: 't',
  },
  hasUnpublishedChanges: true,
  lastEditor: 'content-manager',
  lastEdited: '2026-01-05T10:00:00.000Z',
  versionCount: 3,
};

describe('toDocumentRow', () => {
  it('marks a draft ahead of the published version', () => {
    expect(toDocumentRow(summary)).toMatchObject({
      status: 'draft-ahead',
      statusLabel: 'Unpublished changes',
      draftVersion: 3,
      publishedVersion: 2,
      validity: 'Valid',
    });
  });

  it('says never published and counts problems', () => {
    expect(toDocumentRow({ ...summary, valid: false, problemCount: 2, published: null })).toMatchObject({
      status: 'never-published',
      publishedVersion: null,
      validity: '2 problems',
    });
    expect(toDocumentRow({ ...summary, valid: false, problemCount: 1 }).validity).toBe('1 problem');
  });

  it('is published when nothing is ahead', () => {
    expect(toDocumentRow({ ...summary, hasUnpublishedChanges: false })).toMatchObject({
      status: 'published',
      statusLabel: 'Published',
    });
    expect(toDocumentRow({ ...summary, published: null }).statusLabel).toBe('Never published');
  });

  it('names the country with its flag, and carries the last change message and its author', () => {
    const row = toDocumentRow({
      ...summary,
      draft: { ...summary.draft, message: '  Renamed Festgeld  ', author: 'anna' },
      lastEditor: 'ben',
    });
    expect(row).toMatchObject({
      name: 'Germany',
      flag: 'de',
      lastMessage: 'Renamed Festgeld',
      lastAuthor: 'anna',
      lastEditor: 'ben',
    });
  });
});

describe('damaged documents', () => {
  const damaged: DamagedDocument = {
    id: 'fr-FR',
    kind: 'locale',
    file: 'documents/fr-FR/versions/000003.json',
    problem: 'is missing',
    repair: 'restore documents/fr-FR/versions/000003.json from a backup (docs/operations.md#repair)',
  };

  it('name the file, what is wrong with it and the repair', () => {
    expect(toDamagedRow(damaged)).toEqual({
      id: 'fr-FR',
      kind: 'locale',
      damage: 'documents/fr-FR/versions/000003.json is missing',
      repair: damaged.repair,
    });
  });

  it('are summed up above the table, and only when there are any', () => {
    expect(damageSummary([])).toBeNull();
    expect(damageSummary([damaged])).toMatch(
      /^fr-FR is damaged and cannot be opened until its files are repaired on the server/,
    );
    expect(damageSummary([damaged, { ...damaged, id: 'flags', kind: 'flags' }])).toMatch(/^2 documents are damaged/);
  });
});
