import { getDomain as realGetDomain } from 'tldts';
import { DEFAULT_API_HOSTS, HOST_ENDINGS } from '../../runtime/api/environment';
import { getDomain } from './tldts-lite';

/** Every host the mock worker's cookie jar can see: the preview's own, the API hosts, the market hosts. */
function portalHosts(): string[] {
  const apiHosts = Object.values(DEFAULT_API_HOSTS)
    .flatMap((hosts) => Object.values(hosts))
    .filter((url) => /^https?:\/\//.test(url))
    .map((url) => new URL(url).hostname);
  // The host endings (docs/rules.md#locales-and-markets), .com, and the markets without an ending of their own in that table.
  const endings = [...HOST_ENDINGS.map(([ending]) => ending.slice(1)), 'com', 'it', 'pl', 'fi', 'ch'];
  const marketHosts = endings.flatMap((ending) => [
    `depona.${ending}`,
    `www.depona.${ending}`,
    `app.staging.depona.${ending}`,
  ]);
  return ['127.0.0.1', 'localhost', '::1', 'portal.local', ...apiHosts, ...marketHosts];
}

describe('tldts-lite', () => {
  it.each(portalHosts())('gives the real tldts answer for %s', (host) => {
    expect(getDomain(host)).toBe(realGetDomain(host, { allowIcannDomains: true, allowPrivateDomains: true }));
  });

  it('covers the API hosts of every environment', () => {
    expect(portalHosts().filter((host) => host.includes('portal-shell.example')).length).toBeGreaterThanOrEqual(4);
  });
});
