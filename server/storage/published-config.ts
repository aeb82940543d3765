/**
 * What a published config looks like on the wire. The config service's publish and
 * `npm run build:configs` both call these functions, which is what makes their output
 * byte-identical; change the format here and nowhere else.
 *
 * - A published file is the validator's default-filled document, minus the editor-only `$schema`
 *   key, as compact JSON. Its name carries a content hash, so it is immutable and cacheable forever.
 * - manifest.json maps each document id to its current file. It holds no times or versions, so the
 *   same documents always give the same bytes, whichever tool wrote them.
 */
import { createHash } from 'node:crypto';
import { MANIFEST_FORMAT, type Manifest, type ManifestEntry } from '../../schemas/contracts/index';
import { DOCUMENT_IDS, isDocumentId, validateDocument, type DocumentId } from '../../schemas/validator/index';

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
export function renderStoredVersion(id: DocumentId, text: string): { published: PublishedFile; publishable: boolean } | undefined {
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

/** Entries are written in DOCUMENT_IDS order whatever order they arrive in. */
export function renderManifest(entries: readonly ManifestSource[]): string {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const documents: Manifest['documents'] = {};
  for (const id of DOCUMENT_IDS) {
    const entry = byId.get(id);
    if (entry) documents[id] = { file: entry.file, hash: entry.hash };
  }
  const manifest: Manifest = { format: MANIFEST_FORMAT, documents };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

function withoutSchemaKey(value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { $schema: _schema, ...rest } = value as Record<string, unknown>;
  return rest;
}
