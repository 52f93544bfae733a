import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed addresses let an `<img>` load a stored image without a bearer token. An address is
 * the same for every request in a window of a few hours and expires one window later, so the
 * browser can cache it for hours while a copied address stops working within half a day.
 * The signature is an HMAC of the file id and the expiry, keyed from the JWT secret.
 */
export const SIGNED_URL_WINDOW_SECONDS = 6 * 60 * 60;

export interface FileUrlSigner {
  sign(fileId: string, now: Date): { expires: number; signature: string };
  verify(fileId: string, expires: number, signature: string, now: Date): boolean;
}

export function createFileUrlSigner(secret: string, windowSeconds = SIGNED_URL_WINDOW_SECONDS): FileUrlSigner {
  // A key of its own, so a signature here can never stand for anything signed with the JWT secret.
  const key = createHmac('sha256', secret).update('job-marketplace/signed-file-address/v1').digest();
  const mac = (fileId: string, expires: number) => createHmac('sha256', key).update(`${fileId}\n${expires}`).digest();
  return {
    sign(fileId, now) {
      const seconds = Math.floor(now.getTime() / 1000);
      const expires = (Math.floor(seconds / windowSeconds) + 2) * windowSeconds;
      return { expires, signature: mac(fileId, expires).toString('base64url') };
    },
    verify(fileId, expires, signature, now) {
      const seconds = now.getTime() / 1000;
      if (!Number.isSafeInteger(expires) || expires <= seconds || expires > seconds + 2 * windowSeconds) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(fileId, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
