/**
 * Compressed responses (docs/operations.md#compression). @fastify/compress compresses what a route sends when
 * the client accepts Brotli or gzip and the type is text (HTML, CSS, JavaScript, JSON, SVG): the API's JSON,
 * /configs/, the built files. Server-rendered pages come compressed already (compressed once per render, with
 * the page cache: server/render/page-render.ts) and are sent as they are. Server-sent events are hijacked
 * responses (server/routes/presence-routes.ts), which no hook sees, so they are never buffered by a coding.
 */
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import mimeDb from 'mime-db';
import { chooseCoding, CODINGS, MIN_COMPRESSED_BYTES, type ContentCoding } from './encodings';

/**
 * The Vary token as @fastify/compress writes it: it adds its own unless this exact text is there, so the
 * service writes the same, and a response never names it twice.
 */
const VARY_TOKEN = 'accept-encoding';

/** Text, JSON, XML (SVG), JavaScript; never text/event-stream. */
const COMPRESSIBLE_TYPES =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)text(?:;|$)|(?:\+|\/)xml(?:;|$)|javascript(?:;|$)/u;

/** What the plugin compresses: those, and what mime-db calls compressible (a TrueType font, an icon), as the plugin reads it. */
function compressible(contentType: string): boolean {
  return (
    COMPRESSIBLE_TYPES.test(contentType) ||
    mimeDb[contentType.split(';', 1)[0]!.trim().toLowerCase()]?.compressible === true
  );
}

export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    encodings: CODINGS,
    threshold: MIN_COMPRESSED_BYTES,
    customTypes: COMPRESSIBLE_TYPES,
  });
  // A body the plugin would compress for another client depends on Accept-Encoding even when this client gets it as
  // it is (it sent none, or only codings we do not offer): a shared cache must not give that copy to everyone.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (
      reply.hasHeader('content-encoding') ||
      !compressible(String(reply.getHeader('content-type') ?? 'application/json'))
    )
      return payload;
    const size =
      typeof payload === 'string' || Buffer.isBuffer(payload) ? Buffer.byteLength(payload) : payload ? Infinity : 0;
    if (size >= MIN_COMPRESSED_BYTES) reply.header('vary', withVaryToken(reply.getHeader('vary')));
    return payload;
  });
}

function withVaryToken(vary: unknown): string {
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (current === '') return VARY_TOKEN;
  return /(^|,)\s*accept-encoding\s*(,|$)/i.test(current) ? current : `${current}, ${VARY_TOKEN}`;
}

/**
 * Sends a body that comes with its compressed forms in the coding this client prefers, or as it is. The reply's
 * headers (Vary naming Accept-Encoding among them) are the caller's; Content-Encoding set here keeps the plugin off it.
 */
export function sendPrecompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: Uint8Array,
  encoded: Partial<Record<ContentCoding, Uint8Array>>,
): FastifyReply {
  const coding = chooseCoding(request.headers['accept-encoding']);
  const compressed = coding && encoded[coding];
  if (!coding || !compressed) return reply.send(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
  return reply
    .header('content-encoding', coding)
    .send(Buffer.from(compressed.buffer, compressed.byteOffset, compressed.byteLength));
}
