/**
 * Destination secrets at rest: AES-256-GCM with a random 96-bit IV per seal, the key id stored
 * beside the ciphertext so keys can be rotated (the first configured key seals, any configured key
 * opens). The destination id is the additional authenticated data: a sealed secret copied onto
 * another destination's row does not open.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

export interface SecretKey {
  id: string;
  key: Buffer;
}

export interface Sealed {
  keyId: string;
  sealed: Buffer;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  constructor(private readonly keys: readonly SecretKey[]) {
    if (keys.length === 0) throw new RangeError('at least one destination key is needed');
  }

  seal(plaintext: string, destinationId: string): Sealed {
    const [current] = this.keys;
    if (current === undefined) throw new RangeError('no destination key');
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', current.key, iv);
    cipher.setAAD(Buffer.from(destinationId));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return { keyId: current.id, sealed: Buffer.concat([iv, cipher.getAuthTag(), body]) };
  }

  /** Throws when the key id is unknown or the ciphertext was altered. */
  open(sealed: Sealed, destinationId: string): string {
    const key = this.keys.find((candidate) => candidate.id === sealed.keyId);
    if (key === undefined) throw new Error(`destination key ${sealed.keyId} is not configured`);
    const iv = sealed.sealed.subarray(0, IV_BYTES);
    const tag = sealed.sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', key.key, iv);
    decipher.setAAD(Buffer.from(destinationId));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.sealed.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }

  /**
   * Four hex characters of a keyed hash: tells a customer whether the stored password changed and
   * reveals nothing of a password they chose (unlike its last characters).
   */
  fingerprint(secret: string): string {
    const [current] = this.keys;
    if (current === undefined) throw new RangeError('no destination key');
    return createHmac('sha256', current.key).update('hint:').update(secret).digest('hex').slice(0, 4);
  }
}
