/** The field to focus for an item clicked in the preview: its title when it has one, else the item itself. */
export function itemFieldPointer(document: unknown, pointer: string): string {
  let value: unknown = document;
  for (const segment of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    value = Array.isArray(value)
      ? value[Number(key)]
      : typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)[key]
        : undefined;
    if (value === undefined) return pointer;
  }
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string'
    ? `${pointer}/title`
    : pointer;
}
