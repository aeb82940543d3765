/**
 * Small stand-ins for the file store's workflow tests and the batch kill loop: documents whose text carries a
 * batch marker, their publications, and a change set record. The store checks no document content, so any
 * JSON does; what the tests read back is the marker.
 */
import type { ChangeSet } from '../../schemas/contracts/index';
import { LOCALE_CONFIG_IDS, type DocumentId } from '../../schemas/validator/index';
import { contentHash, publishedFileName } from '../storage/published-config';
import type { BatchEntry, Publication } from '../storage/store';

/** What the kill loop publishes as one batch: every locale document. */
export const BATCH_DOCUMENTS: readonly DocumentId[] = LOCALE_CONFIG_IDS;

/** Batch `n` of the child process started with `tag`. */
export function batchMarker(tag: string, n: number): string {
  return `${tag}-b${n}`;
}

/** The text of `id` in batch `marker`. */
export function markedText(id: DocumentId, marker: string): string {
  return `${JSON.stringify({ id, batch: marker })}\n`;
}

/** The marker a published file or draft text carries; undefined when it carries none. */
export function markerOf(bytes: Uint8Array | string): string | undefined {
  try {
    const value = JSON.parse(typeof bytes === 'string' ? bytes : Buffer.from(bytes).toString('utf8')) as {
      batch?: unknown;
    };
    return typeof value.batch === 'string' ? value.batch : undefined;
  } catch {
    return undefined;
  }
}

export function markedPublication(
  id: DocumentId,
  marker: string,
  version: number,
  author = 'publisher',
  extra: Pick<Publication, 'changeSet' | 'approvedBy'> = {},
): Publication {
  const bytes = Buffer.from(JSON.stringify({ id, batch: marker }));
  const hash = contentHash(bytes);
  return { version, ...extra, bytes, hash, file: publishedFileName(id, hash), author };
}

export function markedEntry(
  id: DocumentId,
  marker: string,
  version: number,
  extra: Pick<Publication, 'changeSet' | 'approvedBy'> = {},
): BatchEntry {
  return { id, publication: markedPublication(id, marker, version, 'publisher', extra), expectedDraft: version };
}

/** A change set record as the workflow service would first store it. */
export function changeSetRecord(
  id: string,
  members: { id: DocumentId; version: number }[],
  overrides: Partial<ChangeSet> = {},
): ChangeSet {
  return {
    id,
    title: `Change set ${id}`,
    state: 'approved',
    createdBy: 'anna',
    createdAt: '2025-01-01T00:00:00.000Z',
    members,
    approval: null,
    schedule: null,
    comments: [],
    events: [],
    shares: [],
    published: null,
    revision: 0,
    ...overrides,
  };
}
