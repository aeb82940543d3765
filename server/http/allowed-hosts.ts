/**
 * The Host allow-list. A DNS-rebinding page (rebind.evil.example, re-pointed at this machine) reaches
 * the service with its own name in Host, and from its own origin it may sign in and read answers. So
 * every request must name one of the hosts this server is meant to be reached by; anything else is
 * 421 Misdirected Request (RFC 9110 §15.5.20), before any route runs.
 *
 * An entry is `name`, `name:port` or an origin `https://name[:port]`, matched against the Host header
 * exactly (a missing port is the scheme's default). The origin form says which scheme browsers use for
 * that name, for a TLS-terminating proxy in front: the cross-site check (csrf.ts) then expects
 * `Origin: https://name`, though this server itself speaks plain HTTP. How to set it: docs/api.md#hosts-and-origins.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors';

export interface AllowedHost {
  /** As a Host header carries it: lower-case name, `[…]` around IPv6, `:port` unless the default. */
  host: string;
  /** The scheme browsers use for this host, when the entry named one. */
  scheme?: 'http' | 'https';
}

/**
 * Load balancers and orchestrators probe by address (`Host: 10.0.3.7:5173`); these answers reveal
 * nothing a rebinding page could use, so they are exempt. The routes live in routes/health-routes.ts.
 */
const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** The loopback names every default list includes. */
export const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'] as const;

/** One ALLOWED_HOSTS entry, or a message saying what is wrong with it. */
export function parseAllowedHost(entry: string): AllowedHost | { error: string } {
  const trimmed = entry.trim();
  const scheme = /^(https?):\/\//i.exec(trimmed)?.[1]?.toLowerCase() as AllowedHost['scheme'];
  let url: URL;
  try {
    url = new URL(scheme ? trimmed : `http://${trimmed}`);
  } catch {
    return { error: `${JSON.stringify(entry)} is not a host name, name:port or origin` };
  }
  if (
    url.username ||
    url.password ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    (!scheme && /[/?#@]/.test(trimmed))
  )
    return {
      error: `${JSON.stringify(entry)} must be only a host (name, name:port or https://name), with no path, query or user`,
    };
  // url.host drops the scheme's default port, as browsers do in Host; without a scheme that default is http's.
  return scheme ? { host: url.host, scheme } : { host: url.host };
}

/** `HOST` and the loopback names, each with the port the server listens on. */
export function defaultAllowedHosts(configuredHost: string, port: number): AllowedHost[] {
  const names = new Set<string>(LOOPBACK_NAMES);
  // 0.0.0.0 and :: are "every interface", never a name a client uses.
  if (configuredHost && configuredHost !== '0.0.0.0' && configuredHost !== '::')
    names.add(configuredHost.includes(':') && !configuredHost.startsWith('[') ? `[${configuredHost}]` : configuredHost);
  return [...names].map((name) => parseAllowedHost(`${name}:${port}`)).filter((h): h is AllowedHost => !('error' in h));
}

export interface HostCheckOptions {
  /** ALLOWED_HOSTS, parsed; undefined → defaultAllowedHosts for `host` and the port the server listens on. */
  allowedHosts?: readonly AllowedHost[];
  /** HOST, for the default list. */
  host?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The allow-list entry the Host header matched (absent only on the probe paths). */
    allowedHost?: AllowedHost;
  }
}

/** The allow-list entry a normalised Host (hostOf) names, if any. */
export type AllowedHostLookup = (host: string) => AllowedHost | undefined;

export function allowedHostLookup(app: FastifyInstance, options: HostCheckOptions): AllowedHostLookup {
  let table: Map<string, AllowedHost> | undefined;
  return (host) => {
    // The default needs the listening port, which PORT=0 only decides at listen().
    table ??= new Map(
      (options.allowedHosts ?? defaultAllowedHosts(options.host ?? 'localhost', listeningPort(app))).map((h) => [
        h.host,
        h,
      ]),
    );
    return table.get(host);
  };
}

export function installHostCheck(app: FastifyInstance, allowedHost: AllowedHostLookup): void {
  app.addHook('onRequest', async (request) => {
    const entry = allowedHost(normalisedHost(request));
    if (entry) request.allowedHost = entry;
    else if (!PROBE_PATHS.has(request.url.split('?')[0]!))
      throw new ApiError(
        421,
        'misdirected-request',
        `this server does not answer for Host ${JSON.stringify(request.headers.host ?? '')}`,
        'reach it by its configured name; an operator can add the name to ALLOWED_HOSTS (docs/api.md#hosts-and-origins)',
      );
  });
}

/** The origin browsers see for this request: the allow-list entry's scheme (or this server's), and Host. */
export function ownOrigin(request: FastifyRequest): string {
  return `${request.allowedHost?.scheme ?? request.protocol}://${normalisedHost(request)}`;
}

function normalisedHost(request: FastifyRequest): string {
  return hostOf(request.headers.host ?? '', request.protocol);
}

/** A Host value as URL.host writes it (lower case, no default port for `scheme`); '' when it is not a bare host[:port]. */
export function hostOf(value: string, scheme: string): string {
  if (value === '' || /[/?#@\\\s]/.test(value)) return '';
  try {
    return new URL(`${scheme}://${value}`).host;
  } catch {
    return '';
  }
}

function listeningPort(app: FastifyInstance): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
