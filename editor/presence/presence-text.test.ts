import type { PresenceEntry } from '../../schemas/contracts';
import { othersByDocument, presenceText, readPresenceSnapshot } from './presence-text';

const since = '2026-01-05T10:00:00.000Z';
const entry = (username: string, document: PresenceEntry['document']): PresenceEntry => ({ username, document, since });

it('groups everyone else by the document they have open, leaving out yourself and the dashboard', () => {
  const others = othersByDocument(
    [entry('anna', 'de-DE'), entry('ben', 'de-DE'), entry('me', 'de-DE'), entry('carla', null), entry('ben', 'fr-FR')],
    'me',
  );
  expect([...others]).toEqual([
    ['de-DE', ['anna', 'ben']],
    ['fr-FR', ['ben']],
  ]);
});

it.each([
  [[], null],
  [['anna'], 'anna is editing de-DE'],
  [['anna', 'ben'], 'anna and ben are editing de-DE'],
  [['anna', 'ben', 'carla'], 'anna, ben and carla are editing de-DE'],
  [['anna', 'ben', 'carla', 'dan'], 'anna, ben and 2 others are editing de-DE'],
])('%j → %j', (names, text) => {
  expect(presenceText(names, 'de-DE')).toBe(text);
});

it('reads a presence event’s data, and nothing that is not one', () => {
  expect(readPresenceSnapshot(JSON.stringify({ entries: [entry('anna', 'de-DE'), entry('ben', null)] }))).toEqual({
    entries: [entry('anna', 'de-DE'), entry('ben', null)],
  });
  for (const bad of [
    'not json',
    'null',
    '{"entries": {}}',
    JSON.stringify({ entries: [entry('anna', 'xx-XX' as never)] }),
    JSON.stringify({ entries: [{ username: 1, document: null, since }] }),
  ])
    expect(readPresenceSnapshot(bad), bad).toBeUndefined();
});
