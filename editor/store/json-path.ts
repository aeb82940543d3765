/**
 * Paths into a JSON document, in the three spellings the editor meets: JSON pointers (the validator's
 * problems), key arrays (the store and jsonc-parser) and dotted names (react-hook-form fields).
 * Plus immutable get/set over plain JSON values. Pure; no React.
 */
export type JsonPath = readonly (string | number)[];

const isContainer = (value: unknown): value is Record<string, unknown> | unknown[] =>
  typeof value === 'object' && value !== null;

/** RFC 6901: `/header/public/navItems/0` → ['header', 'public', 'navItems', '0']. */
export function pointerToSegments(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function pathToPointer(path: JsonPath): string {
  return path.map((s) => `/${String(s).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** `/footer/columns/0/heading` → `footer.columns.0.heading` ('' for the root). */
export function pointerToFieldName(pointer: string): string {
  return pointerToSegments(pointer).join('.');
}

/** `footer.columns.0.heading` → `/footer/columns/0/heading`. */
export function fieldNameToPointer(name: string): string {
  return name === '' ? '' : pathToPointer(name.split('.'));
}

/**
 * Dotted name or pointer segments → store path. A digit segment becomes an array index only where `root`
 * holds an array at that point, so an object key such as "404" stays a key.
 */
export function segmentsToPath(segments: readonly string[], root: unknown): (string | number)[] {
  const path: (string | number)[] = [];
  let node: unknown = root;
  for (const segment of segments) {
    const key = Array.isArray(node) && /^\d+$/.test(segment) ? Number(segment) : segment;
    path.push(key);
    node = isContainer(node) ? (node as Record<string, unknown>)[key as string] : undefined;
  }
  return path;
}

export function fieldNameToPath(name: string, root: unknown): (string | number)[] {
  return name === '' ? [] : segmentsToPath(name.split('.'), root);
}

export function getIn(value: unknown, path: JsonPath): unknown {
  let node = value;
  for (const key of path) {
    if (!isContainer(node)) return undefined;
    node = (node as Record<string, unknown>)[key as string];
  }
  return node;
}

/**
 * A copy of `value` with `next` at `path`; untouched branches are shared. `undefined` removes an object key.
 * Missing or non-container steps on the way become objects (arrays when the next key is a number).
 */
export function setIn(value: unknown, path: JsonPath, next: unknown): unknown {
  if (path.length === 0) return next;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value) && typeof key === 'number') {
    const copy = value.slice();
    copy[key] = setIn(value[key], rest, next);
    return copy;
  }
  const base: Record<string, unknown> = isContainer(value) && !Array.isArray(value) ? { ...value } : {};
  const child = rest.length === 0 ? next : setIn(base[key], rest, next);
  if (child === undefined) delete base[key];
  else base[key] = child;
  return base;
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b)) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => deepEqual(item, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.prototype.hasOwnProperty.call(b, k) &&
        deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/** What the value becomes once written as JSON: undefined keys dropped, no shared references left. */
export function toJsonValue(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

export function deepFreeze<T>(value: T): T {
  if (isContainer(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
