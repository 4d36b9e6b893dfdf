/**
 * Keyset cursors (ARCHITECTURE invariant 5): opaque, HMAC-signed, bound to the request. A cursor
 * carries the sort values of the last hit and a hash of the normalized filters; a cursor used with
 * different filters, tampered with, or malformed is rejected (fail closed). No offset paging.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ValidationFailedError } from '../domain/errors.js';
import { contentHash } from '../lib/json.js';

export type SortValues = (string | number | null)[];

interface CursorBody {
  v: 1;
  /** Sort values of the last hit of the previous page (search_after). */
  a: SortValues;
  /** Hash of the normalized request the cursor belongs to. */
  f: string;
  /** The point in time a relevance walk reads (absent: the live index). */
  p?: string;
}

/** Where a cursor resumes: after these sort values, in this point in time when it names one. */
export interface CursorPosition {
  after: SortValues;
  pit?: string;
}

export const MAX_CURSOR_LENGTH = 2048;

/** A short, stable hash of a request's normalized filters (everything but limit and cursor). */
export function requestHash(normalized: unknown): string {
  return contentHash(normalized).slice(0, 32);
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

/** A signed, opaque token carrying `body` (base64url JSON, a dot, the HMAC of the payload). */
export function sealToken(body: object, secret: string): string {
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  const token = `${payload}.${sign(payload, secret)}`;
  if (token.length > MAX_CURSOR_LENGTH) throw new Error('cursor exceeds 2048 characters');
  return token;
}

/**
 * The body of a token this service sealed, once its signature checks out and `isBody` accepts it;
 * 422 cursor_invalid for anything altered, truncated or foreign.
 */
export function openToken<T>(
  token: string,
  secret: string,
  isBody: (value: unknown) => value is T,
  loc: (string | number)[],
): T {
  const [payload, signature, extra] = token.split('.');
  const invalid = (): ValidationFailedError =>
    rejected('cursor_invalid', 'Cursor is not one this service issued (altered or truncated)', token, loc);
  if (payload === undefined || signature === undefined || extra !== undefined) throw invalid();
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw invalid();
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!isBody(body)) throw invalid();
  return body;
}

/** 422 cursor_mismatch: a genuine cursor presented with other parameters than it was issued for. */
export function cursorMismatch(token: string, loc: (string | number)[]): ValidationFailedError {
  return rejected(
    'cursor_mismatch',
    'Cursor belongs to a request with different parameters; start again without it',
    token,
    loc,
  );
}

/** Encodes the cursor for the page after `after` (in point in time `pit`), bound to `hash`. */
export function encodeCursor(after: SortValues, hash: string, secret: string, pit?: string): string {
  const body: CursorBody = { v: 1, a: after, f: hash, ...(pit === undefined ? {} : { p: pit }) };
  return sealToken(body, secret);
}

function rejected(
  type: 'cursor_invalid' | 'cursor_mismatch',
  msg: string,
  input: string,
  loc: (string | number)[],
): ValidationFailedError {
  return new ValidationFailedError([{ loc, msg, type, input }]);
}

/** The search_after values of a cursor; 422 cursor_invalid / cursor_mismatch otherwise. */
export function decodeCursor(
  token: string,
  hash: string,
  secret: string,
  loc: (string | number)[] = ['query', 'cursor'],
): SortValues {
  return decodePosition(token, hash, secret, loc).after;
}

/** decodeCursor, with the point in time the cursor's walk reads (if any). */
export function decodePosition(
  token: string,
  hash: string,
  secret: string,
  loc: (string | number)[],
): CursorPosition {
  const body = openToken(token, secret, isCursorBody, loc);
  if (body.f !== hash) throw cursorMismatch(token, loc);
  return { after: body.a, ...(body.p === undefined ? {} : { pit: body.p }) };
}

function isCursorBody(value: unknown): value is CursorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    body.v === 1 &&
    typeof body.f === 'string' &&
    isSortValues(body.a) &&
    (body.p === undefined || typeof body.p === 'string')
  );
}

export function isSortValues(value: unknown): value is SortValues {
  return (
    Array.isArray(value) && value.every((v) => v === null || typeof v === 'string' || typeof v === 'number')
  );
}

/** The sort values of a search hit as cursors carry them (scores, dates as epoch ms, keys). */
export function sortValuesOf(hit: { sort?: readonly unknown[] } | undefined): SortValues | undefined {
  if (hit?.sort === undefined) return undefined;
  const out: SortValues = [];
  for (const value of hit.sort) {
    if (value === null || typeof value === 'string' || typeof value === 'number') out.push(value);
    else return undefined;
  }
  return out;
}
