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
  const typed = typedOnFromLastEdit(text, oldValue, newValue, path);
  if (typed !== null) return typed;
  let depth = path.length - 1;
  while (depth > 0 && !isContainer(getIn(oldValue, path.slice(0, depth)))) depth--;
  if (!isContainer(getIn(oldValue, path.slice(0, depth)))) return canonicalText(newValue);
  const target = path.slice(0, depth + 1);
  try {
    const edits = modify(text, target as (string | number)[], getIn(newValue, target), FORMATTING);
    const next = applyEdits(text, edits);
    rememberStringEdit(next, edits, newValue, target);
    return next;
  } catch {
    // jsonc-parser refuses a few shapes (e.g. a key on an array); the canonical text is always right.
    return canonicalText(newValue);
  }
}

/**
 * Where the last edit wrote a string literal, in the text it produced. Typing in a field rewrites the same
 * literal on every key; finding it again with jsonc-parser parses the whole document each time, so the next
 * edit of that literal is spliced in place instead (docs/editor-typing.md#the-fixes). It is used only while the
 * text is exactly the one produced and still holds the old value's literal at that place.
 */
let lastStringEdit: { text: string; pointer: string; start: number; end: number } | null = null;

const pointerOf = (path: JsonPath) => JSON.stringify(path);

function rememberStringEdit(
  text: string,
  edits: readonly { offset: number; length: number; content: string }[],
  newValue: unknown,
  path: JsonPath,
): void {
  lastStringEdit = null;
  const value = getIn(newValue, path);
  const [edit] = edits;
  if (typeof value !== 'string' || edits.length !== 1 || !edit || edit.content !== JSON.stringify(value)) return;
  lastStringEdit = { text, pointer: pointerOf(path), start: edit.offset, end: edit.offset + edit.content.length };
}

function typedOnFromLastEdit(text: string, oldValue: unknown, newValue: unknown, path: JsonPath): string | null {
  const last = lastStringEdit;
  if (!last || last.text !== text || last.pointer !== pointerOf(path)) return null;
  const before = getIn(oldValue, path);
  const after = getIn(newValue, path);
  if (
    typeof before !== 'string' ||
    typeof after !== 'string' ||
    text.slice(last.start, last.end) !== JSON.stringify(before)
  )
    return null;
  const literal = JSON.stringify(after);
  const next = text.slice(0, last.start) + literal + text.slice(last.end);
  lastStringEdit = { text: next, pointer: last.pointer, start: last.start, end: last.start + literal.length };
  return next;
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
  while (
    suffix < limit - start &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++;
  return { start, end: before.length - suffix, text: after.slice(start, after.length - suffix) };
}
