/**
 * Visual editing's map between the draft and what the preview rendered (docs/editor-workspace.md#visual-editing).
 *
 * Every config item has an id, unique in its locale config (the validator's duplicate-id check), and the
 * shell's components key each rendered item by that id (`<li key={item.id}>`, `<DesktopNavItem key={item.id}>`).
 * The editor preview reads those keys from React's fibers of the element under the pointer, so the shared
 * components, the server render and the embed carry no editor-only attribute. Only the editor's preview
 * (`EditorPreviewScreen`) imports this module.
 */

export interface ItemPlace {
  id: string;
  /** The item's JSON pointer in the draft. */
  pointer: string;
  title: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const escapeSegment = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every object with a string `id` in the document, by id (the first one when a draft repeats one). */
export function itemIndex(document: unknown): Map<string, ItemPlace> {
  const index = new Map<string, ItemPlace>();
  const walk = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) return value.forEach((child, i) => walk(child, `${pointer}/${i}`));
    if (!isRecord(value)) return;
    if (typeof value.id === 'string' && value.id !== '' && !index.has(value.id))
      index.set(value.id, { id: value.id, pointer, title: typeof value.title === 'string' ? value.title : null });
    for (const [key, child] of Object.entries(value)) walk(child, `${pointer}/${escapeSegment(key)}`);
  };
  walk(document, '');
  return index;
}

/** The items that contain `pointer`, nearest first: a field's own item, then its menu, and so on. */
export function itemsAround(document: unknown, pointer: string): ItemPlace[] {
  if (pointer !== '' && !pointer.startsWith('/')) return [];
  const segments = pointer === '' ? [] : pointer.slice(1).split('/');
  const found: ItemPlace[] = [];
  let value: unknown = document;
  let at = '';
  const visit = () => {
    if (isRecord(value) && typeof value.id === 'string' && value.id !== '')
      found.unshift({ id: value.id, pointer: at, title: typeof value.title === 'string' ? value.title : null });
  };
  visit();
  for (const segment of segments) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) value = value[Number(key)];
    else if (isRecord(value)) value = value[key];
    else break;
    if (value === undefined) break;
    at = `${at}/${segment}`;
    visit();
  }
  return found;
}

interface FiberLike {
  key: string | null;
  return: FiberLike | null;
}

function fiberOf(element: Element): FiberLike | null {
  const key = Object.keys(element).find((k) => k.startsWith('__reactFiber$'));
  return key ? ((element as unknown as Record<string, FiberLike>)[key] ?? null) : null;
}

/** The id of the nearest item around `element` that the index knows, from the keys React rendered it under. */
export function itemIdOf(element: Element, index: ReadonlyMap<string, ItemPlace>): string | null {
  for (let node: Element | null = element; node; node = node.parentElement) {
    for (let fiber = fiberOf(node); fiber; fiber = fiber.return) {
      if (fiber.key !== null && index.has(fiber.key)) return fiber.key;
    }
    // One fiber chain reaches the root; a node without a fiber (a portal's host, text) defers to its parent.
    if (fiberOf(node)) return null;
  }
  return null;
}

/** The outermost rendered element of the item `id` under `root`, or null when it is not on screen. */
export function elementOfItem(root: ParentNode, id: string, index: ReadonlyMap<string, ItemPlace>): HTMLElement | null {
  for (const element of root.querySelectorAll<HTMLElement>('.ps-root *')) {
    if (itemIdOf(element, index) === id && isOnScreen(element)) return element;
  }
  return null;
}

/** Rendered with a box: a closed dropdown's entries are in the DOM but not shown. */
export function isOnScreen(element: HTMLElement): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
}
