/**
 * Cross-site request refusal for every state-changing request (POST, PUT, PATCH, DELETE).
 *
 * Browsers send Sec-Fetch-Site on every request and Origin on every non-GET fetch, and a page
 * cannot forge either. So: Sec-Fetch-Site must be same-origin (or none: typed by the user); without
 * it, Origin must be our own origin, scheme, host and port (allowed-hosts.ts says which scheme). A
 * request with neither header comes from a non-browser client (curl, the bench), which has no
 * ambient cookies to abuse, and is let through.
 * The SameSite=Strict cookie is the second layer; this check does not depend on it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ownOrigin } from './allowed-hosts';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function installCsrfCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const refusal = crossSiteRefusal(request);
    if (refusal)
      throw new ApiError(
        403,
        'cross-site-request',
        refusal,
        'state-changing requests must come from pages served by this server',
      );
  });
}

export function crossSiteRefusal(request: FastifyRequest): string | undefined {
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined)
    return site === 'same-origin' || site === 'none' ? undefined : `refused a ${site} request (Sec-Fetch-Site)`;
  const origin = header(request, 'origin');
  if (origin === undefined) return undefined;
  let normalised: string;
  try {
    normalised = new URL(origin).origin;
  } catch {
    return `refused a request with Origin ${JSON.stringify(origin)}`;
  }
  // Scheme, host and port: https://127.0.0.1:PORT is another origin than the plain-HTTP service on that port.
  const own = ownOrigin(request);
  return normalised === own ? undefined : `refused a request from origin ${origin}; this server's origin is ${own}`;
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
