/** Why a call failed. The UI branches on kind and status, never on message text. */
export type HttpErrorKind = 'status' | 'timeout' | 'network' | 'malformed' | 'aborted';

export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly url: string;
  readonly status: number | undefined;
  constructor(kind: HttpErrorKind, url: string, message: string, status?: number) {
    super(message);
    this.name = 'HttpError';
    this.kind = kind;
    this.url = url;
    this.status = status;
  }

  /** A 503 (or 206, which is not an error) marks maintenance (docs/rules.md#calls). */
  get maintenance(): boolean {
    return this.status === 503;
  }
}

/** 404 and 410 are final; retrying cannot change them (docs/rules.md#calls). */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof HttpError)) return true;
  if (error.kind === 'aborted' || error.kind === 'malformed') return false;
  return !(error.status === 404 || error.status === 410 || error.status === 403 || error.status === 401);
}
