/**
 * A share token has exactly one spelling (docs/api.md#share-links): its signature is 32 bytes, 43 base64url
 * characters whose last one carries 4 bits of the signature and 2 unused ones. Another character with the same 4
 * bits decodes to the same bytes; a lenient decoder would accept it, so one link would have four spellings and a
 * "revoked or altered?" check done on the text would not hold. Refused like any altered token, over HTTP.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ChangeSet, CreatedShare } from '../../schemas/contracts/index';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { readShareToken, signShareToken } from './share-links';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The token with the unused low bits of its last character set to `bits` (1 to 3): the same bytes, spelled otherwise. */
function respelled(token: string, bits: number): string {
  const last = BASE64URL.indexOf(token.at(-1)!);
  return `${token.slice(0, -1)}${BASE64URL[last ^ bits]}`;
}

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  const created = await server.call('POST', '/api/change-sets', {
    as: 'editor',
    body: { title: 'Shared', documents: ['de-DE'] },
  });
  const set = created.json as ChangeSet;
  const shared = (
    await server.call('POST', `/api/change-sets/${set.id}/shares`, { as: 'editor', body: { expiresInMinutes: 60 } })
  ).json as CreatedShare;
  token = new URL(shared.url, server.url).searchParams.get('share')!;
}, 60_000);
afterAll(() => server?.close());

it('GET /api/shares/<token> with the low bits of its last character flipped is refused as any altered token (404 share-invalid)', async () => {
  expect((await server.call('GET', `/api/shares/${token}`)).status).toBe(200);
  // Signed with another key: the refusal every altered token gets.
  const [payload] = token.split('.');
  const forged = await server.call('GET', `/api/shares/${payload}.${randomBytes(32).toString('base64url')}`);
  expect([forged.status, forged.json.error.code]).toEqual([404, 'share-invalid']);
  for (const bits of [1, 2, 3]) {
    const variant = respelled(token, bits);
    expect(
      Buffer.from(variant.split('.')[1]!, 'base64url').equals(Buffer.from(token.split('.')[1]!, 'base64url')),
      'the same bytes',
    ).toBe(true);
    const refused = await server.call('GET', `/api/shares/${variant}`);
    expect([refused.status, refused.json.error]).toEqual([404, forged.json.error]);
  }
});

it('readShareToken accepts only the canonical spelling of the signature and of the payload', () => {
  const key = randomBytes(32);
  const signed = signShareToken(
    { changeSet: 'cs-abcdefghij', share: 'sh-klmnopqrst', expiresAt: '2030-01-01T00:00:00.000Z' },
    key,
  );
  expect(readShareToken(signed, key).ok).toBe(true);
  for (const bits of [1, 2, 3])
    expect(readShareToken(respelled(signed, bits), key)).toMatchObject({ ok: false, reason: 'bad-signature' });
  // The payload's own last character: its spelling is what is signed, so another one is altered too.
  const [payload, signature] = signed.split('.') as [string, string];
  expect(readShareToken(`${respelled(payload, 1)}.${signature}`, key)).toMatchObject({
    ok: false,
    reason: 'bad-signature',
  });
});
