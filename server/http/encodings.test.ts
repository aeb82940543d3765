/** Which coding a client gets (RFC 9110 §12.5.3) and the compressed forms of a body (docs/operations.md#compression). */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseCoding, MIN_COMPRESSED_BYTES, precompress } from './encodings';

describe('chooseCoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['GZIP', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });
});

describe('precompress', () => {
  it('gives Brotli and gzip forms that decode to the bytes, and none for a body too small to gain', () => {
    const bytes = Buffer.from('<p>Festgeld und Tagesgeld</p>'.repeat(200));
    const { br, gzip } = precompress(bytes);
    expect(brotliDecompressSync(br!).equals(bytes)).toBe(true);
    expect(gunzipSync(gzip!).equals(bytes)).toBe(true);
    expect(precompress(new Uint8Array(MIN_COMPRESSED_BYTES - 1))).toEqual({});
  });
});
