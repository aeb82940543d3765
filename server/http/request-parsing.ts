/**
 * Checks on what a request carries, done where the data enters (docs/architecture.md#check-where-data-enters): document ids before any
 * path is built, version selectors, and body shapes, each refused with the list of what is valid.
 */
import { DOCUMENT_IDS, isDocumentId, type DocumentId } from '../../schemas/validator/index';
import type { VersionSelector } from '../storage/store';
import { ApiError } from './errors';

const MAX_MESSAGE_LENGTH = 1000;

/** Only ids from the closed list pass; `../x`, `%2e%2e`, absolute paths and NUL never reach the store. */
export function documentIdParam(raw: string): DocumentId {
  if (isDocumentId(raw)) return raw;
  const hint = `known documents: ${DOCUMENT_IDS.join(', ')}`;
  // Characters no id has (slashes, dots, NUL, percent signs…) are malformed rather than unknown.
  if (!/^[A-Za-z-]{1,32}$/.test(raw)) throw new ApiError(400, 'bad-request', 'malformed document id', hint);
  throw new ApiError(404, 'unknown-document', `no document is called ${JSON.stringify(raw)}`, hint);
}

export function versionQuery(raw: unknown): VersionSelector {
  if (raw === undefined || raw === 'draft') return 'draft';
  if (raw === 'published') return 'published';
  if (typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw)) return Number(raw);
  throw new ApiError(
    400,
    'bad-version',
    `version must be draft, published or a version number, not ${JSON.stringify(raw)}`,
    'e.g. ?version=draft, ?version=published, ?version=3',
  );
}

/** Checks that `body` is an object with only `allowed` keys; returns it typed loosely for the caller to read. */
export function objectBody(body: unknown, allowed: readonly string[], example: string): Record<string, unknown> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body))
    throw new ApiError(400, 'bad-request', 'request body must be a JSON object', `e.g. ${example}`);
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length > 0)
    throw new ApiError(
      400,
      'bad-request',
      `unknown field${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}`,
      `allowed fields: ${allowed.join(', ')}`,
    );
  return body as Record<string, unknown>;
}

export function messageField(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value !== 'string') throw new ApiError(400, 'bad-request', 'message must be a string');
  if (value.length > MAX_MESSAGE_LENGTH)
    throw new ApiError(400, 'bad-request', `message is longer than ${MAX_MESSAGE_LENGTH} characters`);
  return value.trim();
}
