/**
 * Where the file store keeps what, and the shape of a document's record (meta.json). Shared by the
 * store (file-store.ts), its integrity checks (document-inspection.ts) and `npm run store:check`.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { DocumentId } from '../../schemas/validator/index';
import type { PublicationInfo, VersionAction, VersionInfo } from './store';

export const META_FORMAT = 1;

/** documents/<id>/meta.json: the commit point of every save and publication. */
export interface Meta {
  format: typeof META_FORMAT;
  id: DocumentId;
  draft: number;
  versions: VersionInfo[];
  published: PublicationInfo | null;
  publications: PublicationInfo[];
}

const VERSION_FILE = /^(\d{6})\.json$/;
const ACTIONS: readonly VersionAction[] = ['seed', 'create', 'save', 'restore'];

export function documentDir(dir: string, id: DocumentId): string {
  return path.join(dir, 'documents', id);
}

export function metaPath(dir: string, id: DocumentId): string {
  return path.join(documentDir(dir, id), 'meta.json');
}

export function versionsDir(dir: string, id: DocumentId): string {
  return path.join(documentDir(dir, id), 'versions');
}

/** Where version `version` of `id` lives. */
export function versionFilePath(dir: string, id: DocumentId, version: number): string {
  return path.join(versionsDir(dir, id), `${String(version).padStart(6, '0')}.json`);
}

/** `000007.json` → 7; undefined for any other name. */
export function parseVersionFileName(name: string): number | undefined {
  const match = VERSION_FILE.exec(name);
  return match ? Number(match[1]) : undefined;
}

export function publishedDir(dir: string): string {
  return path.join(dir, 'published');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Why `text` is not a usable meta.json for `id`, or the meta it holds. */
export function parseMeta(text: string, id: DocumentId): { meta: Meta } | { problem: string; salvage?: unknown } {
  if (text.trim() === '') return { problem: 'is empty' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `is not valid JSON (${(error as Error).message}); it was probably cut short` };
  }
  if (!isRecord(value) || value.format !== META_FORMAT || value.id !== id)
    return { problem: `is not the record of ${id} (format ${META_FORMAT}, id "${id}")`, salvage: value };
  const { draft, versions, published, publications } = value;
  if (!Array.isArray(versions) || !versions.every(isVersionInfo))
    return { problem: 'has a malformed versions list', salvage: value };
  if (
    !Array.isArray(publications) ||
    !publications.every(isPublicationInfo) ||
    (published !== null && !isPublicationInfo(published))
  )
    return { problem: 'has a malformed publication record', salvage: value };
  if (versions.length === 0 || draft !== versions.length || !versions.every((v, i) => v.version === i + 1))
    return {
      problem: `is inconsistent: draft ${String(draft)} with ${versions.length} version entries`,
      salvage: value,
    };
  if (published && published.version > versions.length)
    return { problem: `publishes version ${published.version}, which it does not list`, salvage: value };
  return { meta: value as unknown as Meta };
}

/** Entries of a damaged meta that still agree with their files keep their author, time and message. */
export function salvagedEntries(salvage: unknown): { versions: VersionInfo[]; publications: PublicationInfo[] } {
  if (!isRecord(salvage)) return { versions: [], publications: [] };
  const versions = Array.isArray(salvage.versions) ? salvage.versions.filter(isVersionInfo) : [];
  const publications = Array.isArray(salvage.publications) ? salvage.publications.filter(isPublicationInfo) : [];
  return { versions, publications };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isVersionInfo(value: unknown): value is VersionInfo {
  return (
    isRecord(value) &&
    Number.isInteger(value.version) &&
    typeof value.author === 'string' &&
    typeof value.time === 'string' &&
    typeof value.message === 'string' &&
    ACTIONS.includes(value.action as VersionAction) &&
    typeof value.sha256 === 'string' &&
    /^[0-9a-f]{64}$/.test(value.sha256)
  );
}

/** Publications written before change sets (docs/workflow.md) carry no changeSet or approvedBy, and stay valid. */
export function isPublicationInfo(value: unknown): value is PublicationInfo {
  return (
    isRecord(value) &&
    Number.isInteger(value.version) &&
    typeof value.hash === 'string' &&
    typeof value.file === 'string' &&
    typeof value.author === 'string' &&
    typeof value.time === 'string' &&
    (value.changeSet === undefined || typeof value.changeSet === 'string') &&
    (value.approvedBy === undefined || typeof value.approvedBy === 'string')
  );
}
