/**
 * DNS rebinding and origin spoofing against a real server: a Host the server is not meant to be
 * reached by gets 421, and a cross-site check that compares only host names lets a foreign scheme pass.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, readEnv } from '../env';
import { PASSWORDS, startTestServer, USERNAMES, type TestServer } from '../test-support/test-server';
import { parseAllowedHost } from './allowed-hosts';

/** node:http, because fetch will not send a Host header of our choosing. */
function raw(server: TestServer, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; code?: string; message?: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: Number(new URL(server.url).port),
        method,
        path,
        headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const error = text.startsWith('{')
            ? (JSON.parse(text) as { error?: { code: string; message: string } }).error
            : undefined;
          resolve({ status: response.statusCode ?? 0, ...(error ? { code: error.code, message: error.message } : {}) });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

const signIn = { username: USERNAMES.editor, password: PASSWORDS.editor };

describe('default allow-list: the listen address and the loopback names, with the port', () => {
  let server: TestServer;
  let port: string;
  beforeAll(async () => {
    server = await startTestServer();
    port = new URL(server.url).port;
  });
  afterAll(() => server?.close());

  it('refuses a rebinding Host with 421 misdirected-request, for sign-in and for reads with a valid cookie', async () => {
    const evil = `rebind.evil.example:${port}`;
    const signInAttempt = await raw(server, 'POST', '/api/session', { host: evil, origin: `http://${evil}` }, signIn);
    expect(signInAttempt).toMatchObject({ status: 421, code: 'misdirected-request' });
    expect(signInAttempt.message).toContain(evil);
    const read = await raw(server, 'GET', '/api/documents', { host: evil, cookie: await server.cookie('editor') });
    expect(read).toMatchObject({ status: 421, code: 'misdirected-request' });
    expect(await raw(server, 'GET', '/configs/manifest.json', { host: evil })).toMatchObject({ status: 421 });
  });

  it('refuses the right name on another port, and a Host that is not a bare host', async () => {
    for (const host of [`127.0.0.1:${Number(port) + 1}`, `127.0.0.1:${port}/x`, `user@127.0.0.1:${port}`])
      expect(await raw(server, 'GET', '/api/session', { host }), host).toMatchObject({
        status: 421,
        code: 'misdirected-request',
      });
  });

  it('answers localhost, 127.0.0.1 and [::1] on its port, in any letter case', async () => {
    for (const host of [`localhost:${port}`, `LOCALHOST:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`])
      expect((await raw(server, 'GET', '/api/session', { host })).status, host).toBe(401);
  });

  it('answers the liveness and readiness probes whatever the Host (load balancers probe by address)', async () => {
    expect((await raw(server, 'GET', '/healthz', { host: `10.0.3.7:${port}` })).status).toBe(200);
  });

  it('refuses an Origin with another scheme or port than the server (the host alone is not the origin)', async () => {
    for (const origin of [
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${Number(port) + 1}`,
      'http://127.0.0.1',
      'null',
    ]) {
      const response = await raw(server, 'POST', '/api/session', { host: `127.0.0.1:${port}`, origin }, signIn);
      expect(response, origin).toMatchObject({ status: 403, code: 'cross-site-request' });
    }
  });

  it('accepts its own origin, written in any case', async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `HTTP://127.0.0.1:${port}`])
      expect(
        (await raw(server, 'POST', '/api/session', { host: `127.0.0.1:${port}`, origin }, signIn)).status,
        origin,
      ).toBe(200);
  });
});

describe('ALLOWED_HOSTS behind a TLS-terminating proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    const entry = parseAllowedHost('https://editor.bank.example');
    if ('error' in entry) throw new Error(entry.error);
    server = await startTestServer({ allowedHosts: [entry] });
  });
  afterAll(() => server?.close());

  it('answers the public name only, and expects its https origin although the server speaks HTTP', async () => {
    const host = 'editor.bank.example';
    expect(
      (await raw(server, 'POST', '/api/session', { host, origin: 'https://editor.bank.example' }, signIn)).status,
    ).toBe(200);
    expect(
      await raw(server, 'POST', '/api/session', { host, origin: 'http://editor.bank.example' }, signIn),
    ).toMatchObject({ status: 403, code: 'cross-site-request' });
    expect(await raw(server, 'GET', '/api/session', { host: new URL(server.url).host })).toMatchObject({ status: 421 });
  });
});

describe('reading ALLOWED_HOSTS', () => {
  it('takes names, name:port and origins, normalised as Host headers carry them', () => {
    expect(
      readEnv({ ALLOWED_HOSTS: 'Editor.Example, intranet:8080 ,https://portal.example:443,http://[::1]:80' })
        .allowedHosts,
    ).toEqual([
      { host: 'editor.example' },
      { host: 'intranet:8080' },
      { host: 'portal.example', scheme: 'https' },
      { host: '[::1]', scheme: 'http' },
    ]);
    expect(readEnv({}).allowedHosts).toBeUndefined();
  });

  it('stops the start on an entry that is not a host, naming it', () => {
    for (const bad of ['editor.example/path', 'https://u:p@editor.example', ' , ', 'ftp://editor.example'])
      expect(() => readEnv({ ALLOWED_HOSTS: bad }), bad).toThrow(EnvError);
    expect(() => readEnv({ ALLOWED_HOSTS: 'editor.example/path' })).toThrow(/ALLOWED_HOSTS: "editor.example\/path"/);
  });
});
