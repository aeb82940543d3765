import { highlightParts } from './highlight';

it('marks every occurrence of every word, ignoring case and accents', () => {
  expect(highlightParts('Kündigungsgeld und Festgeld', ['geld', 'KUND'])).toEqual([
    { text: 'Künd', match: true },
    { text: 'igungs', match: false },
    { text: 'geld', match: true },
    { text: ' und Fest', match: false },
    { text: 'geld', match: true },
  ]);
});

it('returns the text whole without words, or when folding changes its length', () => {
  expect(highlightParts('Festgeld', [])).toEqual([{ text: 'Festgeld', match: false }]);
  expect(highlightParts('Ku\u0308ndigung', ['kund'])).toEqual([{ text: 'Ku\u0308ndigung', match: false }]);
});
