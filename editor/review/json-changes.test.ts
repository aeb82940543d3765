import { describe, expect, it } from 'vitest';
import { listChanges } from './json-changes';
import { deepEqual, formatJson, isIdArray, normaliseJsonText, parseJson } from './json-value';

describe('listChanges', () => {
  it('names added, removed and changed fields by pointer, in document order', () => {
    expect(listChanges({ a: 1, b: { c: 2 }, gone: true }, { a: 2, b: { c: 2, d: 3 } })).toEqual([
      { kind: 'changed', pointer: '/a' },
      { kind: 'added', pointer: '/b/d' },
      { kind: 'removed', pointer: '/gone' },
    ]);
  });

  it('lists nothing for equal documents, whatever their key order', () => {
    expect(listChanges({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toEqual([]);
  });

  it('compares arrays of objects with ids by id: an insert is one addition, a move is a reorder', () => {
    const before = [{ id: 'a' }, { id: 'b', t: 1 }];
    expect(listChanges(before, [{ id: 'new' }, { id: 'a' }, { id: 'b', t: 2 }])).toEqual([
      { kind: 'added', pointer: '/0' },
      { kind: 'changed', pointer: '/2/t' },
    ]);
    expect(listChanges(before, [{ id: 'b', t: 1 }])).toEqual([{ kind: 'removed', pointer: '/0' }]);
    expect(listChanges(before, [{ id: 'b', t: 1 }, { id: 'a' }])).toEqual([{ kind: 'reordered', pointer: '' }]);
  });

  it('compares other arrays by index and escapes pointer segments', () => {
    expect(listChanges({ 'a/b': ['x', 'y'] }, { 'a/b': ['x', 'z', 'w'] })).toEqual([
      { kind: 'changed', pointer: '/a~1b/1' },
      { kind: 'added', pointer: '/a~1b/2' },
    ]);
  });
});

describe('json-value', () => {
  it('deepEqual ignores key order but not array order or types', () => {
    expect(deepEqual({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: undefined }, {})).toBe(false);
    expect(deepEqual('1', 1)).toBe(false);
    expect(deepEqual([], {})).toBe(false);
  });

  it('isIdArray wants every element to be an object with a unique string or number id', () => {
    expect(isIdArray([{ id: 'a' }, { id: 1 }], [])).toBe(true);
    expect(isIdArray([{ id: 'a' }, { id: 'a' }])).toBe(false);
    expect(isIdArray([{ id: 'a' }, { name: 'b' }])).toBe(false);
    expect(isIdArray(['a'])).toBe(false);
  });

  it('formats like the service and normalises only text that parses', () => {
    expect(formatJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
    expect(normaliseJsonText('{"a":1}')).toBe('{\n  "a": 1\n}\n');
    expect(normaliseJsonText('{"a":')).toBe('{"a":');
    expect(parseJson('{"a":')).toMatchObject({ ok: false });
  });
});
