/**
 * What changed between two parsed documents, as JSON pointers: a text summary beside the Monaco diff, for
 * screen readers and for a quick read. Arrays of objects with unique ids are compared by id (an insert
 * is one addition, not a change to every later element); other arrays by index.
 */
import { pathToPointer } from '../../schemas/validator/source-map';
import { deepEqual, elementId, isIdArray, isPlainObject, type ElementId } from './json-value';

export type JsonChangeKind = 'added' | 'removed' | 'changed' | 'reordered';

export interface JsonChange {
  kind: JsonChangeKind;
  /** Into `after` for added, changed and reordered values; into `before` for removed ones. */
  pointer: string;
}

export function listChanges(before: unknown, after: unknown): JsonChange[] {
  const changes: JsonChange[] = [];
  collect(before, after, [], [], changes);
  return changes;
}

function collect(
  before: unknown,
  after: unknown,
  beforePath: (string | number)[],
  afterPath: (string | number)[],
  out: JsonChange[],
): void {
  if (deepEqual(before, after)) return;
  if (before === undefined) {
    out.push({ kind: 'added', pointer: pathToPointer(afterPath) });
    return;
  }
  if (after === undefined) {
    out.push({ kind: 'removed', pointer: pathToPointer(beforePath) });
    return;
  }
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of Object.keys(before)) {
      collect(
        before[key],
        Object.hasOwn(after, key) ? after[key] : undefined,
        [...beforePath, key],
        [...afterPath, key],
        out,
      );
    }
    for (const key of Object.keys(after)) {
      if (!Object.hasOwn(before, key)) collect(undefined, after[key], [...beforePath, key], [...afterPath, key], out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    if (isIdArray(before, after)) collectById(before, after, beforePath, afterPath, out);
    else {
      for (let i = 0; i < Math.max(before.length, after.length); i++)
        collect(before[i], after[i], [...beforePath, i], [...afterPath, i], out);
    }
    return;
  }
  out.push({ kind: 'changed', pointer: pathToPointer(afterPath) });
}

function collectById(
  before: unknown[],
  after: unknown[],
  beforePath: (string | number)[],
  afterPath: (string | number)[],
  out: JsonChange[],
): void {
  const afterIndex = new Map<ElementId, number>(after.map((item, i) => [elementId(item) as ElementId, i]));
  const beforeIndex = new Map<ElementId, number>(before.map((item, i) => [elementId(item) as ElementId, i]));
  const kept = before.map((item) => elementId(item) as ElementId).filter((id) => afterIndex.has(id));
  const keptAfter = after.map((item) => elementId(item) as ElementId).filter((id) => beforeIndex.has(id));
  if (kept.some((id, i) => id !== keptAfter[i])) out.push({ kind: 'reordered', pointer: pathToPointer(afterPath) });
  before.forEach((item, i) => {
    if (!afterIndex.has(elementId(item) as ElementId))
      out.push({ kind: 'removed', pointer: pathToPointer([...beforePath, i]) });
  });
  after.forEach((item, i) => {
    const j = beforeIndex.get(elementId(item) as ElementId);
    collect(j === undefined ? undefined : before[j], item, [...beforePath, j ?? i], [...afterPath, i], out);
  });
}
