/**
 * ETags name a document version: `"v7"`. They are strong, and one per version, so If-Match on a
 * write is exactly "the draft is still the version I edited".
 */
import { ApiError } from './errors';

export function etagFor(version: number): string {
  return `"v${version}"`;
}

/**
 * The versions an If-Match header accepts. Missing → 428. `*` is refused too: it would match any
 * draft and bring back the silent overwrite that If-Match exists to prevent. Weak or foreign tags
 * never match, so they end as 412.
 */
export function requireIfMatch(header: string | undefined, action: string): number[] {
  if (header === undefined || header.trim() === '')
    throw new ApiError(
      428,
      'precondition-required',
      `${action} needs an If-Match header`,
      'send the ETag of the version you edited, e.g. If-Match: "v7"; read it from GET /api/documents/:id',
    );
  if (header.trim() === '*')
    throw new ApiError(
      428,
      'precondition-required',
      'If-Match: * is not accepted',
      'send the ETag of the version you edited, so a newer draft is never overwritten unseen',
    );
  return header.split(',').flatMap((tag) => {
    const match = /^\s*"v([1-9]\d{0,9})"\s*$/.exec(tag);
    return match ? [Number(match[1])] : [];
  });
}

/** True when an If-None-Match header names this version (GET answers 304). */
export function ifNoneMatchHits(header: string | undefined, version: number): boolean {
  if (!header) return false;
  const etag = etagFor(version);
  return header.split(',').some((tag) => tag.trim() === etag || tag.trim() === `W/${etag}`);
}
