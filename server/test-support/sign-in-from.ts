/**
 * A sign-in over HTTP from a chosen loopback address (127.0.0.N), so a test can be many clients at once: the
 * per-IP sign-in limit counts each address apart (docs/operations.md#several-instances).
 */
import http from 'node:http';
import type { TestServer } from './test-server';

export interface SignInAnswer {
  status: number;
  code?: string;
  retryAfter?: string;
}

let nextAddress = 2;

/** A loopback address no earlier call handed out. */
export function newAddress(): string {
  return `127.0.0.${nextAddress++}`;
}

/** POST /api/session to `server` from `localAddress` (a new one unless given). */
export function signInFrom(
  server: TestServer,
  username: string,
  password: string,
  localAddress = newAddress(),
): Promise<SignInAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: Number(new URL(server.url).port),
        localAddress,
        method: 'POST',
        path: '/api/session',
        headers: { 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const code = text ? (JSON.parse(text) as { error?: { code: string } }).error?.code : undefined;
          resolve({
            status: response.statusCode ?? 0,
            ...(code ? { code } : {}),
            ...(response.headers['retry-after'] ? { retryAfter: String(response.headers['retry-after']) } : {}),
          });
        });
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ username, password }));
  });
}
