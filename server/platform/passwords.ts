import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** DESIGN §5: scrypt N=2^17, r=8, p=1. */
const LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** scrypt needs 128·N·r bytes (128 MiB here); leave headroom so Node does not refuse. */
const maxmemFor = (logN: number, r: number) => 128 * 2 ** logN * r * 2;

function scrypt(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keyLength, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Hashes a password into a self-describing string:
 * `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>`, so the cost can be raised later
 * while old hashes keep verifying.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_LENGTH, { N: 2 ** LOG_N, r: R, p: P, maxmem: maxmemFor(LOG_N, R) });
  return ['scrypt', LOG_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const logN = Number(parts[1]);
  const r = Number(parts[2]);
  const p = Number(parts[3]);
  // Refuse absurd parameters from a tampered row rather than exhaust memory.
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await scrypt(password, salt, expected.length, { N: 2 ** logN, r, p, maxmem: maxmemFor(logN, r) });
  return timingSafeEqual(actual, expected);
}

let dummy: Promise<string> | null = null;
/**
 * A hash of a random password, verified against when the email is unknown, so a sign-in
 * for an unknown email costs the same time as one for a known email.
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('base64url')).catch((err: unknown) => {
    dummy = null;
    throw err;
  });
  return dummy;
}
