/**
 * Share-link tokens (docs/workflow.md#sharing-a-preview): `base64url(payload).base64url(HMAC-SHA256(payload))`,
 * signed with the store's own key (store.secret('share-links')). The payload names the change set, the share
 * record and the expiry; the token itself is never stored, only the ShareRecord it points to, so a revocation
 * is a field on the record and a leaked store backup holds no working link without the key.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isChangeSetId } from '../../schemas/contracts/index';
import { MAX_SHARE_TOKEN_LENGTH, SHARE_TOKEN_FORM } from '../../schemas/contracts/preview-params';

export interface SharePayload {
  changeSet: string;
  share: string;
  /** ISO 8601, UTC; the record's expiresAt. */
  expiresAt: string;
}

/** `sh-` followed by 10 lowercase base-32 characters, like change-set ids (`cs-…`). */
export const SHARE_ID = /^sh-[a-z2-7]{10}$/;

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export function newShareId(): string {
  return `sh-${[...randomBytes(10)].map((b) => BASE32[b % 32]).join('')}`;
}

function sign(encodedPayload: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(encodedPayload).digest();
}

export function signShareToken(payload: SharePayload, key: Buffer): string {
  // Fixed key order, so the same share always has the same token (the URL shown once can be rebuilt by nobody without the key).
  const encoded = Buffer.from(
    JSON.stringify({ changeSet: payload.changeSet, share: payload.share, expiresAt: payload.expiresAt }),
  ).toString('base64url');
  return `${encoded}.${sign(encoded, key).toString('base64url')}`;
}

export type TokenReading =
  { ok: true; payload: SharePayload } | { ok: false; reason: 'malformed' | 'bad-signature'; message: string };

/** Checks the form, then the signature (its canonical spelling, in constant time), then the payload's fields; never throws. */
export function readShareToken(token: string, key: Buffer): TokenReading {
  const malformed = (message: string): TokenReading => ({ ok: false, reason: 'malformed', message });
  if (token.length > MAX_SHARE_TOKEN_LENGTH)
    return malformed(
      `the token is ${token.length} characters long; a share token is at most ${MAX_SHARE_TOKEN_LENGTH}`,
    );
  if (!SHARE_TOKEN_FORM.test(token)) return malformed('a share token is two base64url parts joined by a dot');
  const [encoded, signature] = token.split('.') as [string, string];
  // The text is compared, not the decoded bytes: base64url's last character carries unused bits, so other spellings
  // decode to the same signature, and a token must have exactly the one spelling this service issued.
  const given = Buffer.from(signature, 'latin1');
  const expected = Buffer.from(sign(encoded, key).toString('base64url'), 'latin1');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return {
      ok: false,
      reason: 'bad-signature',
      message: 'the token was not issued by this service, or it was altered',
    };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    return malformed('the token is signed but its payload is not JSON');
  }
  // Signed by us, so this only fails for a token from an incompatible release: still refused, never trusted.
  const { changeSet, share, expiresAt } = (parsed ?? {}) as Record<string, unknown>;
  if (
    typeof changeSet !== 'string' ||
    !isChangeSetId(changeSet) ||
    typeof share !== 'string' ||
    !SHARE_ID.test(share) ||
    typeof expiresAt !== 'string' ||
    Number.isNaN(Date.parse(expiresAt))
  )
    return malformed('the token is signed but its payload does not name a change set, a share and an expiry');
  return { ok: true, payload: { changeSet, share, expiresAt } };
}
