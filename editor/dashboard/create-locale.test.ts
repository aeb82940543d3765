import type { DocumentList, DocumentSummary } from '../../schemas/contracts';
import { LOCALE_CONFIG_IDS } from '../../schemas/validator/documents';
import { copyForLocale, copySources, localesWithoutDocument } from './create-locale';

const summary = (id: string, kind: DocumentSummary['kind'] = 'locale') => ({ id, kind }) as DocumentSummary;
const damaged = (id: string) =>
  ({
    id,
    kind: 'locale',
    file: `documents/${id}/meta.json`,
    problem: 'is missing',
    repair: 'restore it',
  }) as DocumentList['damaged'][number];

describe('localesWithoutDocument', () => {
  it('lists the registry locales the service holds no document for, in registry order; damaged ones count as held', () => {
    const list: DocumentList = {
      documents: [summary('de-DE'), summary('markets', 'markets'), summary('fr-FR')],
      damaged: [damaged('en')],
    };
    expect(localesWithoutDocument(list, ['de-DE', 'fr-BE', 'fr-FR', 'en', 'it-IT'])).toEqual(['fr-BE', 'it-IT']);
  });

  it('is empty for a service holding every locale of the registry', () => {
    expect(localesWithoutDocument({ documents: LOCALE_CONFIG_IDS.map((id) => summary(id)), damaged: [] })).toEqual([]);
  });
});

it('offers the locale documents as sources, not markets or flags', () => {
  expect(
    copySources({
      documents: [summary('flags', 'flags'), summary('de-AT'), summary('markets', 'markets'), summary('en')],
      damaged: [],
    }),
  ).toEqual(['de-AT', 'en']);
});

it('copies content with the locale and its base path set to the new locale', () => {
  expect(copyForLocale({ locale: 'fr-FR', language: 'fr', basePath: '/fr-fr', header: { x: 1 } }, 'fr-BE')).toEqual({
    locale: 'fr-BE',
    language: 'fr',
    basePath: '/fr-be',
    header: { x: 1 },
  });
  expect(copyForLocale(null, 'fr-BE')).toBeNull();
});
