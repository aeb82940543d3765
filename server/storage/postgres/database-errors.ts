/**
 * The database cannot be reached: the one error the Postgres store raises for a lost or refused connection, so the
 * HTTP layer can answer 503 with Retry-After instead of 500 (docs/operations.md#postgresql). The pool drops broken
 * connections and opens new ones on the next call, so the service recovers by itself when the database returns.
 */

/** Seconds a client should wait before trying again: long enough for a failover or a restart of the server. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export class DatabaseUnavailableError extends Error {
  readonly retryAfterSeconds = DATABASE_RETRY_AFTER_SECONDS;

  constructor(cause: unknown) {
    super(`the database cannot be reached (${describe(cause)}): nothing was written`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket-level failures: the server is down, restarting, or the network between us is. */
const SOCKET_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'ENOENT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/**
 * SQLSTATEs of a server that is going away or not taking connections (PostgreSQL's errcodes, appendix A): class 08
 * (connection exception), 57P01-57P03 (shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
 */
const SERVER_STATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own words for a connection that broke or never came up (it gives them no code). */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error/,
  /Client was closed and is not queryable/,
];

export function isConnectionError(error: unknown): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_STATES.has(code) || code.startsWith('08')))
    return true;
  const message = error instanceof Error ? error.message : '';
  return DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/** A lost connection becomes DatabaseUnavailableError; anything else (a bug, a constraint) stays itself. */
export function asDatabaseError(error: unknown): unknown {
  return isConnectionError(error) && !(error instanceof DatabaseUnavailableError)
    ? new DatabaseUnavailableError(error)
    : error;
}

function describe(cause: unknown): string {
  const code = (cause as { code?: unknown } | undefined)?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
