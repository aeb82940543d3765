import type { ApiHosts, ServiceId } from './environment';
import { HttpError } from './http-error';

export const HTTP_TIMEOUT_MS = 3000;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface HttpRequest {
  method: HttpMethod;
  service: ServiceId;
  /** Path below the service root, starting with "/". */
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the OIDC endpoints). */
  form?: Record<string, string>;
  /** false for calls that must not carry the bearer token. Default true. */
  auth?: boolean;
  /** Combined with the 3000 ms timeout, so unmounting can cancel a call. */
  signal?: AbortSignal;
}

export interface HttpResponse<T> {
  status: number;
  data: T;
  /** 206 answers carry data but mark maintenance (docs/rules.md#calls). */
  maintenance: boolean;
}

export interface HttpClientOptions {
  hosts: ApiHosts;
  /** Reads the access token at call time (from local storage, docs/rules.md#calls). */
  getAccessToken: () => string | null;
  /** Runs on every 403 (docs/rules.md#access-wrapper). */
  onForbidden?: (url: string) => void;
  fetch?: typeof fetch;
  timeoutMs?: number;
  logger?: Pick<Console, 'error'>;
}

export interface HttpClient {
  request<T>(request: HttpRequest): Promise<HttpResponse<T>>;
  /** After a 403 the auth header is removed (docs/rules.md#access-wrapper) until a new session restores it. */
  readonly authHeaderRemoved: boolean;
  restoreAuthHeader(): void;
}

export function buildUrl(hosts: ApiHosts, service: ServiceId, path: string, query?: HttpRequest['query']): string {
  const base = hosts[service];
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, String(value));
  const qs = search.toString();
  return `${base}${path}${qs ? `?${qs}` : ''}`;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const logger = options.logger ?? console;
  let authRemoved = false;

  async function request<T>(req: HttpRequest): Promise<HttpResponse<T>> {
    if (!(HTTP_METHODS as readonly string[]).includes(req.method))
      throw new TypeError(`Invalid HTTP method "${String(req.method)}"; use one of ${HTTP_METHODS.join(', ')}.`);
    const url = buildUrl(options.hosts, req.service, req.path, req.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = req.auth === false || authRemoved ? null : options.getAccessToken();
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (req.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(req.form).toString();
    } else if (req.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(req.json);
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;

    let response: Response;
    try {
      response = await doFetch(url, {
        method: req.method,
        headers,
        credentials: 'include',
        signal,
        ...(body !== undefined ? { body } : {}),
      });
    } catch (cause) {
      const error = timeout.aborted
        ? new HttpError('timeout', url, `${req.method} ${url} timed out after ${timeoutMs} ms`)
        : req.signal?.aborted
          ? new HttpError('aborted', url, `${req.method} ${url} was cancelled`)
          : new HttpError('network', url, `${req.method} ${url} failed: ${(cause as Error)?.message ?? String(cause)}`);
      if (error.kind !== 'aborted') logger.error(`[http] ${error.message}`);
      throw error;
    }
    if (!response) {
      const error = new HttpError('network', url, `${req.method} ${url} returned no response`);
      logger.error(`[http] ${error.message}`);
      throw error;
    }
    if (response.status === 403) {
      authRemoved = true;
      options.onForbidden?.(url);
    }
    if (!response.ok) {
      throw new HttpError('status', url, `${req.method} ${url} answered ${response.status}`, response.status);
    }
    const data = await readBody<T>(response, req, url, logger);
    return { status: response.status, data, maintenance: response.status === 206 };
  }

  return {
    request,
    get authHeaderRemoved() {
      return authRemoved;
    },
    restoreAuthHeader() {
      authRemoved = false;
    },
  };
}

async function readBody<T>(
  response: Response,
  req: HttpRequest,
  url: string,
  logger: Pick<Console, 'error'>,
): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    const error = new HttpError(
      'malformed',
      url,
      `${req.method} ${url} answered ${response.status} with a body that is not JSON`,
      response.status,
    );
    logger.error(`[http] ${error.message}`);
    throw error;
  }
}
