import { createHmac, randomBytes } from 'node:crypto';
import { newShareId, readShareToken, SHARE_ID, signShareToken, type SharePayload } from './share-links';

const key = randomBytes(32);
const payload: SharePayload = {
  changeSet: 'cs-abcdefghij',
  share: 'sh-klmnopqrst',
  expiresAt: '2026-02-01T10:00:00.000Z',
};

it('reads back what it signed, and the same share always gives the same token', () => {
  const token = signShareToken(payload, key);
  expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  expect(readShareToken(token, key)).toEqual({ ok: true, payload });
  expect(
    signShareToken({ expiresAt: payload.expiresAt, share: payload.share, changeSet: payload.changeSet }, key),
  ).toBe(token);
});

it('refuses a token signed with another key, or whose payload was changed, as a bad signature', () => {
  const token = signShareToken(payload, key);
  expect(readShareToken(token, randomBytes(32))).toMatchObject({ ok: false, reason: 'bad-signature' });
  // A longer expiry, re-encoded but keeping the old signature.
  const [, signature] = token.split('.');
  const longer = Buffer.from(JSON.stringify({ ...payload, expiresAt: '2099-01-01T00:00:00.000Z' })).toString(
    'base64url',
  );
  expect(readShareToken(`${longer}.${signature}`, key)).toMatchObject({ ok: false, reason: 'bad-signature' });
  // Another change set, same signature.
  const other = Buffer.from(JSON.stringify({ ...payload, changeSet: 'cs-zzzzzzzzzz' })).toString('base64url');
  expect(readShareToken(`${other}.${signature}`, key)).toMatchObject({ ok: false, reason: 'bad-signature' });
  // A truncated signature.
  expect(readShareToken(token.slice(0, -4), key)).toMatchObject({ ok: false, reason: 'bad-signature' });
});

it.each([
  ['', 'a share token is two base64url parts joined by a dot'],
  ['abc', 'a share token is two base64url parts joined by a dot'],
  ['a.b.c', 'a share token is two base64url parts joined by a dot'],
  ['ab+c.def', 'a share token is two base64url parts joined by a dot'],
  [`${'a'.repeat(600)}.b`, 'the token is 602 characters long; a share token is at most 512'],
])('refuses the malformed token %j: %s', (token, message) => {
  expect(readShareToken(token, key)).toEqual({ ok: false, reason: 'malformed', message });
});

it('refuses a correctly signed token whose payload is not a share (another release, another use of the key)', () => {
  // Whoever holds the key could sign anything: the payload is still checked, never trusted.
  const forge = (body: string) => {
    const encoded = Buffer.from(body).toString('base64url');
    return `${encoded}.${createHmac('sha256', key).update(encoded).digest('base64url')}`;
  };
  expect(readShareToken(forge('not json'), key)).toMatchObject({
    ok: false,
    reason: 'malformed',
    message: 'the token is signed but its payload is not JSON',
  });
  expect(readShareToken(forge(JSON.stringify({ ...payload, changeSet: '../etc' })), key)).toMatchObject({
    ok: false,
    reason: 'malformed',
  });
  expect(readShareToken(forge(JSON.stringify({ ...payload, expiresAt: 'soon' })), key)).toMatchObject({
    ok: false,
    reason: 'malformed',
  });
  expect(readShareToken(forge('null'), key)).toMatchObject({ ok: false, reason: 'malformed' });
});

it('makes share ids of the documented form, different each time', () => {
  const ids = new Set(Array.from({ length: 200 }, newShareId));
  expect(ids.size).toBe(200);
  for (const id of ids) expect(id).toMatch(SHARE_ID);
});
