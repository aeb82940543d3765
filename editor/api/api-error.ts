/**
 * The config service's errors as the editor's screens see them. The body is the contract's ErrorBody
 * (schemas/contracts/api-errors.ts), which the service's own ApiError (server/http/errors.ts) writes.
 * Two classes because they do two jobs: the service's is thrown by a handler with the status to answer;
 * this one wraps an answer received, adds the `kind` screens branch on, and must read a body it cannot
 * trust (a proxy's HTML page, or a newer service's code).
 */
import type { DocumentVersion, ErrorCode, ErrorDetail, ErrorExtras, Problem, WriteTurn } from '../../schemas/contracts';

/**
 * What went wrong, in the terms the UI acts on. The server's `code` stays available, but screens branch
 * on `kind` so a new server code never falls through to a blank failure.
 */
export type ApiErrorKind =
  | 'unauthenticated'
  | 'invalid-credentials'
  | 'rate-limited'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'invalid-document'
  | 'precondition-required'
  | 'storage'
  | 'network'
  | 'server';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** 0 when the service could not be reached. */
    readonly status: number,
    message: string,
    /** An ErrorCode, or one this editor does not know yet; `http-<status>` for a body without one, `network` for no answer. */
    readonly code: string,
    readonly hint?: ErrorDetail['hint'],
    readonly problems: Problem[] = [],
    /** On 412 (and 409): the server's current draft, for reloading theirs. */
    readonly current?: ErrorExtras['current'],
    /** On 409 write-queued (and a 412 to a writer in line): its place in the document's line (docs/api.md#write-turns). */
    readonly turn?: WriteTurn,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** An ErrorBody as received: any field may be missing or of another type. */
type Unchecked<T> = { [K in keyof T]?: unknown };
type ReceivedErrorBody = Unchecked<ErrorExtras> & { error?: Unchecked<ErrorDetail> };

const FALLBACK_MESSAGES: Record<ApiErrorKind, string> = {
  unauthenticated: 'You are signed out. Sign in again to continue.',
  'invalid-credentials': 'Wrong username or password.',
  'rate-limited': 'Too many sign-in attempts. Wait a minute and try again.',
  forbidden: 'Your role may not do this.',
  'not-found': 'Not found.',
  conflict: 'Someone else saved this document since you opened it.',
  'invalid-document': 'The document has problems; nothing was saved.',
  'precondition-required': 'The request did not say which version it edits.',
  storage:
    'The config service cannot write to its store (it is full or read-only); nothing was saved. Whoever runs the service has to free space or make it writable.',
  network: 'The config service could not be reached.',
  server: 'The config service failed.',
};

/**
 * The store is full or refuses writes (docs/api.md): retrying will not help until an operator acts,
 * so these are told apart from a failure of the service. 507 also covers a proxy's bodiless answer.
 */
const STORAGE_CODES: ReadonlySet<string> = new Set<ErrorCode>(['storage-full', 'storage-read-only']);

function kindFor(status: number, code: string): ApiErrorKind {
  if (STORAGE_CODES.has(code) || status === 507) return 'storage';
  if (status === 401) return code === 'invalid-credentials' ? 'invalid-credentials' : 'unauthenticated';
  if (status === 429) return 'rate-limited';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 422) return 'invalid-document';
  if (status === 428) return 'precondition-required';
  return 'server';
}

/** Maps a status and the parsed body (or undefined when it was not JSON) to an ApiError. Pure. */
export function toApiError(status: number, body: unknown): ApiError {
  const error = (typeof body === 'object' && body !== null ? (body as ReceivedErrorBody) : {}).error ?? {};
  const code = typeof error.code === 'string' ? error.code : `http-${status}`;
  const kind = kindFor(status, code);
  const message = typeof error.message === 'string' && error.message ? error.message : FALLBACK_MESSAGES[kind];
  const hint = typeof error.hint === 'string' ? error.hint : undefined;
  const problems = Array.isArray(error.problems) ? (error.problems as Problem[]) : [];
  const current = (body as ReceivedErrorBody | undefined)?.current;
  return new ApiError(
    kind,
    status,
    message,
    code,
    hint,
    problems,
    typeof current === 'object' && current !== null ? (current as DocumentVersion) : undefined,
    writeTurn((body as ReceivedErrorBody | undefined)?.turn),
  );
}

function writeTurn(value: unknown): WriteTurn | undefined {
  const turn = typeof value === 'object' && value !== null ? (value as Unchecked<WriteTurn>) : {};
  return typeof turn.ticket === 'string' && typeof turn.ahead === 'number' && typeof turn.retryAfterMs === 'number'
    ? { ticket: turn.ticket, ahead: turn.ahead, retryAfterMs: turn.retryAfterMs }
    : undefined;
}

/** The message and, when the server gave one, its hint: what is wrong and what to do. */
export function describeApiError(error: unknown): string {
  if (error instanceof ApiError) return `${error.message}${error.hint ? ` (${error.hint})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}

export function networkError(cause: unknown): ApiError {
  const detail = cause instanceof Error ? `: ${cause.message}` : '';
  return new ApiError('network', 0, `${FALLBACK_MESSAGES.network}${detail}`, 'network');
}
