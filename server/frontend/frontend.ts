/**
 * How the server hands out the two single-page apps. The production build (static-frontend.ts)
 * and Vite's dev server (vite-frontend.ts) differ only in where files and HTML come from; which
 * page a URL gets is decided once, here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPortalRoute } from '../portal-routes';
import { ApiError } from '../http/errors';
import { sendPrecompressed } from '../http/compression';
import { pageSecurityHeaders, templateScriptHashes, type PageKind, type ServeMode } from '../http/security-headers';
import type { PortalPages, PortalRequest, RenderedPage } from '../render/portal-pages';

export type EntryPage = 'editor' | 'portal';
export const ENTRY_HTML: Record<EntryPage, string> = { editor: 'index.html', portal: 'portal.html' };

export interface Frontend {
  /** Development (Vite) or the production build: the pages' Content-Security-Policy differs (http/security-headers.ts). */
  mode: ServeMode;
  /** Sends the file `pathname` names, if there is one; false otherwise. */
  sendFile(pathname: string, request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /** The entry page's HTML for this URL. */
  html(page: EntryPage, url: string): Promise<string>;
  /**
   * The inline early-calls script element a logged-in customer's page carries (docs/rendering.md#the-customers-first-load):
   * the customer build's (early-calls-file.ts); undefined in a mocks build and in development.
   */
  earlyScript(): Promise<string | undefined>;
  close(): Promise<void>;
}

/** Paths the server itself answers; the frontend (and Vite's middlewares) never see them. */
export function isServerPath(url: string): boolean {
  return /^\/(api|configs)(\/|$|\?)/.test(url) || /^\/healthz(\?|$)/.test(url);
}

/**
 * `pages`: the server render of the portal pages (docs/rendering.md); without it every portal URL gets the
 * client-only portal.html. `publicOrigin`: the configured origin of the pages' absolute URLs (http/public-origin.ts).
 */
export function registerFrontendRoutes(
  app: FastifyInstance,
  frontend: Frontend,
  pages?: PortalPages,
  publicOrigin?: () => string,
): void {
  // Unknown API and config paths answer JSON 404s, never the editor's HTML.
  app.all('/api', { config: { access: 'public' } }, notFound);
  app.all('/api/*', { config: { access: 'public' } }, notFound);

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    config: { access: 'public' },
    handler: async (request, reply) => {
      const pathname = decodedPathname(request.url);
      if (pathname === undefined) throw new ApiError(400, 'bad-request', 'malformed URL');
      if (await frontend.sendFile(pathname, request, reply)) return reply;
      const portal = matchPortalRoute(pathname);
      // A missing file (a stale hashed asset, a typo) must 404, not turn into a page that fails to parse as a script.
      if (!portal && /\.[A-Za-z0-9]+$/.test(pathname)) throw new ApiError(404, 'not-found', `no file ${pathname}`);
      const kind: PageKind = !portal ? 'editor' : portal.route === '/preview' ? 'preview' : 'customer';
      if (pages && kind !== 'preview') {
        const template = () => frontend.html('portal', request.url);
        const origin = publicOrigin?.();
        const rendered = await (kind === 'customer'
          ? pages.page(template, portalRequest(request, origin), () => frontend.earlyScript())
          : pages.notFound(template, portalRequest(request, origin)));
        if (rendered) return sendRendered(request, reply, rendered);
      }
      const html = await frontend.html(portal ? 'portal' : 'editor', request.url);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .headers(pageSecurityHeaders(kind, templateScriptHashes(html), frontend.mode))
        .send(html);
    },
  });
}

/**
 * What a portal page is rendered from: the URL and the headers its Vary names (Cookie, Accept-Language), and the
 * configured origin. Nothing else of the request, so a shared cache's copy is right for every request it serves
 * (docs/operations.md#the-public-origin).
 */
function portalRequest(request: FastifyRequest, origin: string | undefined): PortalRequest {
  return {
    url: request.url,
    cookies: request.cookies ?? {},
    acceptLanguage: request.headers['accept-language'],
    ...(origin ? { origin } : {}),
  };
}

/**
 * A server-rendered page, or 304 when the cache's copy (If-None-Match) is still this page. Its headers, the
 * security headers among them, were made with the page (server/render/page-render.ts), so a cached page costs none.
 */
function sendRendered(request: FastifyRequest, reply: FastifyReply, rendered: RenderedPage): FastifyReply {
  reply.headers(rendered.headers);
  if (rendered.headers.etag && request.headers['if-none-match'] === rendered.headers.etag)
    return reply.code(304).send();
  return sendPrecompressed(request, reply.code(rendered.status), rendered.body, rendered.encoded);
}

async function notFound(request: FastifyRequest): Promise<never> {
  throw new ApiError(
    404,
    'not-found',
    `no endpoint ${request.method} ${request.url.split('?')[0]}`,
    'see docs/api.md for the API',
  );
}

export function decodedPathname(url: string): string | undefined {
  try {
    const pathname = decodeURIComponent(url.split('?')[0]!);
    return pathname.includes('\0') ? undefined : pathname;
  } catch {
    return undefined;
  }
}
