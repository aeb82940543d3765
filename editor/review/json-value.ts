/**
 * Small, pure helpers over parsed JSON values, shared by the three-way merge and the change summary.
 * `undefined` stands for "absent" (a removed key or array element); JSON itself has no undefined.
 */
export type JsonObject = { [key: string]: unknown };

/** An `id` that can match array elements across versions (documents use string ids; numbers are accepted too). */
export type ElementId = string | number;

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Structural equality; object key order is ignored (JSON objects are unordered), array order is not. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && deepEqual(a[key], b[key]));
  }
  return false;
}

/** The id of an array element that can be matched by id, or undefined. */
export function elementId(value: unknown): ElementId | undefined {
  if (!isPlainObject(value)) return undefined;
  const id = value.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : undefined;
}

/**
 * True when every element of every array is an object with a unique `id` — then elements can be matched
 * by id across versions instead of by position. Empty arrays qualify (they hold no counter-example).
 */
export function isIdArray(...arrays: readonly unknown[][]): boolean {
  return arrays.every((array) => {
    const seen = new Set<ElementId>();
    for (const item of array) {
      const id = elementId(item);
      if (id === undefined || seen.has(id)) return false;
      seen.add(id);
    }
    return true;
  });
}

/** The text the config service stores for a document (`JSON.stringify(content, null, 2) + "\n"`, docs/api.md). */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; message: string };

export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The same document in the service's formatting, so a diff shows content changes rather than whitespace.
 * Text that does not parse is returned as it is.
 */
export function normaliseJsonText(text: string): string {
  const parsed = parseJson(text);
  return parsed.ok ? formatJson(parsed.value) : text;
}
