/** Which X-Forwarded-Proto and X-Forwarded-Host values the service believes (docs/operations.md#behind-a-proxy). */
import proxyAddr from '@fastify/proxy-addr';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { parseAllowedHost, type AllowedHost } from './allowed-hosts';
import { installForwardedHeaderCheck, type ProxyTrust } from './forwarded-headers';

const ALLOWED = ['https://www.depona.example', 'editor.internal:5173'].map(
  (entry) => parseAllowedHost(entry) as AllowedHost,
);
const logged: string[] = [];
let app: FastifyInstance | undefined;

/** An app that answers what request.protocol, request.host and the raw headers say after the check. */
async function appTrusting(trust: ProxyTrust | undefined): Promise<FastifyInstance> {
  app = Fastify({ trustProxy: trust ?? false });
  installForwardedHeaderCheck(app, {
    trust,
    allowedHost: (host) => ALLOWED.find((h) => h.host === host),
    log: (message) => logged.push(message),
  });
  app.get('/', async (request) => ({
    protocol: request.protocol,
    host: request.host,
    proto: request.headers['x-forwarded-proto'] ?? null,
    forwardedHost: request.headers['x-forwarded-host'] ?? null,
  }));
  return app;
}

async function seen(target: FastifyInstance, headers: Record<string, string>, remoteAddress = '10.0.0.2') {
  const response = await target.inject({
    method: 'GET',
    url: '/',
    headers: { host: 'editor.internal:5173', ...headers },
    remoteAddress,
  });
  return response.json() as { protocol: string; host: string; proto: string | null; forwardedHost: string | null };
}

afterEach(async () => {
  await app?.close();
  logged.length = 0;
});

describe('from a TRUST_PROXY peer', () => {
  const hops: ProxyTrust = (_address, hop) => hop < 1;

  it('believes http or https (in lower case) and an allowed host, as the last entry the nearest proxy wrote', async () => {
    const target = await appTrusting(hops);
    expect(await seen(target, { 'x-forwarded-proto': 'HTTPS', 'x-forwarded-host': 'WWW.Depona.example' })).toEqual({
      protocol: 'https',
      host: 'www.depona.example',
      proto: 'https',
      forwardedHost: 'www.depona.example',
    });
    expect(
      await seen(target, {
        'x-forwarded-proto': 'javascript, https',
        'x-forwarded-host': 'evil.example, www.depona.example',
      }),
    ).toMatchObject({ protocol: 'https', host: 'www.depona.example', forwardedHost: 'www.depona.example' });
    expect(logged).toEqual([]);
  });

  it.each([
    ['x-forwarded-proto', 'javascript', 'only http and https are believed'],
    ['x-forwarded-proto', 'https, javascript', 'only http and https are believed'],
    ['x-forwarded-host', 'evil.example', 'it is not an allowed host (ALLOWED_HOSTS)'],
    ['x-forwarded-host', 'www.depona.example, evil.example', 'it is not an allowed host (ALLOWED_HOSTS)'],
    ['x-forwarded-host', 'www.depona.example/path', 'it is not an allowed host (ALLOWED_HOSTS)'],
    ['x-forwarded-host', 'user@www.depona.example', 'it is not an allowed host (ALLOWED_HOSTS)'],
  ])('ignores %s: %s, as if it had not been sent, and says why', async (name, value, why) => {
    const target = await appTrusting(hops);
    expect(await seen(target, { [name]: value })).toEqual({
      protocol: 'http',
      host: 'editor.internal:5173',
      proto: null,
      forwardedHost: null,
    });
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain(`: ${why} (docs/operations.md#behind-a-proxy)`);
    expect(logged[0]).toMatch(/from 10\.0\.0\.2/);
  });

  it('shows at most 100 characters of a long value', async () => {
    const target = await appTrusting(hops);
    await seen(target, { 'x-forwarded-host': `${'a'.repeat(5000)}.example` });
    expect(logged[0]!.length).toBeLessThan(300);
    expect(logged[0]).toContain(`"${'a'.repeat(100)}…"`);
  });
});

describe('from any other sender', () => {
  it('ignores every forwarded value when TRUST_PROXY is unset', async () => {
    const target = await appTrusting(undefined);
    expect(await seen(target, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'www.depona.example' })).toEqual({
      protocol: 'http',
      host: 'editor.internal:5173',
      proto: null,
      forwardedHost: null,
    });
    expect(logged).toEqual([
      'ignored X-Forwarded-Proto "https" from 10.0.0.2: TRUST_PROXY is unset (docs/operations.md#behind-a-proxy)',
      'ignored X-Forwarded-Host "www.depona.example" from 10.0.0.2: TRUST_PROXY is unset (docs/operations.md#behind-a-proxy)',
    ]);
  });

  it('ignores a sender that is not among the TRUST_PROXY addresses', async () => {
    const target = await appTrusting(proxyAddr.compile(['10.0.0.0/8']));
    expect(await seen(target, { 'x-forwarded-proto': 'https' }, '10.1.2.3')).toMatchObject({ protocol: 'https' });
    expect(await seen(target, { 'x-forwarded-proto': 'https' }, '192.0.2.7')).toMatchObject({
      protocol: 'http',
      proto: null,
    });
    expect(logged).toEqual([
      'ignored X-Forwarded-Proto "https" from 192.0.2.7: the sender is not a TRUST_PROXY peer (docs/operations.md#behind-a-proxy)',
    ]);
  });
});
