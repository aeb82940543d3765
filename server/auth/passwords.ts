/**
 * scrypt password hashes, stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised
 * later without invalidating old hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// N=2^14, r=8 uses 16 MiB, inside Node's default scrypt memory cap, at ~50 ms per hash.
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Node's default scrypt memory cap (crypto.scrypt's maxmem); a cost above it cannot be checked here. */
const SCRYPT_MAXMEM = 32 * 1024 * 1024;

/** Whether `stored` is a hash verifyPassword can check: the format above, a power-of-two N, a cost within the memory cap. */
export function isPasswordHash(stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts as [string, string, string, string, string, string];
  const [N, R, P] = [n, r, p].map((x) => (/^[1-9]\d{0,9}$/.test(x) ? Number(x) : 0)) as [number, number, number];
  const base64url = /^[A-Za-z0-9_-]+$/;
  return (
    N > 1 &&
    (N & (N - 1)) === 0 &&
    R > 0 &&
    P > 0 &&
    128 * N * R <= SCRYPT_MAXMEM &&
    base64url.test(salt) &&
    base64url.test(hash) &&
    Buffer.from(hash, 'base64url').length >= 16
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (!isPasswordHash(stored)) return false;
  const [, n, r, p, salt, hash] = stored.split('$') as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    { N: Number(n), r: Number(r), p: Number(p) },
    expected.length,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of nothing in particular: checked against for unknown users, so timing does not reveal which names exist. */
export const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** 18 random bytes → 24 URL-safe characters. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
