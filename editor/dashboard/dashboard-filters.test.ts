import type { DocumentSummary } from '../../schemas/contracts';
import { formatFilters, matchesText, parseFilters, passesFilters, rowText } from './dashboard-filters';
import { toDocumentRow } from './document-rows';

const base: DocumentSummary = {
  id: 'de-DE',
  kind: 'locale',
  valid: true,
  problemCount: 0,
  draft: {
    version: 3,
    etag: '"v3"',
    author: 'anna',
    time: '2026-01-05T10:00:00.000Z',
    message: 'Renamed Kündigungsgeld',
    action: 'save',
  },
  published: { version: 3, etag: '"v3"', hash: 'h', url: '/configs/x', publishedBy: 'anna', publishedAt: 't' },
  hasUnpublishedChanges: false,
  lastEditor: 'anna',
  lastEdited: '2026-01-05T10:00:00.000Z',
  versionCount: 3,
};
const published = toDocumentRow(base);
const ahead = toDocumentRow({ ...base, id: 'fr-FR', hasUnpublishedChanges: true, lastEditor: 'ben' });
const never = toDocumentRow({ ...base, id: 'it-IT', published: null });
const invalid = toDocumentRow({ ...base, id: 'nl-NL', valid: false, problemCount: 2 });

describe('filters', () => {
  it('unpublished: a draft ahead of the published version, or never published', () => {
    expect([published, ahead, never].filter((r) => passesFilters(r, ['unpublished'], 'anna')).map((r) => r.id)).toEqual(
      ['fr-FR', 'it-IT'],
    );
  });

  it('invalid: a draft with problems', () => {
    expect([published, invalid].filter((r) => passesFilters(r, ['invalid'], 'anna')).map((r) => r.id)).toEqual([
      'nl-NL',
    ]);
  });

  it('mine: last edited by the signed-in user; nobody signed in owns nothing', () => {
    expect([published, ahead].filter((r) => passesFilters(r, ['mine'], 'ben')).map((r) => r.id)).toEqual(['fr-FR']);
    expect(passesFilters(published, ['mine'], undefined)).toBe(false);
  });

  it('combine: every chosen filter must hold', () => {
    expect(passesFilters(ahead, ['unpublished', 'mine'], 'anna')).toBe(false);
    expect(passesFilters(ahead, ['unpublished', 'mine'], 'ben')).toBe(true);
    expect(passesFilters(published, [], 'x')).toBe(true);
  });
});

describe('the search box', () => {
  it('finds rows by country name, id, change message and person, ignoring case and accents', () => {
    expect(matchesText(rowText(published), 'germany')).toBe(true);
    expect(matchesText(rowText(published), 'DE-de')).toBe(true);
    expect(matchesText(rowText(published), 'kundigungsgeld')).toBe(true);
    expect(matchesText(rowText(ahead), 'ben france')).toBe(true);
    expect(matchesText(rowText(ahead), 'ben germany')).toBe(false);
    expect(matchesText(rowText(published), '  ')).toBe(true);
  });
});

describe('the URL', () => {
  it('keeps known filters in a fixed order and sets unknown names apart', () => {
    expect(parseFilters('mine, unpublished,bogus,bogus')).toEqual({
      filters: ['unpublished', 'mine'],
      unknown: ['bogus'],
    });
    expect(parseFilters(null)).toEqual({ filters: [], unknown: [] });
    expect(formatFilters(['mine', 'invalid'])).toBe('invalid,mine');
  });
});
