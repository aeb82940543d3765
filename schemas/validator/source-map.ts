import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

export interface Position {
  line: number;
  column: number;
}

export interface SyntaxProblem extends Position {
  message: string;
}

/**
 * Maps JSON pointers to line/column. The tree is built lazily: only documents with problems pay for it.
 * Object members are looked up through a per-object index built on first use, so locating every
 * problem of a document with thousands of keys stays linear (jsonc-parser's findNodeAtLocation scans
 * the members on every call, which made 20,000 unknown keys cost seconds). Callers bound the depth
 * first (json-depth.ts): building the tree recurses once per level.
 */
export class SourceMap {
  private tree: Node | undefined | null = null;
  private lineStarts: number[] | null = null;
  private readonly members = new Map<Node, Map<string, Node>>();

  constructor(private readonly text: string) {}

  positionOfOffset(offset: number): Position {
    const starts = (this.lineStarts ??= computeLineStarts(this.text));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }

  /**
   * Position of the value at `pointer`. With `key`, the position of the property name instead
   * (used for unknown keys, so the caret lands on the word the user must delete).
   * Falls back to the nearest existing ancestor when the pointer does not exist (a missing key).
   */
  locate(pointer: string, options: { key?: boolean } = {}): Position {
    if (this.tree === null) this.tree = parseTree(this.text, [], { disallowComments: true }) ?? undefined;
    if (!this.tree) return { line: 1, column: 1 };
    const path = pointerToPath(pointer);
    let node = this.tree;
    let reached = 0;
    for (const segment of path) {
      const child = this.child(node, segment);
      if (!child) break;
      node = child;
      reached++;
    }
    const target =
      options.key && reached === path.length && node.parent?.type === 'property'
        ? (node.parent.children?.[0] ?? node)
        : node;
    return this.positionOfOffset(target.offset);
  }

  private child(node: Node, segment: string | number): Node | undefined {
    if (node.type === 'array') return typeof segment === 'number' ? node.children?.[segment] : undefined;
    if (node.type !== 'object') return undefined;
    let members = this.members.get(node);
    if (!members) {
      members = new Map();
      for (const property of node.children ?? []) {
        const [name, value] = property.children ?? [];
        // The first of duplicate keys, as jsonc-parser's own lookup finds it.
        if (name && value && !members.has(String(name.value))) members.set(String(name.value), value);
      }
      this.members.set(node, members);
    }
    return members.get(String(segment));
  }
}

/** Syntax check with positions. JSON.parse runs first because it is several times faster on valid input. */
export function parseJsonWithPositions(
  text: string,
): { value: unknown; error?: undefined } | { value?: undefined; error: SyntaxProblem } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    const errors: ParseError[] = [];
    parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
    const first = errors[0];
    const map = new SourceMap(text);
    if (!first) return { error: { line: 1, column: 1, message: 'malformed JSON' } };
    const pos = map.positionOfOffset(first.offset);
    return { error: { ...pos, message: describeSyntaxError(printParseErrorCode(first.error)) } };
  }
}

function describeSyntaxError(code: string): string {
  const plain: Record<string, string> = {
    InvalidSymbol: 'unexpected character',
    InvalidNumberFormat: 'invalid number',
    PropertyNameExpected: 'property name expected (in double quotes)',
    ValueExpected: 'value expected',
    ColonExpected: 'colon expected after the property name',
    CommaExpected: 'comma expected between entries',
    CloseBraceExpected: 'closing } expected',
    CloseBracketExpected: 'closing ] expected',
    EndOfFileExpected: 'end of file expected: there is text after the document',
    InvalidCommentToken: 'comments are not allowed in JSON',
    UnexpectedEndOfComment: 'comments are not allowed in JSON',
    UnexpectedEndOfString: 'string is not closed',
    UnexpectedEndOfNumber: 'number is not complete',
    InvalidUnicode: 'invalid \\u escape',
    InvalidEscapeCharacter: 'invalid escape character',
    InvalidCharacter: 'invalid character in string (control characters must be escaped)',
  };
  return `malformed JSON: ${plain[code] ?? code}`;
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

export function pointerToPath(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((seg) => (/^(0|[1-9]\d*)$/.test(seg) ? Number(seg) : seg));
}

export function pathToPointer(path: readonly (string | number)[]): string {
  return path.map((seg) => '/' + String(seg).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}
