/**
 * Cross-site request refusal for every state-changing request (POST, PUT, PATCH, DELETE).
 *
 * Browsers send Sec-Fetch-Site on every request and Origin on every non-GET fetch, and a page
 * cannot forge either. So: Sec-Fetch-Site must be same-origin (or none: typed by the user); without
 * it, an Origin must match our own host. A request with neither header comes from a non-browser
 * client (curl, the bench), which has no ambient cookies to abuse, and is let through.
 * The SameSite=Strict cookie is the second layer; this check does not depend on it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installCsrfCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const refusal = crossSiteRefusal(request);
    if (refusal) throw new ApiError(403, 'cross-site-request', refusal, 'state-changing requests must come from pages served by this server');
  });
}

export function crossSiteRefusal(request: FastifyRequest): string | undefined {
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined) return site === 'same-origin' || site === 'none' ? undefined : `refused a ${site} request (Sec-Fetch-Site)`;
  const origin = header(request, 'origin');
  if (origin === undefined) return undefined;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return `refused a request with Origin ${JSON.stringify(origin)}`;
  }
  return host === request.headers.host ? undefined : `refused a request from origin ${origin}`;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
