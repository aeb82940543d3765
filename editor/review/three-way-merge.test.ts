import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepEqual, isPlainObject } from './json-value';
import {
  interleave,
  mergeTexts,
  resolveWith,
  threeWayMerge,
  type MergeConflict,
  type MergeSide,
} from './three-way-merge';

/** The value at an RFC 6901 pointer, or undefined. */
function at(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  return pointer
    .slice(1)
    .split('/')
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, seg) =>
        Array.isArray(node)
          ? node[Number(seg)]
          : isPlainObject(node) && Object.hasOwn(node, seg)
            ? node[seg]
            : undefined,
      value,
    );
}

const pick = (side: MergeSide) => () => side;
const summary = (c: MergeConflict) => ({ pointer: c.pointer, base: c.base, mine: c.mine, theirs: c.theirs });

describe('threeWayMerge: objects', () => {
  it('applies a change only I made and a change only they made', () => {
    const base = { title: 'Sparen', href: '/sparen', icon: 'piggy' };
    const result = threeWayMerge(base, { ...base, title: 'Sparen 1' }, { ...base, href: '/sparen/' });
    expect(result.merged).toEqual({ title: 'Sparen 1', href: '/sparen/', icon: 'piggy' });
    expect(result.conflicts).toEqual([]);
    expect(result.unresolved).toEqual([]);
  });

  it('takes the same change made on both sides once, without a conflict', () => {
    const result = threeWayMerge({ a: 1 }, { a: 2 }, { a: 2 });
    expect(result).toEqual({ merged: { a: 2 }, conflicts: [], unresolved: [] });
  });

  it('applies additions and removals from either side', () => {
    const result = threeWayMerge(
      { keep: 1, goneMine: 2, goneTheirs: 3 },
      { keep: 1, goneTheirs: 3, addedMine: 4 },
      { keep: 1, goneMine: 2, addedTheirs: 5 },
    );
    expect(result.merged).toEqual({ keep: 1, addedMine: 4, addedTheirs: 5 });
    expect(result.conflicts).toEqual([]);
  });

  it('reports both changing a field differently as {pointer, base, mine, theirs} and keeps theirs until resolved', () => {
    const base = { header: { title: 'A', alt: 'x' } };
    const result = threeWayMerge(
      base,
      { header: { title: 'Mine', alt: 'x' } },
      { header: { title: 'Theirs', alt: 'y' } },
    );
    expect(result.conflicts.map(summary)).toEqual([
      { pointer: '/header/title', base: 'A', mine: 'Mine', theirs: 'Theirs' },
    ]);
    expect(result.unresolved).toHaveLength(1);
    expect(result.conflicts[0]?.label).toBe('header › title');
    expect(result.merged).toEqual({ header: { title: 'Theirs', alt: 'y' } });
  });

  it('settles a conflict with the side the resolver picks', () => {
    const mine = threeWayMerge({ a: 1, b: 1 }, { a: 2, b: 1 }, { a: 3, b: 4 }, { resolve: pick('mine') });
    expect(mine.merged).toEqual({ a: 2, b: 4 });
    expect(mine.conflicts).toHaveLength(1);
    expect(mine.unresolved).toEqual([]);
    const theirs = threeWayMerge({ a: 1, b: 1 }, { a: 2, b: 1 }, { a: 3, b: 4 }, { resolve: pick('theirs') });
    expect(theirs.merged).toEqual({ a: 3, b: 4 });
  });

  it('reports a change against a removal (absent is undefined), and picking the removal removes the key', () => {
    const result = threeWayMerge({ a: 'x', b: 1 }, { b: 1 }, { a: 'y', b: 1 });
    expect(result.conflicts.map(summary)).toEqual([{ pointer: '/a', base: 'x', mine: undefined, theirs: 'y' }]);
    expect(threeWayMerge({ a: 'x', b: 1 }, { b: 1 }, { a: 'y', b: 1 }, { resolve: pick('mine') }).merged).toEqual({
      b: 1,
    });
  });

  it('merges keys both sides added inside a new object, conflicting only where they disagree', () => {
    const result = threeWayMerge(
      {},
      { sidebar: { title: 'T', href: '/m' } },
      { sidebar: { title: 'T', icon: 'i', href: '/t' } },
    );
    expect(result.merged).toEqual({ sidebar: { title: 'T', icon: 'i', href: '/t' } });
    expect(result.conflicts.map(summary)).toEqual([
      { pointer: '/sidebar/href', base: undefined, mine: '/m', theirs: '/t' },
    ]);
  });

  it('reports a type change on both sides (object vs string) as one conflict', () => {
    const result = threeWayMerge({ a: { b: 1 } }, { a: 'text' }, { a: { b: 2 } });
    expect(result.conflicts.map(summary)).toEqual([{ pointer: '/a', base: { b: 1 }, mine: 'text', theirs: { b: 2 } }]);
  });

  it('keeps my key order and slots their new keys in after their predecessor', () => {
    const result = threeWayMerge({ a: 1, c: 3 }, { a: 1, b: 2, c: 3 }, { a: 1, c: 3, d: 4 });
    expect(Object.keys(result.merged as object)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('escapes "/" and "~" in pointers and treats "__proto__" as an ordinary key', () => {
    const base = JSON.parse('{"a/b":{"~x":1},"__proto__":{"p":1}}') as unknown;
    const mine = JSON.parse('{"a/b":{"~x":2},"__proto__":{"p":2}}') as unknown;
    const theirs = JSON.parse('{"a/b":{"~x":3},"__proto__":{"p":1,"q":1}}') as unknown;
    const result = threeWayMerge(base, mine, theirs);
    expect(result.conflicts.map((c) => c.pointer)).toEqual(['/a~1b/~0x']);
    const merged = result.merged as Record<string, unknown>;
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(Object.hasOwn(merged, '__proto__')).toBe(true);
    expect(JSON.stringify(merged)).toBe('{"a/b":{"~x":3},"__proto__":{"p":2,"q":1}}');
  });
});

describe('threeWayMerge: arrays of objects with ids', () => {
  const item = (id: string, title = id, extra: Record<string, unknown> = {}) => ({ id, title, ...extra });
  const base = [item('a'), item('b'), item('c')];

  it('merges an edit of one element with an edit of another', () => {
    const result = threeWayMerge(
      base,
      [item('a', 'A!'), item('b'), item('c')],
      [item('a'), item('b'), item('c', 'C!')],
    );
    expect(result.merged).toEqual([item('a', 'A!'), item('b'), item('c', 'C!')]);
    expect(result.conflicts).toEqual([]);
  });

  it('matches elements by id even when one side inserted or removed before them (no index shift)', () => {
    const mine = [item('new'), item('a'), item('b', 'B!'), item('c')];
    const theirs = [item('a'), item('c', 'C!')];
    const result = threeWayMerge(base, mine, theirs);
    // b was edited by me and removed by them: a real conflict; everything else merges.
    expect(result.conflicts.map(summary)).toEqual([
      { pointer: '/2', base: item('b'), mine: item('b', 'B!'), theirs: undefined },
    ]);
    expect(result.merged).toEqual([item('new'), item('a'), item('c', 'C!')]);
    expect(threeWayMerge(base, mine, theirs, { resolve: pick('mine') }).merged).toEqual([
      item('new'),
      item('a'),
      item('b', 'B!'),
      item('c', 'C!'),
    ]);
  });

  it('removes an element one side removed and the other left alone', () => {
    const result = threeWayMerge(base, [item('a'), item('c')], [item('a', 'A!'), item('b'), item('c')]);
    expect(result.merged).toEqual([item('a', 'A!'), item('c')]);
    expect(result.conflicts).toEqual([]);
  });

  it('keeps additions from both sides where each author put them', () => {
    const result = threeWayMerge(
      base,
      [item('a'), item('m'), item('b'), item('c')],
      [item('a'), item('b'), item('c'), item('t')],
    );
    expect((result.merged as { id: string }[]).map((x) => x.id)).toEqual(['a', 'm', 'b', 'c', 't']);
  });

  it('merges inside an element both sides changed, with pointers by position in the merged array', () => {
    const result = threeWayMerge(
      { items: base },
      { items: [item('x'), item('a'), item('b', 'mine', { href: '/b' }), item('c')] },
      { items: [item('a'), item('b', 'theirs', { icon: 'i' }), item('c')] },
    );
    expect(result.merged).toEqual({
      items: [item('x'), item('a'), item('b', 'theirs', { href: '/b', icon: 'i' }), item('c')],
    });
    expect(result.conflicts.map(summary)).toEqual([
      { pointer: '/items/2/title', base: 'b', mine: 'mine', theirs: 'theirs' },
    ]);
    expect(result.conflicts[0]?.label).toBe('items › b › title');
  });

  it('keeps the order one side changed, and reports two different reorders as a conflict on the array', () => {
    const reordered = threeWayMerge(base, [item('c'), item('a'), item('b')], [item('a', 'A!'), item('b'), item('c')]);
    expect(reordered.merged).toEqual([item('c'), item('a', 'A!'), item('b')]);
    const theirsReordered = threeWayMerge(
      base,
      [item('a', 'A!'), item('b'), item('c')],
      [item('b'), item('a'), item('c')],
    );
    expect(theirsReordered.merged).toEqual([item('b'), item('a', 'A!'), item('c')]);
    const both = threeWayMerge(base, [item('c'), item('b'), item('a')], [item('b'), item('a'), item('c')]);
    expect(both.conflicts.map((c) => c.pointer)).toEqual(['']);
  });

  it('keys conflicts by element id, so a pick survives the other conflicts being settled differently', () => {
    const b = [item('a'), item('b'), item('c')];
    const m = [item('b', 'B mine'), item('c', 'C mine')]; // removed a, edited b and c
    const t = [item('a', 'A theirs'), item('b', 'B theirs'), item('c', 'C theirs')];
    const first = threeWayMerge(b, m, t);
    expect(first.conflicts.map((c) => c.label)).toEqual(['a', 'b › title', 'c › title']);
    const [a, , c] = first.conflicts;
    // Keeping my removal of "a" shifts b and c up one place; their keys stay the same.
    const settled = threeWayMerge(b, m, t, { resolve: resolveWith({ [a!.key]: 'mine', [c!.key]: 'mine' }) });
    expect(settled.merged).toEqual([item('b', 'B theirs'), item('c', 'C mine')]);
    expect(settled.conflicts.map((x) => x.key)).toEqual(first.conflicts.map((x) => x.key));
    expect(settled.conflicts.map((x) => x.pointer)).toEqual(['/0', '/0/title', '/1/title']);
  });

  it('falls back to positions when an element has no id or ids repeat', () => {
    const noIds = threeWayMerge([{ t: 'a' }, { t: 'b' }], [{ t: 'A' }, { t: 'b' }], [{ t: 'a' }, { t: 'B' }]);
    expect(noIds.merged).toEqual([{ t: 'A' }, { t: 'B' }]);
    const repeated = threeWayMerge(
      [item('a'), item('a', 'twice')],
      [item('a', 'x'), item('a', 'twice')],
      [item('a'), item('a', 'y')],
    );
    expect(repeated.merged).toEqual([item('a', 'x'), item('a', 'y')]);
    expect(repeated.conflicts).toEqual([]);
  });
});

describe('threeWayMerge: other arrays (by index)', () => {
  it('merges in-place edits element by element', () => {
    expect(threeWayMerge(['a', 'b', 'c'], ['A', 'b', 'c'], ['a', 'b', 'C']).merged).toEqual(['A', 'b', 'C']);
  });

  it('combines an in-place edit with an append', () => {
    expect(threeWayMerge(['a', 'b'], ['A', 'b'], ['a', 'b', 'c']).merged).toEqual(['A', 'b', 'c']);
  });

  it('takes the longer append when it extends the other, and reports two different appends', () => {
    expect(threeWayMerge(['a'], ['a', 'b'], ['a', 'b', 'c']).merged).toEqual(['a', 'b', 'c']);
    const result = threeWayMerge(['a'], ['a', 'm'], ['a', 't']);
    expect(result.conflicts.map(summary)).toEqual([{ pointer: '', base: ['a'], mine: ['a', 'm'], theirs: ['a', 't'] }]);
  });

  it('reports two different new arrays under a key both added with absent base', () => {
    const result = threeWayMerge({}, { tags: ['m'] }, { tags: ['t'] });
    expect(result.conflicts.map(summary)).toEqual([{ pointer: '/tags', base: undefined, mine: ['m'], theirs: ['t'] }]);
  });

  it('applies a cut end unless the other side edited what was cut', () => {
    expect(threeWayMerge(['a', 'b', 'c'], ['A', 'b', 'c'], ['a']).merged).toEqual(['A']);
    const result = threeWayMerge(['a', 'b', 'c'], ['a', 'b', 'C'], ['a']);
    expect(result.conflicts.map(summary)).toEqual([{ pointer: '/1', base: 'c', mine: 'C', theirs: undefined }]);
  });

  it('reports an insert in the middle next to another change as a conflict on the whole array', () => {
    const result = threeWayMerge(['a', 'b', 'c'], ['a', 'x', 'b', 'c'], ['a', 'b', 'C']);
    expect(result.conflicts.map((c) => c.pointer)).toEqual(['']);
    expect(
      threeWayMerge(['a', 'b', 'c'], ['a', 'x', 'b', 'c'], ['a', 'b', 'C'], { resolve: pick('mine') }).merged,
    ).toEqual(['a', 'x', 'b', 'c']);
  });
});

describe('interleave', () => {
  it('inserts the other side’s items after their nearest predecessor, keeping their order', () => {
    expect(interleave(['a', 'b', 'c'], ['x', 'a', 'y', 'z', 'c', 'w'])).toEqual(['x', 'a', 'y', 'z', 'b', 'c', 'w']);
    expect(interleave([], ['a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('mergeTexts', () => {
  it('merges texts and formats the result as the service stores it', () => {
    const merged = mergeTexts({ base: '{"a":1,"b":1}', mine: '{ "a": 2, "b": 1 }', theirs: '{"a":1,"b":3}' });
    expect(merged).toMatchObject({ ok: true, text: '{\n  "a": 2,\n  "b": 3\n}\n' });
  });

  it('applies picks keyed by conflict key', () => {
    const first = mergeTexts({ base: '{"a":1}', mine: '{"a":2}', theirs: '{"a":3}' });
    if (!first.ok) throw new Error('expected a merge');
    const key = first.result.conflicts[0]!.key;
    expect(mergeTexts({ base: '{"a":1}', mine: '{"a":2}', theirs: '{"a":3}' }, { [key]: 'mine' })).toMatchObject({
      ok: true,
      text: '{\n  "a": 2\n}\n',
    });
  });

  it('says which text does not parse', () => {
    expect(mergeTexts({ base: '{}', mine: '{"a":', theirs: '{}' })).toMatchObject({ ok: false, side: 'mine' });
    expect(mergeTexts({ base: '{', mine: '{}', theirs: '{}' })).toMatchObject({ ok: false, side: 'base' });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties. Documents are shaped like ours (objects, arrays of objects with ids, lists of strings), and
// "mine" and "theirs" are random edits of the same base, so their changes overlap often.

const KEYS = ['title', 'href', 'icon', 'items', 'meta', 'tags', 'alt'];
const IDS = ['a', 'b', 'c', 'd', 'e', 'f'];
const leaf = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.constant(null));

const docArb: fc.Arbitrary<unknown> = fc.letrec<{ node: unknown; obj: Record<string, unknown>; idArray: unknown[] }>(
  (tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      tie('obj'),
      tie('idArray'),
      fc.array(leaf, { maxLength: 4 }),
    ),
    obj: fc.dictionary(fc.constantFrom(...KEYS), tie('node'), { maxKeys: 4 }),
    idArray: fc
      .uniqueArray(fc.constantFrom(...IDS), { maxLength: 4 })
      .chain((ids) => fc.tuple(...ids.map((id) => tie('obj').map((o) => ({ ...o, id }))))),
  }),
).obj;

/** A random edit of `value`: keeps, replaces, removes, recurses into and adds to it. */
function editOf(value: unknown, depth = 0): fc.Arbitrary<unknown> {
  const replace = depth > 2 ? leaf : fc.oneof(leaf, docArb);
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    const fate = (key: string) =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constant({ keep: true as const }) },
        { weight: 3, arbitrary: editOf(value[key], depth + 1).map((v) => ({ value: v })) },
        { weight: 1, arbitrary: fc.constant({ drop: true as const }) },
      );
    return fc
      .tuple(fc.tuple(...keys.map(fate)), fc.dictionary(fc.constantFrom(...KEYS), replace, { maxKeys: 1 }))
      .map(([fates, added]) => {
        const out: Record<string, unknown> = { ...added };
        keys.forEach((key, i) => {
          const f = fates[i]!;
          if ('keep' in f) out[key] = value[key];
          else if ('value' in f) out[key] = f.value;
          else delete out[key];
        });
        // An edited element of an id array keeps its id (otherwise it would be a different element).
        if (Object.hasOwn(value, 'id')) out.id = value.id;
        return out;
      });
  }
  if (Array.isArray(value)) {
    const fate = (item: unknown) =>
      fc.oneof(
        { weight: 5, arbitrary: fc.constant([item]) },
        { weight: 3, arbitrary: editOf(item, depth + 1).map((v) => [v]) },
        { weight: 1, arbitrary: fc.constant([]) },
      );
    const ids = value.map((item) => (isPlainObject(item) ? item.id : undefined));
    const fresh = IDS.filter((id) => !ids.includes(id));
    const insert =
      ids.length > 0 && ids.every((id) => typeof id === 'string')
        ? fc.constantFrom(...(fresh.length ? fresh : ['z'])).map((id) => ({ id, title: `new ${id}` }))
        : leaf;
    return fc
      .tuple(
        fc.tuple(...value.map(fate)),
        fc.option(fc.tuple(fc.nat({ max: value.length }), insert), { nil: undefined }),
        fc.nat({ max: 4 }).map((n) => n === 0),
      )
      .map(([fates, insertion, reverse]) => {
        const out = fates.flat();
        if (
          insertion &&
          !(
            isPlainObject(insertion[1]) &&
            out.some((x) => isPlainObject(x) && x.id === (insertion[1] as { id: string }).id)
          )
        )
          out.splice(insertion[0], 0, insertion[1]);
        // Now and then a side also reorders the list.
        return reverse ? out.reverse() : out;
      });
  }
  return fc.oneof({ weight: 2, arbitrary: fc.constant(value) }, { weight: 3, arbitrary: replace });
}

const triple = docArb.chain((base) => fc.tuple(fc.constant(base), editOf(base), editOf(base)));

describe('threeWayMerge: properties', () => {
  const anyJson = fc.jsonValue({ maxDepth: 4 });

  it('merge(base, x, base) = x and merge(base, base, y) = y, without conflicts', () => {
    fc.assert(
      fc.property(fc.oneof(triple, fc.tuple(anyJson, anyJson, anyJson)), ([base, x, y]) => {
        const onlyMine = threeWayMerge(base, x, base);
        const onlyTheirs = threeWayMerge(base, base, y);
        expect(onlyMine.merged).toEqual(x);
        expect(onlyTheirs.merged).toEqual(y);
        expect([...onlyMine.conflicts, ...onlyTheirs.conflicts]).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('merge(b, x, x) = x, without conflicts', () => {
    fc.assert(
      fc.property(fc.oneof(triple, fc.tuple(anyJson, anyJson, anyJson)), ([base, x]) => {
        const result = threeWayMerge(base, x, x);
        expect(result.merged).toEqual(x);
        expect(result.conflicts).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('every conflict is real (both sides changed it, differently) and its pointer locates the picked value', () => {
    fc.assert(
      fc.property(triple, fc.constantFrom<MergeSide>('mine', 'theirs'), ([base, x, y], side) => {
        const result = threeWayMerge(base, x, y, { resolve: pick(side) });
        expect(result.unresolved).toEqual([]);
        for (const c of result.conflicts) {
          expect(deepEqual(c.mine, c.theirs)).toBe(false);
          expect(deepEqual(c.base, c.mine)).toBe(false);
          expect(deepEqual(c.base, c.theirs)).toBe(false);
          if (c[side] !== undefined) expect(at(result.merged, c.pointer)).toEqual(c[side]);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('is symmetric: swapping mine and theirs finds the same conflicts with the sides swapped', () => {
    fc.assert(
      fc.property(triple, ([base, x, y]) => {
        const forward = threeWayMerge(base, x, y).conflicts.map((c) => ({
          key: c.key,
          base: c.base,
          a: c.mine,
          b: c.theirs,
        }));
        const backward = threeWayMerge(base, y, x).conflicts.map((c) => ({
          key: c.key,
          base: c.base,
          a: c.theirs,
          b: c.mine,
        }));
        const byKey = (list: typeof forward) => [...list].sort((p, q) => p.key.localeCompare(q.key));
        expect(byKey(backward)).toEqual(byKey(forward));
      }),
      { numRuns: 300 },
    );
  });

  it('loses nothing when the two sides edit different keys: every change of each side is in the result', () => {
    const disjoint = docArb.chain((base) => {
      const keys = Object.keys(base as object);
      return fc
        .tuple(
          fc.constant(base as Record<string, unknown>),
          fc.subarray(keys),
          fc.array(fc.constantFrom(...KEYS), { maxLength: 2 }),
        )
        .chain(([b, mineKeys, newKeys]) => {
          const theirKeys = keys.filter((k) => !mineKeys.includes(k));
          const editSome = (owned: string[], prefix: string) =>
            fc
              .tuple(
                ...owned.map((k) => editOf(b[k], 1)),
                fc.array(leaf, { minLength: newKeys.length, maxLength: newKeys.length }),
              )
              .map((values) => {
                const edited = { ...b };
                owned.forEach((k, i) => (edited[k] = values[i]));
                const added = values[owned.length] as unknown[];
                newKeys.forEach((k, i) => (edited[`${prefix}${k}`] = added[i]));
                return edited;
              });
          return fc.tuple(
            fc.constant(b),
            fc.constant(mineKeys),
            editSome(mineKeys, 'mine-'),
            editSome(theirKeys, 'theirs-'),
          );
        });
    });
    fc.assert(
      fc.property(disjoint, ([base, mineKeys, x, y]) => {
        const result = threeWayMerge(base, x, y);
        expect(result.conflicts).toEqual([]);
        const merged = result.merged as Record<string, unknown>;
        for (const key of Object.keys(base)) expect(merged[key]).toEqual(mineKeys.includes(key) ? x[key] : y[key]);
        for (const key of Object.keys(x).filter((k) => k.startsWith('mine-'))) expect(merged[key]).toEqual(x[key]);
        for (const key of Object.keys(y).filter((k) => k.startsWith('theirs-'))) expect(merged[key]).toEqual(y[key]);
      }),
      { numRuns: 300 },
    );
  });

  it('loses nothing when the two sides edit different elements of an id array', () => {
    const elements = fc
      .uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: 6 })
      .chain((ids) =>
        fc.tuple(fc.constant(ids.map((id) => ({ id, title: `t-${id}`, n: 0 }))), fc.subarray(ids), fc.subarray(ids)),
      );
    fc.assert(
      fc.property(elements, fc.boolean(), ([base, mineIds, theirIdsRaw], theirsRemove) => {
        const theirIds = theirIdsRaw.filter((id) => !mineIds.includes(id));
        const x = [
          ...base.map((e) => (mineIds.includes(e.id) ? { ...e, title: `mine-${e.id}` } : e)),
          { id: 'mine-new', title: 'm', n: 1 },
        ];
        const y = [
          { id: 'theirs-new', title: 't', n: 2 },
          ...base.flatMap((e) => (theirIds.includes(e.id) ? (theirsRemove ? [] : [{ ...e, n: 9 }]) : [e])),
        ];
        const result = threeWayMerge(base, x, y);
        expect(result.conflicts).toEqual([]);
        const merged = result.merged as { id: string; title: string; n: number }[];
        const byId = new Map(merged.map((e) => [e.id, e]));
        expect(byId.get('mine-new')).toEqual({ id: 'mine-new', title: 'm', n: 1 });
        expect(byId.get('theirs-new')).toEqual({ id: 'theirs-new', title: 't', n: 2 });
        for (const e of base) {
          if (mineIds.includes(e.id)) expect(byId.get(e.id)?.title).toBe(`mine-${e.id}`);
          else if (theirIds.includes(e.id)) expect(byId.get(e.id)).toEqual(theirsRemove ? undefined : { ...e, n: 9 });
          else expect(byId.get(e.id)).toEqual(e);
        }
      }),
      { numRuns: 300 },
    );
  });
});
