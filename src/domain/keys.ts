/**
 * API key material: format, checksum and digest. Pure functions, no I/O.
 *
 * Format: `jls_<kind>_<32 base62 random chars><6 base62 checksum chars>`.
 * 32 base62 chars carry ~190 bits of entropy; the checksum is CRC32 over everything before it, so a
 * mistyped or truncated key is rejected before any database lookup. Only HMAC-SHA256(pepper, key)
 * is ever stored.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const KEY_KINDS = ['live', 'compat'] as const;
export type KeyKind = (typeof KEY_KINDS)[number];

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^jls_(live|compat)_([0-9A-Za-z]{32})([0-9A-Za-z]{6})$/;

export interface ParsedKey {
  kind: KeyKind;
  raw: string;
}

/** A new random key of the given kind, with its checksum. */
export function generateKey(kind: KeyKind): string {
  const body = `jls_${kind}_${randomBase62(RANDOM_LENGTH)}`;
  return body + checksum(body);
}

/** Parses a presented key; undefined when the shape or the checksum is wrong. */
export function parseKey(raw: string): ParsedKey | undefined {
  const match = KEY_PATTERN.exec(raw);
  if (match === null) return undefined;
  const [, kind, random, sum] = match;
  if (kind === undefined || random === undefined || sum === undefined) return undefined;
  if (checksum(`jls_${kind}_${random}`) !== sum) return undefined;
  return { kind: kind === 'live' ? 'live' : 'compat', raw };
}

/** The only form in which a key is stored or looked up. */
export function keyDigest(raw: string, pepper: string): Buffer {
  return createHmac('sha256', pepper).update(raw, 'utf8').digest();
}

/** The four-character hint shown in key listings (the last four characters). */
export function keyHint(raw: string): string {
  return raw.slice(-4);
}

function checksum(body: string): string {
  return toBase62(crc32(body), CHECKSUM_LENGTH);
}

function toBase62(value: number, width: number): string {
  let rest = value;
  let out = '';
  while (rest > 0) {
    out = ALPHABET.charAt(rest % 62) + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

/** Uniform base62 characters by rejection sampling (bytes ≥ 248 are discarded to avoid modulo bias). */
function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET.charAt(byte % 62);
    }
  }
  return out;
}
