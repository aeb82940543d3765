import type { DocumentSummary } from '../api/types';
import { toDocumentRow } from './document-rows';

const summary: DocumentSummary = {
  id: 'de-DE',
  kind: 'locale',
  valid: true,
  problemCount: 0,
  draft: { version: 3, etag: '"v3"', author: 'content-manager', time: '2026-01-05T10:00:00.000Z', message: 'm', action: 'save' },
  published: { version: 2, etag: '"v2"', hash: 'h', url: '/configs/x', publishedBy: 'content-manager', publishedAt: 't' },
  hasUnpublishedChanges: true,
  lastEditor: 'content-manager',
  lastEdited: '2026-01-05T10:00:00.000Z',
  versionCount: 3,
};

describe('toDocumentRow', () => {
  it('marks a draft ahead of the published version', () => {
    expect(toDocumentRow(summary)).toMatchObject({ status: 'draft-ahead', statusLabel: 'Draft ahead of published', draftVersion: 3, publishedVersion: 2, validity: 'Valid' });
  });

  it('says never published and counts problems', () => {
    expect(toDocumentRow({ ...summary, valid: false, problemCount: 2, published: null })).toMatchObject({ status: 'never-published', publishedVersion: null, validity: '2 problems' });
    expect(toDocumentRow({ ...summary, valid: false, problemCount: 1 }).validity).toBe('1 problem');
  });

  it('is published when nothing is ahead', () => {
    expect(toDocumentRow({ ...summary, hasUnpublishedChanges: false }).status).toBe('published');
  });
});
