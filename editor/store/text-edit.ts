import { applyEdits, modify } from 'jsonc-parser';
import { getIn, type JsonPath } from './json-path';

const FORMATTING = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } } as const;

const isContainer = (value: unknown): boolean => typeof value === 'object' && value !== null;

/** The layout the config service stores (docs/api.md): two-space JSON with a final newline. */
export function canonicalText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * `text` with the value at `path` replaced by `next` (removed when undefined), as a minimal edit: the rest of
 * the text keeps its formatting, so line numbers elsewhere stay put and the JSON view's cursor does not jump.
 * `oldValue` is the parsed `text`, `newValue` the document after the change; when a step of the path is
 * missing, the subtree is written at the deepest existing container.
 */
export function applyValueAtPath(text: string, oldValue: unknown, newValue: unknown, path: JsonPath): string {
  if (path.length === 0) return canonicalText(newValue);
  let depth = path.length - 1;
  while (depth > 0 && !isContainer(getIn(oldValue, path.slice(0, depth)))) depth--;
  if (!isContainer(getIn(oldValue, path.slice(0, depth)))) return canonicalText(newValue);
  const target = path.slice(0, depth + 1);
  try {
    return applyEdits(text, modify(text, target as (string | number)[], getIn(newValue, target), FORMATTING));
  } catch {
    // jsonc-parser refuses a few shapes (e.g. a key on an array); the canonical text is always right.
    return canonicalText(newValue);
  }
}

export interface TextChange {
  /** Offsets in the old text. */
  start: number;
  end: number;
  /** What replaces old[start, end). */
  text: string;
}

/** The one contiguous replacement that turns `before` into `after` (common prefix and suffix kept); null when equal. */
export function minimalTextChange(before: string, after: string): TextChange | null {
  if (before === after) return null;
  let start = 0;
  const limit = Math.min(before.length, after.length);
  while (start < limit && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let suffix = 0;
  while (suffix < limit - start && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return { start, end: before.length - suffix, text: after.slice(start, after.length - suffix) };
}
