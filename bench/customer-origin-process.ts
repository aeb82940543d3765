/**
 * The customer origin's process (bench/customer-origin.ts): `node --import tsx customer-origin-process.ts <app URL>
 * [<build dir>]`, forked with an IPC channel. Serves HTTPS with HTTP/2 on a throwaway self-signed certificate,
 * answers `/api/` with the mocks' handlers, the build's `/assets/` from memory, and passes everything else to the app.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as upstreamRequest, Agent, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { answerFor, answerWithMocks, API_ROOTS } from '../mocks/answer-outside-page';
import { contentTypeFor } from '../server/frontend/content-types';
import { fileInside } from '../server/frontend/static-frontend';
import { IMMUTABLE } from '../server/routes/published-routes';
import type { OriginLog, OriginReply, OriginRequest } from './customer-origin';

const send = (reply: OriginReply) => process.send?.(reply);
const appArgument = process.argv[2] ?? '';
if (!URL.canParse(appArgument)) {
  const message = `customer-origin-process: the app's URL is missing or not a URL: ${JSON.stringify(appArgument)}`;
  if (process.send) process.send({ kind: 'failed', message } satisfies OriginReply, () => process.exit(2));
  else {
    console.error(message);
    process.exit(2);
  }
}
const app = new URL(appArgument);
/** The build the app serves, whose hashed /assets/ this origin serves itself, as a CDN in front of the app would. */
const assetsRoot = process.argv[3];
const agent = new Agent({ keepAlive: true });
let log: OriginLog = { calls: [], refused: [], answers: [] };

const isApiPath = (pathname: string) => API_ROOTS.some((root) => pathname === root || pathname.startsWith(`${root}/`));
const now = () => performance.timeOrigin + performance.now();

/** Headers that belong to one HTTP/1.1 connection, or are HTTP/2's own, and must not be passed across. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'host',
  'http2-settings',
]);
const passable = (headers: IncomingHttpHeaders): OutgoingHttpHeaders =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.has(name)));

/** A key and a self-signed certificate for 127.0.0.1, made by openssl in a temp directory that is removed at once. */
function throwawayCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'customer-origin-'));
  try {
    const made = spawnSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { encoding: 'utf8' },
    );
    if (made.status !== 0)
      throw new Error(
        `openssl could not make the origin's certificate (${made.error?.message ?? made.stderr.trim()}); install Debian's openssl package`,
      );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function readBody(incoming: Http2ServerRequest): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function answerApi(incoming: Http2ServerRequest, outgoing: Http2ServerResponse, url: URL): Promise<void> {
  const arrivedAt = now();
  const method = incoming.method ?? 'GET';
  const body = method === 'GET' || method === 'HEAD' ? undefined : await readBody(incoming);
  const headers = new Headers();
  for (const [name, value] of Object.entries(passable(incoming.headers)))
    if (typeof value === 'string') headers.set(name, value);
  const answered = log;
  const response = await answerWithMocks(
    new Request(url, { method, headers, ...(body?.length ? { body: new Uint8Array(body) } : {}) }),
    answered,
  );
  const payload = Buffer.from(await response.arrayBuffer());
  outgoing
    .writeHead(response.status, Object.fromEntries(response.headers))
    .end(payload, () => answered.answers.push({ path: url.pathname, arrivedAt, answeredAt: now() }));
}

/** Pages the benchmark asked the origin to serve itself, by path and query. */
const pages = new Map<string, string>();

/** The build's hashed files, read once each. */
const assets = new Map<string, Buffer | null>();

/** Serves a hashed file of the build from memory, as a CDN does; false when the build has no such file. */
function serveAsset(outgoing: Http2ServerResponse, pathname: string): boolean {
  if (!assetsRoot) return false;
  if (!assets.has(pathname)) {
    const file = fileInside(assetsRoot, pathname);
    let bytes: Buffer | null;
    try {
      bytes = file ? readFileSync(file) : null;
    } catch {
      bytes = null;
    }
    assets.set(pathname, bytes);
  }
  const bytes = assets.get(pathname);
  if (!bytes) return false;
  outgoing
    .writeHead(200, {
      'content-type': contentTypeFor(pathname),
      'content-length': bytes.length,
      'cache-control': IMMUTABLE,
    })
    .end(bytes);
  return true;
}

function passThrough(incoming: Http2ServerRequest, outgoing: Http2ServerResponse): void {
  const forwarded = upstreamRequest(
    {
      host: app.hostname,
      port: app.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...passable(incoming.headers), host: app.host },
      agent,
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, passable(answer.headers));
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', (error) => {
    if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
    outgoing.end(`The app server did not answer: ${error.message}`);
  });
  incoming.pipe(forwarded);
}

const server = createSecureServer({ ...throwawayCertificate(), allowHTTP1: true }, (incoming, outgoing) => {
  const url = new URL(incoming.url ?? '/', `https://${incoming.authority ?? incoming.headers.host ?? '127.0.0.1'}`);
  const page = pages.get(url.pathname + url.search);
  if (page !== undefined)
    return void outgoing
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(page);
  if (
    url.pathname.startsWith('/assets/') &&
    (incoming.method === 'GET' || incoming.method === 'HEAD') &&
    serveAsset(outgoing, url.pathname)
  )
    return;
  if (!isApiPath(url.pathname)) return passThrough(incoming, outgoing);
  answerApi(incoming, outgoing, url).catch((error: unknown) => {
    if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'text/plain' });
    outgoing.end(`The mock API failed: ${error instanceof Error ? error.message : String(error)}`);
  });
});

process.on('message', (request: OriginRequest) => {
  if (request.kind === 'answer-for') {
    log = { ...answerFor(request.scenario), answers: [] };
    send({ kind: 'ok' });
  } else if (request.kind === 'log') send({ kind: 'log', log });
  else if (request.kind === 'page') {
    pages.set(request.url, request.html);
    send({ kind: 'ok' });
  } else send({ kind: 'failed', message: `unknown request ${JSON.stringify(request)}` });
});
// A throwaway server: its open connections (a browser keeps HTTP/2 sessions) end with the process.
process.on('SIGTERM', () => process.exit(0));
// Without the benchmark, nothing is left to answer for.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => send({ kind: 'listening', port: (server.address() as AddressInfo).port }));
