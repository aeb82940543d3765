/**
 * Every error leaves the API as the contract's ErrorBody (schemas/contracts/api-errors.ts):
 * `{ error: { code, message, hint?, problems? } }`, plus a field beside `error` where a status promises
 * one (412 carries `current`). The editor reads it with its own ApiError (editor/api/api-error.ts): that
 * one wraps an answer for the screens, this one is thrown by a handler with the status to answer.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody, ErrorCode, ErrorDetail, ErrorExtras } from '../../schemas/contracts/index';
import { UsersFileDamagedError } from '../auth/users-file';
import { ChangeSetDamagedError, DocumentDamagedError } from '../storage/document-damage';
import { DatabaseUnavailableError } from '../storage/postgres/database-errors';
import { STORAGE_FAILURE_TEXT, storageFailure, type StorageFailure } from '../storage/storage-failure';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly hint?: string,
    /** `problems` goes inside `error`; `fields` beside it, e.g. `{ current }` for 412. */
    readonly extra: { problems?: ErrorDetail['problems']; fields?: ErrorExtras } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.hint ? { hint: this.hint } : {}),
        ...(this.extra.problems ? { problems: this.extra.problems } : {}),
      },
      ...this.extra.fields,
    };
  }
}

/** Fastify's own errors (body parsing, limits) mapped onto our codes and shapes. */
const FASTIFY_ERRORS: Record<string, () => ApiError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () =>
    new ApiError(
      413,
      'body-too-large',
      'request body is too large',
      'documents are far smaller than the limit; check what is being sent',
    ),
  FST_ERR_CTP_INVALID_JSON_BODY: () =>
    new ApiError(
      400,
      'invalid-json',
      'request body is not valid JSON',
      'send a JSON object such as {"content": {…}, "message": "…"}',
    ),
  FST_ERR_CTP_EMPTY_JSON_BODY: () =>
    new ApiError(
      400,
      'invalid-json',
      'request body is empty but Content-Type says JSON',
      'send a JSON body or drop the Content-Type header',
    ),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    new ApiError(
      415,
      'unsupported-media-type',
      'request body must be application/json',
      'set Content-Type: application/json',
    ),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    new ApiError(400, 'bad-request', 'request body size does not match Content-Length'),
};

/**
 * 507 Insufficient Storage (RFC 4918 §11.5) when the store is full; 503 when it refuses writes, since
 * the service cannot take writes until an operator acts (docs/operations.md#readiness-disk-full-and-read-only-stores).
 */
const STORAGE_FAILURE_STATUS: Record<StorageFailure, number> = { 'storage-full': 507, 'storage-read-only': 503 };

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const apiError = toApiError(error);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    // RFC 9110 §10.2.3: tells clients and load balancers when the database is worth asking again.
    if (error instanceof DatabaseUnavailableError) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply.code(apiError.status).header('cache-control', 'no-store').send(apiError.body());
  });
}

function toApiError(error: FastifyError): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof DocumentDamagedError) {
    // 503: the request was fine; this document cannot be served until its files are repaired.
    return new ApiError(503, 'document-damaged', error.message, error.damage.repair, {
      fields: { damaged: error.damage },
    });
  }
  // 503 as well: the request was fine; this change set's record must be repaired first (docs/operations.md#repair).
  if (error instanceof ChangeSetDamagedError)
    return new ApiError(503, 'change-set-damaged', error.message, error.damage.repair);
  // 503 too: the request was fine; nobody can sign in until users.json is repaired.
  if (error instanceof UsersFileDamagedError)
    return new ApiError(503, 'users-file-damaged', error.message, error.repair);
  // 503, never a 500 or a hang: the database is restarting or unreachable, and the pool reconnects by itself (docs/operations.md#postgresql).
  if (error instanceof DatabaseUnavailableError)
    return new ApiError(
      503,
      'database-unavailable',
      error.message,
      'the database is restarting or unreachable; try again in a few seconds',
    );
  const mapped = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (mapped) return mapped();
  const failure = storageFailure(error);
  if (failure) {
    const { problem, fix } = STORAGE_FAILURE_TEXT[failure];
    return new ApiError(
      STORAGE_FAILURE_STATUS[failure],
      failure,
      `${problem}: nothing was written`,
      `${fix}, then try again; customers keep getting the published configs meanwhile`,
    );
  }
  if (error.statusCode === 429)
    return new ApiError(429, 'rate-limited', 'too many sign-in attempts', 'wait a minute and try again');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
    return new ApiError(error.statusCode, 'bad-request', error.message);
  // Never echo internal messages (paths, stack details) to the client; they are in the log.
  return new ApiError(
    500,
    'internal',
    'the server could not complete the request',
    'reload the document to see its state, then try again; if it persists, check the server log',
  );
}
