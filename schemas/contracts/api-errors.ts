/**
 * How the config API says no (docs/api.md#conventions): `{ error: { code, message, hint?, problems? } }`,
 * plus a field beside `error` where a status promises one. Codes are stable; the editor and the tests
 * key on them, never on messages.
 */
import type { DocumentDamage, DocumentVersion, Problem } from './config-api';
import type { ChangeSet } from './workflow-api';

/** Every code the service sends. A client must still expect others: a newer service may add some. */
export type ErrorCode =
  | 'bad-request'
  | 'invalid-json'
  | 'bad-version'
  | 'unauthenticated'
  | 'invalid-credentials'
  | 'forbidden'
  | 'cross-site-request'
  | 'misdirected-request'
  | 'unknown-document'
  | 'document-not-found'
  | 'version-not-found'
  | 'not-published'
  | 'not-found'
  | 'document-exists'
  | 'stale-version'
  | 'write-queued'
  | 'body-too-large'
  | 'too-deep'
  | 'unsupported-media-type'
  | 'invalid-document'
  | 'precondition-required'
  | 'rate-limited'
  | 'storage-full'
  | 'storage-read-only'
  | 'users-file-damaged'
  | 'document-damaged'
  | 'internal'
  | 'not-built'
  // The editorial workflow (docs/workflow.md).
  | 'approval-required'
  | 'self-approval'
  | 'change-set-not-found'
  | 'invalid-transition'
  | 'stale-change-set'
  | 'draft-changed'
  | 'document-in-change-set'
  | 'bad-schedule'
  | 'share-invalid'
  | 'share-expired'
  | 'share-revoked'
  | 'change-set-damaged'
  | 'database-unavailable';

export interface ErrorDetail {
  code: ErrorCode;
  /** What is wrong, for people. */
  message: string;
  /** What to do about it. */
  hint?: string;
  /** 422 invalid-document: the validator's problems (at most its first hundred). */
  problems?: Problem[];
}

/** The fields some statuses carry beside `error`. */
export interface ErrorExtras {
  /** 409 document-exists and 412 stale-version: the draft as it is now, to merge into without another request. */
  current?: DocumentVersion;
  /** 503 document-damaged: which file is damaged and how to repair it. */
  damaged?: DocumentDamage;
  /** 412 stale-change-set: the change set as it is now. */
  changeSet?: ChangeSet;
  /** 412 stale-version and 409 write-queued on a save or restore: the writer's place in line (docs/api.md#write-turns). */
  turn?: WriteTurn;
}

/** A writer's place in a document's line of saves (docs/api.md#write-turns). */
export interface WriteTurn {
  /** Send it back as the `Write-Ticket` header with the next attempt, to keep the place. */
  ticket: string;
  /** Writers ahead of this one; 0: the next attempt goes through unless the draft moved. */
  ahead: number;
  /** When to try again: about as long as the writers ahead take to save. */
  retryAfterMs: number;
}

export interface ErrorBody extends ErrorExtras {
  error: ErrorDetail;
}
