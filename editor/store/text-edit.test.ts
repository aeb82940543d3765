import { readFileSync } from 'node:fs';
import { setIn } from './json-path';
import { applyValueAtPath, canonicalText, minimalTextChange } from './text-edit';

const text = readFileSync('config/it-IT.json', 'utf8');
const value = JSON.parse(text) as { header: { public: { navItems: unknown[] } } };

function write(path: (string | number)[], next: unknown): string {
  return applyValueAtPath(text, value, setIn(value, path, next), path);
}

describe('applyValueAtPath', () => {
  it.each([
    ['a label', ['header', 'public', 'navItems', 0, 'title'], 'Nuovo'],
    ['a reordered list', ['header', 'public', 'navItems'], [...value.header.public.navItems].reverse()],
    ['a new key', ['header', 'public', 'navItems', 0, 'enableBadge'], true],
    ['a nested rule', ['header', 'public', 'navItems', 0, 'visibility'], { all: [{ flag: 'x' }, { not: { access: 'term_deposit' } }] }],
    ['a removed key', ['header', 'public', 'navItems', 0, 'subMenus'], undefined],
    ['a missing parent', ['header', 'corporate', 'navItems'], []],
  ])('writes %s in the layout the server stores (stable diffs, no reformatting)', (_label, path, next) => {
    const out = write(path as (string | number)[], next);
    expect(out).toBe(canonicalText(JSON.parse(out)));
    expect(JSON.parse(out)).toEqual(setIn(value, path as (string | number)[], next));
  });

  it('leaves hand formatting elsewhere in the text alone', () => {
    const compact = '{"a": [1,2,3], "b": {"c": "x"}}';
    const out = applyValueAtPath(compact, JSON.parse(compact), { a: [1, 2, 3], b: { c: 'y' } }, ['b', 'c']);
    expect(out).toBe('{"a": [1,2,3], "b": {"c": "y"}}');
  });
});

describe('minimalTextChange', () => {
  it('finds the one replaced range', () => {
    expect(minimalTextChange('abcdef', 'abXYef')).toEqual({ start: 2, end: 4, text: 'XY' });
    expect(minimalTextChange('abc', 'abc')).toBeNull();
    expect(minimalTextChange('aaa', 'aaaa')).toEqual({ start: 3, end: 3, text: 'a' });
    expect(minimalTextChange('abc', '')).toEqual({ start: 0, end: 3, text: '' });
  });
});
