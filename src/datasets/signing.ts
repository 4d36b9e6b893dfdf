/**
 * Short-lived signed URLs for dataset parts: HMAC-SHA256 over the path and the expiry, so neither
 * can be changed without the signature failing. Pure; the key is derived from CURSOR_SECRET with a
 * label of its own (domain separation: a cursor signature is never a valid URL signature).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Every URL of one manifest expires together, one hour after the manifest was requested. */
export const URL_LIFETIME_S = 3600;

export function urlSigningKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('dataset-part-urls/v1').digest();
}

export function signPath(key: Buffer, path: string, expires: number): string {
  return createHmac('sha256', key)
    .update(`${path}\n${String(expires)}`)
    .digest('hex');
}

export type UrlCheck = 'valid' | 'expired' | 'invalid';

/** The signature is checked first (in constant time), so a forged URL never learns whether it expired. */
export function checkSignedPath(
  key: Buffer,
  path: string,
  expires: number,
  signature: string,
  nowS: number,
): UrlCheck {
  const expected = Buffer.from(signPath(key, path, expires), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return nowS <= expires ? 'valid' : 'expired';
}
