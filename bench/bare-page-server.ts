/**
 * The baseline of bench/serve-load.bench.ts: a bare Node HTTP server in a process of its own that answers every
 * request with the same bytes and headers, held in memory (the service's /de-de/ as it sent it, Brotli and all).
 * What the service costs beyond this is its own: routing, hooks, the cache lookup. Arguments: the port and a
 * JSON file { headers, body (base64) }; prints "listening" once it listens.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const page = JSON.parse(readFileSync(file!, 'utf8')) as { headers: Record<string, string>; body: string };
const body = Buffer.from(page.body, 'base64');
const headers = { ...page.headers, 'content-length': String(body.byteLength) };

http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('listening'));
