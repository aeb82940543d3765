/**
 * The content codings the service sends (docs/operations.md#compression): Brotli and gzip, chosen from
 * Accept-Encoding as RFC 9110 §12.5.3 reads it (weights, `*`, `q=0` refuses), and the compressed forms of a
 * body that is compressed once and sent many times (a cached page, server/render/page-cache.ts).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

export type ContentCoding = 'br' | 'gzip';

/** In the order the service prefers them when the client weighs them equally: Brotli is about 10 % smaller. */
export const CODINGS: ContentCoding[] = ['br', 'gzip'];

/**
 * Brotli's quality for a body compressed once: a 113 KB page is 18.5 KB at 6 and 17 KB at 11, but 11 takes about
 * 70 times as long (10 ms against 700 ms on one core), which every render after a publication would wait for.
 */
export const PRECOMPRESSED_BROTLI_QUALITY = 6;

/** The coding to send for this Accept-Encoding, or undefined for the body as it is (no header, identity only, or nothing we offer). */
export function chooseCoding(acceptEncoding: string | undefined): ContentCoding | undefined {
  if (!acceptEncoding) return undefined;
  // RFC 9110 §12.5.3: x-gzip is gzip.
  return negotiate(acceptEncoding.toLowerCase().replace(/\bx-gzip\b/g, 'gzip'), CODINGS) ?? undefined;
}

/** `bytes` in each coding; empty for a body too small to gain from it. */
export function precompress(bytes: Uint8Array): Partial<Record<ContentCoding, Uint8Array>> {
  if (bytes.byteLength < MIN_COMPRESSED_BYTES) return {};
  return {
    br: brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: PRECOMPRESSED_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    gzip: gzipSync(bytes),
  };
}

/** Below this, a coding saves less than its headers and the client's work cost: @fastify/compress's default threshold. */
export const MIN_COMPRESSED_BYTES = 1024;
