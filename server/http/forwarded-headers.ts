/**
 * X-Forwarded-Proto and X-Forwarded-Host, believed only as docs/operations.md#behind-a-proxy says: sent by a
 * TRUST_PROXY peer, and naming http or https, or an allowed host. Fastify reads them whenever request.protocol or
 * request.host is read, from a trusted peer with any value; so a value that is not believed is taken off the request
 * here, before any other hook or route runs, and a believed one is left as its one entry (the last, which the nearest
 * proxy wrote), in lower case. request.protocol decides the session cookie's Secure flag and the cross-site check's own
 * origin (csrf.ts); no absolute URL comes from either header (public-origin.ts).
 *
 * Each distinct ignored value is logged once, and only the first IGNORED_VALUES_LOGGED of them, so a flood of made-up
 * values cannot fill the log or the memory that remembers them.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hostOf, type AllowedHostLookup } from './allowed-hosts';

export const IGNORED_VALUES_LOGGED = 64;
/** How much of an ignored value a log line shows (and the memory keeps). */
const SHOWN_CHARS = 100;

/** TRUST_PROXY as Fastify applies it: whether the sender at `hop` (0: the connection's peer) is a proxy to believe. */
export type ProxyTrust = (address: string, hop: number) => boolean;

export interface ForwardedHeaderOptions {
  /** TRUST_PROXY; undefined: no sender is a proxy. */
  trust: ProxyTrust | undefined;
  allowedHost: AllowedHostLookup;
  log: (message: string) => void;
}

interface ForwardedHeader {
  name: 'x-forwarded-proto' | 'x-forwarded-host';
  label: string;
  /** The entry as it is believed, or why it is not. */
  believe(
    entry: string,
    request: FastifyRequest,
    allowedHost: AllowedHostLookup,
  ): { value: string } | { refusal: string };
}

// In this order: the host is read with the (believed) protocol.
const FORWARDED_HEADERS: readonly ForwardedHeader[] = [
  {
    name: 'x-forwarded-proto',
    label: 'X-Forwarded-Proto',
    believe: (entry) =>
      /^https?$/i.test(entry) ? { value: entry.toLowerCase() } : { refusal: 'only http and https are believed' },
  },
  {
    name: 'x-forwarded-host',
    label: 'X-Forwarded-Host',
    believe: (entry, request, allowedHost) => {
      const host = hostOf(entry, request.protocol);
      return host && allowedHost(host) ? { value: host } : { refusal: 'it is not an allowed host (ALLOWED_HOSTS)' };
    },
  },
];

export function installForwardedHeaderCheck(app: FastifyInstance, options: ForwardedHeaderOptions): void {
  const note = onceEach(options.log);
  app.addHook('onRequest', async (request) => {
    const peer = request.raw.socket.remoteAddress ?? '';
    const trusted = options.trust?.(peer, 0) ?? false;
    for (const header of FORWARDED_HEADERS) {
      const raw = request.raw.headers[header.name];
      if (raw === undefined) continue;
      const entry = lastEntry(Array.isArray(raw) ? raw.join(',') : raw);
      const verdict = trusted
        ? header.believe(entry, request, options.allowedHost)
        : { refusal: options.trust ? 'the sender is not a TRUST_PROXY peer' : 'TRUST_PROXY is unset' };
      if ('value' in verdict) {
        request.raw.headers[header.name] = verdict.value;
        continue;
      }
      delete request.raw.headers[header.name];
      const shown = JSON.stringify(entry.length > SHOWN_CHARS ? `${entry.slice(0, SHOWN_CHARS)}…` : entry);
      note(
        `${header.label} ${shown} ${verdict.refusal}`,
        `ignored ${header.label} ${shown} from ${peer}: ${verdict.refusal} (docs/operations.md#behind-a-proxy)`,
      );
    }
  });
}

/** As Fastify reads a forwarded header: the last of its comma-separated entries. */
function lastEntry(value: string): string {
  return value.slice(value.lastIndexOf(',') + 1).trim();
}

/** `log` once per distinct key, for the first IGNORED_VALUES_LOGGED keys; then once that it stops. */
function onceEach(log: (message: string) => void): (key: string, message: string) => void {
  const seen = new Set<string>();
  let full = false;
  return (key, message) => {
    if (full || seen.has(key)) return;
    if (seen.size === IGNORED_VALUES_LOGGED) {
      full = true;
      log(
        `further ignored forwarded values are not logged (${IGNORED_VALUES_LOGGED} distinct ones were; docs/operations.md#behind-a-proxy)`,
      );
      return;
    }
    seen.add(key);
    log(message);
  };
}
