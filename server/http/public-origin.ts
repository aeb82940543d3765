/**
 * The one origin every absolute URL the server writes begins with: the canonical link, the hreflang alternates and
 * og:image of the server-rendered pages (docs/operations.md#the-public-origin). It is configuration, never a request
 * header: a shared cache keeps a page by its URL and its Vary headers (Cookie, Accept-Language), so a URL built from
 * Host or X-Forwarded-Host would reach every visitor of that page (server/http/public-origin.hardening.test.ts).
 *
 * Which one: PUBLIC_ORIGIN; else the first ALLOWED_HOSTS entry, with the scheme it names, or https behind TRUST_PROXY
 * (TLS usually ends at the proxy; an entry `http://name` says it does not), or http; else the address the server
 * listens on, for local development.
 */
import type { FastifyInstance } from 'fastify';
import type { AllowedHost } from './allowed-hosts';

/** A valid PUBLIC_ORIGIN, named in the error for an invalid one. */
export const PUBLIC_ORIGIN_EXAMPLE = 'https://www.depona.example';

/** PUBLIC_ORIGIN as an origin (`https://name[:port]`, lower case, no default port), or what is wrong with it. */
export function parsePublicOrigin(raw: string): string | { error: string } {
  const text = raw.trim();
  if (!/^https?:\/\//i.test(text)) return { error: 'must start with http:// or https://' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: 'is not a URL' };
  }
  if (url.username || url.password || url.pathname !== '/' || /[?#]/.test(text))
    return { error: 'must be only a scheme and a host (and a port), with no path, query or user' };
  return url.origin;
}

export interface PublicOriginOptions {
  /** PUBLIC_ORIGIN, parsed (server/env.ts). */
  publicOrigin?: string | undefined;
  /** ALLOWED_HOSTS, parsed; its first entry is the origin when PUBLIC_ORIGIN is unset. */
  allowedHosts?: readonly AllowedHost[] | undefined;
  /** TRUST_PROXY is set: a scheme-less ALLOWED_HOSTS entry is then taken as https. */
  behindProxy: boolean;
  /** HOST, for the listen-address fallback. */
  listenHost?: string | undefined;
}

export type PublicOriginSource = 'PUBLIC_ORIGIN' | 'ALLOWED_HOSTS';

/** The origin configuration names, and which setting named it; undefined when only the listen address can tell. */
export function configuredPublicOrigin(
  options: PublicOriginOptions,
): { origin: string; from: PublicOriginSource } | undefined {
  if (options.publicOrigin) return { origin: options.publicOrigin, from: 'PUBLIC_ORIGIN' };
  const first = options.allowedHosts?.[0];
  if (!first) return undefined;
  return {
    origin: `${first.scheme ?? (options.behindProxy ? 'https' : 'http')}://${first.host}`,
    from: 'ALLOWED_HOSTS',
  };
}

/** `http://host:port` for a listen address; a wildcard address is reached as localhost. */
export function listenOrigin(host: string, port: number): string {
  const name = host === '' || host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return new URL(`http://${name.includes(':') && !name.startsWith('[') ? `[${name}]` : name}:${port}`).origin;
}

/** The public origin, settled at its first use: with PORT=0 the listen address is known only once the server listens. */
export function publicOriginOf(app: FastifyInstance, options: PublicOriginOptions): () => string {
  let origin = configuredPublicOrigin(options)?.origin;
  return () => {
    if (origin) return origin;
    const address = app.server.address();
    if (typeof address !== 'object' || !address) return listenOrigin(options.listenHost ?? 'localhost', 0);
    origin = listenOrigin(options.listenHost ?? address.address, address.port);
    return origin;
  };
}
