import {
  deepEqual,
  fieldNameToPath,
  fieldNameToPointer,
  getIn,
  pathToPointer,
  pointerToFieldName,
  pointerToSegments,
  setIn,
} from './json-path';

describe('json paths', () => {
  it('converts between pointers, field names and paths (escapes included)', () => {
    expect(pointerToSegments('/a~1b/c~0d/0')).toEqual(['a/b', 'c~d', '0']);
    expect(pathToPointer(['a/b', 'c~d', 0])).toBe('/a~1b/c~0d/0');
    expect(pointerToFieldName('/footer/columns/2/heading')).toBe('footer.columns.2.heading');
    expect(pointerToFieldName('')).toBe('');
    expect(fieldNameToPointer('footer.columns.2.heading')).toBe('/footer/columns/2/heading');
  });

  it('makes digit segments indexes only where the document holds an array', () => {
    const doc = { list: [{ x: 1 }], map: { '404': 'page' } };
    expect(fieldNameToPath('list.0.x', doc)).toEqual(['list', 0, 'x']);
    expect(fieldNameToPath('map.404', doc)).toEqual(['map', '404']);
  });

  it('sets immutably, sharing untouched branches, and removes keys set to undefined', () => {
    const doc = { a: { b: 1 }, c: [{ d: 1 }, { d: 2 }] };
    const next = setIn(doc, ['c', 1, 'd'], 3) as typeof doc;
    expect(next).toEqual({ a: { b: 1 }, c: [{ d: 1 }, { d: 3 }] });
    expect(next.a).toBe(doc.a);
    expect(next.c[0]).toBe(doc.c[0]);
    expect(doc.c[1]!.d).toBe(2);
    expect(setIn(doc, ['a', 'b'], undefined)).toEqual({ a: {}, c: doc.c });
    expect(setIn({}, ['x', 'y'], 1)).toEqual({ x: { y: 1 } });
    expect(getIn(next, ['c', 1, 'd'])).toBe(3);
    expect(getIn(next, ['nope', 'deeper'])).toBeUndefined();
  });

  it('compares JSON values structurally', () => {
    expect(deepEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
  });
});
