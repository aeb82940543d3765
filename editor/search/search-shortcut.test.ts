import { isSearchShortcut } from './search-shortcut';

const key = (over: Partial<KeyboardEvent>) => ({
  key: 'k',
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...over,
});

it('is Ctrl K or ⌘ K, in either case, and nothing else', () => {
  expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(true);
  expect(isSearchShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
  expect(isSearchShortcut(key({}))).toBe(false);
  expect(isSearchShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
  expect(isSearchShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
  expect(isSearchShortcut(key({ ctrlKey: true, key: 'j' }))).toBe(false);
});
