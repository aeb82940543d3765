import { DOCUMENT_IDS } from '../../schemas/validator/documents';
import { documentName } from './document-names';

it('names a locale by its registry country in English, with the registry flag', () => {
  expect(documentName('de-DE')).toEqual({ name: 'Germany', flag: 'de' });
  expect(documentName('de-CH')).toEqual({ name: 'Switzerland', flag: 'ch' });
  expect(documentName('en-GB')).toEqual({ name: 'United Kingdom', flag: 'gb' });
});

it('names the language-only config and the shared documents by what they are', () => {
  expect(documentName('en')).toEqual({ name: 'English (no market)', flag: 'eu' });
  expect(documentName('markets')).toEqual({ name: 'Markets list', flag: null });
  expect(documentName('flags').name).toBe('Feature flags');
});

it('gives every document a distinct name', () => {
  const names = DOCUMENT_IDS.map((id) => documentName(id).name);
  expect(new Set(names).size).toBe(DOCUMENT_IDS.length);
  for (const name of names) expect(name).not.toMatch(/^[a-z]{2}(-[A-Z]{2})?$/);
});
