import { networkError, toApiError } from './api-error';

export interface ApiResponse<T> {
  data: T;
  etag: string | null;
}

/** Listeners told about 401s, so the session store can send the user to /signin from anywhere. */
const unauthenticatedListeners = new Set<() => void>();
export function onUnauthenticated(listener: () => void): () => void {
  unauthenticatedListeners.add(listener);
  return () => unauthenticatedListeners.delete(listener);
}

/**
 * One fetch for every API call: JSON in and out, errors thrown as ApiError. Same-origin cookies only;
 * the server's CSRF guard relies on the browser's Sec-Fetch-Site, so nothing extra is sent.
 */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  } catch (cause) {
    throw networkError(cause);
  }
  const text = response.status === 204 ? '' : await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = toApiError(response.status, body);
    // A failed sign-in is also a 401, but it is answered on the sign-in form, not by a redirect.
    if (error.kind === 'unauthenticated') unauthenticatedListeners.forEach((l) => l());
    throw error;
  }
  return { data: body as T, etag: response.headers.get('etag') };
}
