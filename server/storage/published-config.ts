/**
 * What a published config looks like on the wire. The config service's publish and
 * `npm run build:configs` both call these functions, which is what makes their output
 * byte-identical; change the format here and nowhere else.
 *
 * - A published file is the validator's default-filled document, minus the editor-only `$schema`
 *   key, as compact JSON. Its name carries a content hash, so it is immutable and cacheable forever.
 * - manifest.json maps each document id to its current file, and lists the prerendered fragments
 *   (docs/rendering.md#fragments). It holds no times or versions, so the same documents always give the
 *   same bytes, whichever tool wrote them.
 * - A fragment file (fragments/<locale>.header.<hash>.html, fragments/<locale>.footer.<hash>.html,
 *   fragments/shell.<hash>.css) is named by its content hash too; server/publish/fragments.ts renders them.
 */
import { createHash } from 'node:crypto';
import {
  FRAGMENTS_FOLDER,
  MANIFEST_FORMAT,
  type Manifest,
  type ManifestEntry,
  type ManifestFragments,
} from '../../schemas/contracts/index';
import {
  DOCUMENT_IDS,
  isDocumentId,
  LOCALE_CONFIG_IDS,
  validateDocument,
  type ConfigDocumentId,
  type DocumentId,
} from '../../schemas/validator/index';

/** Hex characters of sha256 kept in file names: 64 bits is plenty to tell versions apart. */
const HASH_LENGTH = 16;

/** A published file's bytes, and the manifest entry that names it. */
export interface PublishedFile extends ManifestEntry {
  id: DocumentId;
  bytes: Uint8Array;
}

export type ManifestSource = Pick<PublishedFile, 'id' | 'hash' | 'file'>;

/** `value` is the validator's output for a valid document (defaults filled). */
export function renderPublishedFile(id: DocumentId, value: unknown): PublishedFile {
  const bytes = Buffer.from(JSON.stringify(withoutSchemaKey(value)), 'utf8');
  const hash = contentHash(bytes);
  return { id, bytes, hash, file: publishedFileName(id, hash) };
}

/**
 * A stored version's text rendered as its published file, to rebuild a lost or changed one: when the
 * hash matches the one recorded, the bytes are the ones that were published, whatever today's checks
 * say. `publishable` says whether it passes the schema today, which publishing it under a new name
 * needs. Undefined when the text is not JSON. The cross-file checks decide whether a version may go
 * out beside the others, not its bytes, so they are left out.
 */
export function renderStoredVersion(
  id: DocumentId,
  text: string,
): { published: PublishedFile; publishable: boolean } | undefined {
  const result = validateDocument({ id, file: `stored ${id}`, text });
  if (result.value === undefined) return undefined;
  return { published: renderPublishedFile(id, result.value), publishable: result.problems.length === 0 };
}

export function contentHash(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, HASH_LENGTH);
}

export function publishedFileName(id: DocumentId, hash: string): string {
  return `${id}.${hash}.json`;
}

/** `de-DE.0123456789abcdef.json` → its parts; undefined for anything else, so no other name reaches the disk. */
export function parsePublishedFileName(name: string): { id: DocumentId; hash: string } | undefined {
  const match = new RegExp(`^([A-Za-z-]+)\\.([0-9a-f]{${HASH_LENGTH}})\\.json$`).exec(name);
  if (!match || !isDocumentId(match[1]!)) return undefined;
  return { id: match[1], hash: match[2]! };
}

/**
 * Entries are written in DOCUMENT_IDS order whatever order they arrive in, and so are the fragments'
 * locales; without fragments the manifest is byte for byte what it was before they existed.
 */
export function renderManifest(entries: readonly ManifestSource[], fragments?: ManifestFragments): string {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const documents: Manifest['documents'] = {};
  for (const id of DOCUMENT_IDS) {
    const entry = byId.get(id);
    if (entry) documents[id] = { file: entry.file, hash: entry.hash };
  }
  const manifest: Manifest = { format: MANIFEST_FORMAT, documents };
  if (fragments) {
    const locales: ManifestFragments['locales'] = {};
    for (const id of LOCALE_CONFIG_IDS) {
      const pair = fragments.locales[id];
      if (pair) locales[id] = { header: entryOf(pair.header), footer: entryOf(pair.footer) };
    }
    manifest.fragments = { css: entryOf(fragments.css), locales };
  }
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** A prerendered fragment's bytes and its name under /configs/ (relative to the manifest, folder included). */
export interface FragmentFile extends ManifestEntry {
  bytes: Uint8Array;
}

/** What a fragment file holds: one locale's header or footer, or the stylesheet they share. */
export type FragmentPart = { locale: ConfigDocumentId; slot: 'header' | 'footer' } | { slot: 'css' };

export function renderFragmentFile(part: FragmentPart, text: string): FragmentFile {
  const bytes = Buffer.from(text, 'utf8');
  const hash = contentHash(bytes);
  return { bytes, hash, file: fragmentFileName(part, hash) };
}

export function fragmentFileName(part: FragmentPart, hash: string): string {
  return part.slot === 'css'
    ? `${FRAGMENTS_FOLDER}shell.${hash}.css`
    : `${FRAGMENTS_FOLDER}${part.locale}.${part.slot}.${hash}.html`;
}

/** `fragments/de-DE.header.0123456789abcdef.html` → its parts; undefined for any other name, so no other name reaches the disk. */
export function parseFragmentFileName(name: string): { part: FragmentPart; hash: string } | undefined {
  const css = new RegExp(`^${FRAGMENTS_FOLDER}shell\\.([0-9a-f]{${HASH_LENGTH}})\\.css$`).exec(name);
  if (css) return { part: { slot: 'css' }, hash: css[1]! };
  const html = new RegExp(
    `^${FRAGMENTS_FOLDER}([A-Za-z-]+)\\.(header|footer)\\.([0-9a-f]{${HASH_LENGTH}})\\.html$`,
  ).exec(name);
  const locale = html?.[1];
  if (!html || !locale || !(LOCALE_CONFIG_IDS as readonly string[]).includes(locale)) return undefined;
  return { part: { locale: locale as ConfigDocumentId, slot: html[2] as 'header' | 'footer' }, hash: html[3]! };
}

const entryOf = ({ file, hash }: ManifestEntry): ManifestEntry => ({ file, hash });

function withoutSchemaKey(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { $schema: _schema, ...rest } = value as Record<string, unknown>;
  return rest;
}
