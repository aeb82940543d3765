/** The documents as the service seeds them (config/, locales.json is the registry beside them, not a document), for the review's tests and bench. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { documentIdFromFileName, type DocumentId } from '../../../schemas/validator/documents';
import type { DocumentText } from '../prepare-documents';

const CONFIG = path.resolve(__dirname, '../../../config');

export const SHIPPED: readonly DocumentText[] = readdirSync(CONFIG)
  .filter((n) => documentIdFromFileName(n) !== undefined)
  .map((n) => ({ id: n.replace(/\.json$/, ''), text: readFileSync(path.join(CONFIG, n), 'utf8') }));

export const shippedText = (id: DocumentId): string => SHIPPED.find((d) => d.id === id)!.text;

/** Every shipped document but `ids`: what a review of those members is shown with. */
export const shippedOthers = (...ids: DocumentId[]): DocumentText[] =>
  SHIPPED.filter((d) => !(ids as string[]).includes(d.id));

/** The value at an RFC 6901 pointer. */
export function at(root: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], root);
}

/** A copy of a document's text with `edit` applied to its parsed value. */
export function editText(text: string, edit: (doc: Record<string, unknown>) => void): string {
  const doc = JSON.parse(text) as Record<string, unknown>;
  edit(doc);
  return `${JSON.stringify(doc, null, 2)}\n`;
}
