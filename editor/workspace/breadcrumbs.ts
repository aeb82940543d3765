/**
 * Where the caret is in the document, as people name it (docs/editor-workspace.md#breadcrumbs): the
 * top-level section, then every item on the way by its title, then the field itself.
 * `Header › Mein Sparen › Festgeld › Href`.
 */
export interface Crumb {
  label: string;
  /** Where a click on the crumb goes. */
  pointer: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `logoItems` → `Logo items`, `href` → `Href`. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function titleOf(value: unknown): string | null {
  if (!isRecord(value)) return null;
  for (const key of ['title', 'name', 'label'] as const) {
    const text = value[key];
    if (typeof text === 'string' && text.trim() !== '') return text.trim();
  }
  return null;
}

/** The crumbs of `pointer` in `document`; segments the document does not have end the trail. */
export function breadcrumbTrail(document: unknown, pointer: string): Crumb[] {
  if (pointer === '' || !pointer.startsWith('/')) return [];
  const segments = pointer.slice(1).split('/');
  const crumbs: Crumb[] = [];
  let value = document;
  let at = '';
  for (const [depth, segment] of segments.entries()) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    const next: unknown = Array.isArray(value) ? value[Number(key)] : isRecord(value) ? value[key] : undefined;
    if (next === undefined) break;
    value = next;
    at = `${at}/${segment}`;
    const last = depth === segments.length - 1;
    const title = titleOf(value);
    if (title) crumbs.push({ label: title, pointer: at });
    // The section, and the field the caret is on; the lists and indices between are structure, not places.
    else if (depth === 0 || (last && !/^\d+$/.test(key))) crumbs.push({ label: humanizeKey(key), pointer: at });
    else if (last) crumbs.push({ label: `#${Number(key) + 1}`, pointer: at });
  }
  return crumbs;
}
