/**
 * Stands in for `tldts` in the browser's mock bundle (vite.config.ts aliases it there, never under Vitest).
 *
 * MSW keeps mocked cookies in tough-cookie's jar, and tough-cookie asks tldts for a host's registrable
 * domain. tldts carries the whole public suffix list: 257 KB of the mock worker's 437 KB chunk, which
 * every /preview visit parses before the first mocked call can go out. The jar here only ever sees the
 * preview's own host and the portal's API hosts, so the few suffixes those use are enough;
 * tldts-lite.test.ts checks the answers against the real tldts for every such host.
 */

import { HOST_ENDINGS } from '../../runtime/api/environment';

/** Public suffixes of more than one label among the portal's hosts (docs/rules.md#locales-and-markets). */
const MULTI_LABEL_SUFFIXES = HOST_ENDINGS.map(([ending]) => ending.slice(1)).filter((suffix) => suffix.includes('.'));

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function isIpAddress(host: string): boolean {
  return IPV4.test(host) || host.includes(':');
}

/** The registrable domain (one label above the public suffix), or null for IP addresses and bare suffixes. */
export function getDomain(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === '' || isIpAddress(host)) return null;
  const labels = host.split('.');
  const suffixLabels = MULTI_LABEL_SUFFIXES.some((suffix) => host.endsWith(`.${suffix}`)) ? 2 : 1;
  return labels.length > suffixLabels ? labels.slice(-(suffixLabels + 1)).join('.') : null;
}
