/**
 * Turns one document into search entries by walking it generically (docs/editor-search.md#what-is-found): every
 * object with a label, an href or an id is an entry, whatever its item type, so a new item type is found without a
 * change here.
 */
import type { DocumentId } from '../../schemas/contracts';
import { fold } from './fold';
import { normaliseUrlPath } from './url-path';

export { fold };

/** Keys whose string value names an item, in order of preference. */
export const LABEL_KEYS = ['label', 'title', 'heading', 'name', 'country', 'alt'] as const;
/** Keys whose string value is where an item links to. */
export const HREF_KEYS = ['href', 'link'] as const;

export type MatchedField = 'label' | 'href' | 'id';

export interface SearchEntry {
  documentId: DocumentId;
  /** JSON pointer of the item (the object). */
  pointer: string;
  /** What the item is called: its label, else its id, else its key ("Review strip"). */
  name: string;
  label?: { key: string; value: string };
  href?: { key: string; value: string };
  id?: string;
  /** Where the item sits: the section, then the labels of the items it is nested in ("Header", "Private", "Mein Sparen"). */
  trail: string[];
  /** Lower-cased, accent-free forms, computed once so a keystroke only compares strings. */
  search: { label: string; href: string; id: string; trail: string };
  /** The href's path as normaliseUrlPath gives it. */
  hrefPath?: string;
  /** Index in document order, for a stable sort. */
  order: number;
}

/** "accountMenu" → "Account menu": how an unlabelled section is named in a trail. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** RFC 6901 escaping of one pointer segment. */
const escapeSegment = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

/** Sections are named in the trail only this deep (header, header/private); deeper unlabelled objects are structure. */
const SECTION_DEPTH = 2;

/** The last segment of a pointer that is a key, not a list index. */
function lastKey(pointer: string): string {
  const key = pointer
    .split('/')
    .reverse()
    .find((segment) => segment !== '' && !/^\d+$/.test(segment));
  return (key ?? 'item').replace(/~1/g, '/').replace(/~0/g, '~');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function firstString(
  object: Record<string, unknown>,
  keys: readonly string[],
): { key: string; value: string } | undefined {
  for (const key of keys) {
    const value = object[key];
    if (typeof value === 'string' && value.trim() !== '') return { key, value };
  }
  return undefined;
}

/** Every entry of a document, in document order. A value that is not an object (a broken draft) has none. */
export function indexDocument(documentId: DocumentId, value: unknown): SearchEntry[] {
  const entries: SearchEntry[] = [];

  const visit = (node: unknown, pointer: string, trail: string[], depth: number, key: string | null): void => {
    const section = key !== null && depth <= SECTION_DEPTH ? humanise(key) : undefined;
    if (Array.isArray(node)) {
      const itemTrail = section !== undefined ? [...trail, section] : trail;
      node.forEach((child, index) => visit(child, `${pointer}/${index}`, itemTrail, depth, null));
      return;
    }
    if (!isRecord(node)) return;
    const label = firstString(node, LABEL_KEYS);
    const href = firstString(node, HREF_KEYS);
    const id = typeof node.id === 'string' && node.id !== '' ? node.id : undefined;
    if (label || href || id) {
      const hrefPath = href ? normaliseUrlPath(href.value) : undefined;
      entries.push({
        documentId,
        pointer,
        name: label?.value ?? id ?? section ?? humanise(lastKey(pointer)),
        ...(label ? { label } : {}),
        ...(href ? { href } : {}),
        ...(id !== undefined ? { id } : {}),
        ...(hrefPath !== undefined ? { hrefPath } : {}),
        trail,
        search: {
          label: label ? fold(label.value) : '',
          href: href ? href.value.toLowerCase() : '',
          id: id ? fold(id) : '',
          trail: fold(trail.join(' ')),
        },
        order: entries.length,
      });
    }
    const own = label?.value ?? section;
    const childTrail = own !== undefined && pointer !== '' ? [...trail, own] : trail;
    for (const [childKey, child] of Object.entries(node)) {
      if (typeof child === 'object' && child !== null)
        visit(child, `${pointer}/${escapeSegment(childKey)}`, childTrail, depth + 1, childKey);
    }
  };

  visit(value, '', [], 0, null);
  return entries;
}
