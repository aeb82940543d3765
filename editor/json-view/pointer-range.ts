import { getLocation, parseTree, type Node } from 'jsonc-parser';

/** Offsets of the JSON value at a pointer, end exclusive; a pointer past the text gives its nearest existing ancestor. */
export interface PointerRange {
  start: number;
  end: number;
  /** The pointer actually found (an ancestor of the one asked for when that does not exist). */
  pointer: string;
}

const escapeSegment = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
const toPointer = (path: readonly (string | number)[]) => path.map((segment) => `/${escapeSegment(segment)}`).join('');

function child(node: Node, segment: string): Node | undefined {
  if (node.type === 'array') return /^(0|[1-9]\d*)$/.test(segment) ? node.children?.[Number(segment)] : undefined;
  if (node.type !== 'object') return undefined;
  const property = node.children?.find((p) => p.children?.[0]?.value === segment);
  return property?.children?.[1];
}

/** Where the value at `pointer` (RFC 6901) is in `text`, for the JSON view to select it; null when the text does not parse. */
export function pointerRange(text: string, pointer: string): PointerRange | null {
  const tree = parseTree(text, [], { disallowComments: true });
  if (!tree) return null;
  const segments =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = tree;
  const found: string[] = [];
  for (const segment of segments) {
    const next = child(node, segment);
    if (!next) break;
    node = next;
    found.push(segment);
  }
  return { start: node.offset, end: node.offset + node.length, pointer: toPointer(found) };
}

/** The pointer of the value the caret is in (on a property name: that property's value). */
export function pointerAtOffset(text: string, offset: number): string {
  return toPointer(getLocation(text, offset).path);
}
