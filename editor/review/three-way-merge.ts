/**
 * A JSON-aware three-way merge of parsed documents (base: what I loaded; mine: my edit of it; theirs: the
 * draft someone saved meanwhile). Pure: no React, no I/O. The rules, applied at every JSON pointer:
 *
 * 1. mine equals theirs → that value (both made the same change, or neither changed anything);
 * 2. only one side differs from base → that side's value (this covers added and removed keys too);
 * 3. both changed, both are objects → merge key by key (a key absent from base counts as added);
 * 4. both changed, both are arrays →
 *    - every element of base, mine and theirs is an object with a unique `id`: match elements by id, merge
 *      each element, keep additions from both sides, apply deletions, and keep the order one side set
 *      (both reordering the shared elements differently is a conflict on the whole array);
 *    - otherwise by index, when each side only edited elements in place, appended or cut the end; two
 *      different appends, or an insert/delete in the middle next to other changes, conflict on the whole array;
 * 5. anything else (both changed a string, number, boolean or null differently; one changed what the other
 *    removed; a type changed) is a conflict, reported as {pointer, base, mine, theirs}.
 *
 * Conflicts are never guessed: each one is settled by `resolve` (pick mine or theirs). An unresolved conflict
 * keeps theirs in `merged`, so `merged` is always a whole document, and is listed in `unresolved`; callers
 * must not save while `unresolved` is non-empty.
 */
import { pathToPointer } from '../../schemas/validator/source-map';
import {
  deepEqual,
  elementId,
  formatJson,
  isIdArray,
  isPlainObject,
  parseJson,
  type ElementId,
  type JsonObject,
  type ParsedJson,
} from './json-value';

export type MergeSide = 'mine' | 'theirs';

export interface MergeConflict {
  /** Stable across re-merges and other conflicts' choices (id-matched elements are named by id): key choices by it. */
  key: string;
  /** RFC 6901 pointer into the merged document: where the chosen value goes. */
  pointer: string;
  /** The same place for people: object keys, element ids, `[index]` for unmatched elements. */
  label: string;
  /** The values at that place; `undefined` means absent (the key or element does not exist on that side). */
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeOptions {
  /** Settles a conflict; `undefined` leaves it unresolved (theirs stays in `merged` for now). */
  resolve?: (conflict: MergeConflict) => MergeSide | undefined;
}

export interface MergeResult {
  /** The merged document; `undefined` only when both sides removed a value at the top level. */
  merged: unknown;
  /** Every conflict found, in document order, resolved or not. */
  conflicts: MergeConflict[];
  /** The conflicts `resolve` left open. */
  unresolved: MergeConflict[];
}

type KeySegment = string | number | { id: ElementId };

interface MergeState {
  conflicts: MergeConflict[];
  unresolved: MergeConflict[];
  resolve: MergeOptions['resolve'];
}

export function threeWayMerge(base: unknown, mine: unknown, theirs: unknown, options: MergeOptions = {}): MergeResult {
  const state: MergeState = { conflicts: [], unresolved: [], resolve: options.resolve };
  const merged = mergeValue(base, mine, theirs, [], [], state);
  return { merged, conflicts: state.conflicts, unresolved: state.unresolved };
}

/** Picks for conflicts, keyed by `MergeConflict.key`; a resolver for `threeWayMerge`. */
export function resolveWith(choices: Readonly<Record<string, MergeSide>>): NonNullable<MergeOptions['resolve']> {
  return (conflict) => (Object.hasOwn(choices, conflict.key) ? choices[conflict.key] : undefined);
}

function mergeValue(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  path: (string | number)[],
  keyPath: KeySegment[],
  state: MergeState,
): unknown {
  if (deepEqual(mine, theirs)) return mine;
  if (deepEqual(base, mine)) return theirs;
  if (deepEqual(base, theirs)) return mine;
  // Both changed, differently. Containers of the same kind are merged inside; a base of another kind counts as empty.
  if (isPlainObject(mine) && isPlainObject(theirs))
    return mergeObjects(isPlainObject(base) ? base : {}, mine, theirs, path, keyPath, state);
  if (Array.isArray(mine) && Array.isArray(theirs)) {
    const baseArray = Array.isArray(base) ? base : [];
    const at: Place = { path, keyPath, base };
    return isIdArray(baseArray, mine, theirs)
      ? mergeById(baseArray, mine, theirs, at, state)
      : mergeByIndex(baseArray, mine, theirs, at, state);
  }
  return conflict(base, mine, theirs, path, keyPath, state);
}

function conflict(
  base: unknown,
  mine: unknown,
  theirs: unknown,
  path: (string | number)[],
  keyPath: KeySegment[],
  state: MergeState,
): unknown {
  const found: MergeConflict = {
    key: JSON.stringify(keyPath),
    pointer: pathToPointer(path),
    label: labelOf(keyPath),
    base,
    mine,
    theirs,
  };
  state.conflicts.push(found);
  const choice = state.resolve?.(found);
  if (choice === undefined) state.unresolved.push(found);
  return choice === 'mine' ? mine : theirs;
}

function labelOf(keyPath: readonly KeySegment[]): string {
  if (keyPath.length === 0) return '(the whole document)';
  return keyPath
    .map((seg) => (typeof seg === 'number' ? `[${seg}]` : typeof seg === 'string' ? seg : `${seg.id}`))
    .join(' › ');
}

const own = (object: JsonObject, key: string): unknown => (Object.hasOwn(object, key) ? object[key] : undefined);

/** Sets an own property even for "__proto__", which JSON.parse also produces as an ordinary key. */
function setOwn(object: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function mergeObjects(
  base: JsonObject,
  mine: JsonObject,
  theirs: JsonObject,
  path: (string | number)[],
  keyPath: KeySegment[],
  state: MergeState,
): JsonObject {
  const result: JsonObject = {};
  // Keys only base has were removed on both sides; every other key is merged, in mine's order with theirs' additions slotted in.
  for (const key of interleave(Object.keys(mine), Object.keys(theirs))) {
    const value = mergeValue(
      own(base, key),
      own(mine, key),
      own(theirs, key),
      [...path, key],
      [...keyPath, key],
      state,
    );
    if (value !== undefined) setOwn(result, key, value);
  }
  return result;
}

/** Where an array merge happens; a conflict on the whole array reports `base` as it was (absent stays absent). */
interface Place {
  path: (string | number)[];
  keyPath: KeySegment[];
  base: unknown;
}

function mergeById(
  base: unknown[],
  mine: unknown[],
  theirs: unknown[],
  { path, keyPath, base: reportedBase }: Place,
  state: MergeState,
): unknown {
  const ids = (array: unknown[]) => array.map((item) => elementId(item) as ElementId);
  const byId = (array: unknown[]) => new Map(array.map((item) => [elementId(item) as ElementId, item]));
  const [baseIds, mineIds, theirIds] = [ids(base), ids(mine), ids(theirs)];
  const [baseById, mineById, theirsById] = [byId(base), byId(mine), byId(theirs)];

  // Did a side move elements it shares with base? Order is compared on the ids both lists hold.
  const mineMoved = !sameSequence(onlyIn(baseIds, mineById), onlyIn(mineIds, baseById));
  const theirsMoved = !sameSequence(onlyIn(baseIds, theirsById), onlyIn(theirIds, baseById));
  if (mineMoved && theirsMoved) {
    const shared = new Map(mineIds.filter((id) => theirsById.has(id) && baseById.has(id)).map((id) => [id, true]));
    if (!sameSequence(onlyIn(mineIds, shared), onlyIn(theirIds, shared)))
      return conflict(reportedBase, mine, theirs, path, keyPath, state);
  }
  const order = theirsMoved && !mineMoved ? interleave(theirIds, mineIds) : interleave(mineIds, theirIds);

  const result: unknown[] = [];
  for (const id of order) {
    const value = mergeValue(
      baseById.get(id),
      mineById.get(id),
      theirsById.get(id),
      [...path, result.length],
      [...keyPath, { id }],
      state,
    );
    if (value !== undefined) result.push(value);
  }
  return result;
}

function mergeByIndex(
  base: unknown[],
  mine: unknown[],
  theirs: unknown[],
  { path, keyPath, base: reportedBase }: Place,
  state: MergeState,
): unknown {
  const appended = (side: unknown[]) => side.length > base.length && isPrefix(base, side);
  // Both appended: the longer wins if it extends the other's additions; two different additions conflict.
  if (appended(mine) && appended(theirs)) {
    const [mineTail, theirTail] = [mine.slice(base.length), theirs.slice(base.length)];
    if (isPrefix(mineTail, theirTail)) return theirs;
    if (isPrefix(theirTail, mineTail)) return mine;
    return conflict(reportedBase, mine, theirs, path, keyPath, state);
  }
  // Element by element is only sound when positions still line up: edits in place, appends, or a cut end.
  const aligned = (side: unknown[]) => side.length === base.length || isPrefix(base, side) || isPrefix(side, base);
  if (!aligned(mine) || !aligned(theirs)) return conflict(reportedBase, mine, theirs, path, keyPath, state);

  const result: unknown[] = [];
  const length = Math.max(base.length, mine.length, theirs.length);
  for (let i = 0; i < length; i++) {
    const value = mergeValue(base[i], mine[i], theirs[i], [...path, result.length], [...keyPath, i], state);
    if (value !== undefined) result.push(value);
  }
  return result;
}

function isPrefix(short: readonly unknown[], long: readonly unknown[]): boolean {
  return short.length <= long.length && short.every((item, i) => deepEqual(item, long[i]));
}

function onlyIn(ids: readonly ElementId[], members: ReadonlyMap<ElementId, unknown>): ElementId[] {
  return ids.filter((id) => members.has(id));
}

function sameSequence<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * `skeleton` in its order, with the items only `other` has inserted after their nearest predecessor in `other`
 * (or at the start), so an addition on either side lands where its author put it.
 */
export function interleave<T>(skeleton: readonly T[], other: readonly T[]): T[] {
  const result = [...skeleton];
  const present = new Set(result);
  let insertAt = 0;
  for (const item of other) {
    if (present.has(item)) {
      insertAt = result.indexOf(item) + 1;
      continue;
    }
    result.splice(insertAt, 0, item);
    present.add(item);
    insertAt += 1;
  }
  return result;
}

export type TextMerge =
  | { ok: true; result: MergeResult; /** `merged` as the service will store it. */ text: string }
  | {
      ok: false;
      /** Which text does not parse, so no JSON-aware merge is possible. */ side: 'base' | 'mine' | 'theirs';
      message: string;
    };

/** Parses the three texts and merges them with the given picks; the merged text is in the service's formatting. */
export function mergeTexts(
  texts: { base: string; mine: string; theirs: string },
  choices: Readonly<Record<string, MergeSide>> = {},
): TextMerge {
  const parsed = { base: parseJson(texts.base), mine: parseJson(texts.mine), theirs: parseJson(texts.theirs) };
  for (const side of ['mine', 'theirs', 'base'] as const) {
    const value = parsed[side];
    if (!value.ok) return { ok: false, side, message: value.message };
  }
  const valueOf = (p: ParsedJson): unknown => (p.ok ? p.value : undefined);
  const result = threeWayMerge(valueOf(parsed.base), valueOf(parsed.mine), valueOf(parsed.theirs), {
    resolve: resolveWith(choices),
  });
  return { ok: true, result, text: formatJson(result.merged) };
}
