import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { vi } from 'vitest';

vi.mock('jsonc-parser', async (importOriginal) => {
  const original = await importOriginal<typeof import('jsonc-parser')>();
  return { ...original, modify: vi.fn(original.modify) };
});
import * as jsonc from 'jsonc-parser';
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
    [
      'a nested rule',
      ['header', 'public', 'navItems', 0, 'visibility'],
      { all: [{ flag: 'x' }, { not: { access: 'term_deposit' } }] },
    ],
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

describe('applyValueAtPath while typing in one field (docs/editor-typing.md#the-fixes)', () => {
  const title = ['header', 'public', 'navItems', 0, 'title'] as const;
  const other = ['header', 'public', 'navItems', 1, 'title'] as const;

  it('each key gives the text a fresh edit would: the layout the server stores, the value typed', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('"', '\\', '\u2028', 'ä€😀', '</script>')), {
          minLength: 1,
          maxLength: 12,
        }),
        (keys) => {
          let current = text;
          let parsed: unknown = value;
          let typed = '';
          for (const key of keys) {
            typed += key;
            const next = setIn(parsed, title, typed);
            current = applyValueAtPath(current, parsed, next, title);
            parsed = next;
            expect(current).toBe(canonicalText(next));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('finds the field in the document once; the keys after that are spliced in place', () => {
    const modify = vi.mocked(jsonc.modify);
    modify.mockClear();
    let current = text;
    let parsed: unknown = value;
    for (const typed of ['S', 'Sp', 'Spa', 'Spar', 'Spare']) {
      const next = setIn(parsed, title, typed);
      current = applyValueAtPath(current, parsed, next, title);
      parsed = next;
    }
    expect(current).toBe(canonicalText(parsed));
    expect(modify).toHaveBeenCalledTimes(1);
  });

  it('another field, or a text changed in between, is found afresh', () => {
    const first = setIn(value, title, 'Eins');
    const afterFirst = applyValueAtPath(text, value, first, title);
    const second = setIn(first, other, 'Zwei');
    const afterSecond = applyValueAtPath(afterFirst, first, second, other);
    expect(afterSecond).toBe(canonicalText(second));
    // The JSON view reformatted the text since the last form edit: the remembered offsets no longer apply.
    const compact = JSON.stringify(second);
    const third = setIn(second, other, 'Drei');
    const afterThird = applyValueAtPath(compact, second, third, other);
    expect(JSON.parse(afterThird)).toEqual(third);
    expect(afterThird.startsWith('{"')).toBe(true);
  });
});
