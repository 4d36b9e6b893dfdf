/**
 * A search response read as bytes: Elasticsearch's JSON is scanned once for its structure — the
 * hits, each hit's `_source` and stored description as byte spans, its sort values — and nothing
 * inside a job is decoded. The API then writes the public members of each job by copying those
 * spans (presenters/job-bytes.ts), so a page of jobs is never parsed into objects and serialized
 * again.
 *
 * Why: a 100-job page is ~200 kB; parsing it (secure-json-parse in the client), building the public
 * objects and JSON.stringify-ing them again cost the API ~3 ms of CPU per search on the 2-core
 * machine (profile of bench:search, 2026-11-26), more than everything else it does per request.
 *
 * A document indexed with its public members first (search/public-region.ts) is not scanned through
 * them: one native search finds where they end, and only the few internal members after that are
 * scanned. The byte-by-byte scan of the public members was 18% of the API's CPU per search (0.9 ms
 * of a 100-job page, --cpu-prof of a conc-1 run, 2026-11-27); their members are found only when a
 * read needs them one by one (sourceMembers: a stored description to put in its place).
 *
 * The scanner only needs JSON's structure: strings (skipped with Buffer#indexOf to the next quote
 * not preceded by an odd run of backslashes), objects and arrays (depth counting outside strings)
 * and bare literals. UTF-8 multi-byte sequences never contain an ASCII byte, so a byte scan is
 * exact. Members outside the hits (`_shards`, `timed_out`, `pit_id`, `aggregations`) are parsed
 * with JSON.parse; they are small. Malformed input throws MalformedResponseError.
 */
import type { ByteWriter } from '../lib/byte-writer.js';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from '../lib/json-bytes.js';
import type { SortValues } from './cursor.js';
import { publicMembersEnd } from './public-region.js';

/** Bytes [start, end) of the response. */
export interface Span {
  start: number;
  end: number;
}

/** A `_source` member: from its key's opening quote to the end of its value. */
export interface MemberSpan {
  keyStart: number;
  valueStart: number;
  valueEnd: number;
}

export interface RawHit {
  /** The hit's `_source` object, braces included. */
  source: Span;
  /**
   * Where `_source`'s public members end (the comma before PUBLIC_END_MEMBER) when it opens with
   * them (search/public-region.ts): `{` up to here is every public member in contract order.
   */
  publicEnd?: number;
  /** The first value of `fields.<storedField>` (a JSON string token, quotes included) when present. */
  stored: Map<string, Span>;
  sort?: SortValues;
}

export interface RawSearchResponse {
  bytes: Buffer;
  hits: RawHit[];
  timedOut: boolean;
  shardsFailed: number;
  pitId?: string;
  aggregations: Record<string, unknown>;
}

export class MalformedResponseError extends Error {
  constructor(what: string, at: number) {
    super(`malformed Elasticsearch response: ${what} at byte ${String(at)}`);
    this.name = 'MalformedResponseError';
  }
}

/** Interned member names by FNV-1a hash (bounded: names come from our own mappings, a few hundred). */
const internedKeys = new Map<number, string>();
const MAX_INTERNED_KEYS = 4096;

/** Strings up to this many bytes are scanned byte by byte (see stringEnd). */
const SHORT_STRING = 48;

const isSpace = (byte: number | undefined): boolean =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** Structural reads over one buffer; every method takes a position and returns the next one. */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}

  skipSpace(at: number): number {
    let i = at;
    while (isSpace(this.bytes[i])) i += 1;
    return i;
  }

  /**
   * `at` is an opening quote; returns the position after the closing one. Most strings are short
   * (member names, codes, dates): a byte loop finds their end faster than a native indexOf call
   * each; a long one (a description) goes on with indexOf from the first quote not escaped.
   */
  stringEnd(at: number): number {
    const bytes = this.bytes;
    const shortEnd = Math.min(bytes.length, at + SHORT_STRING);
    let i = at + 1;
    while (i < shortEnd) {
      const byte = bytes[i];
      if (byte === QUOTE) return i + 1;
      i += byte === BACKSLASH ? 2 : 1;
    }
    // Past the short prefix, at `i` and outside an escape: quote by quote.
    let from = i;
    for (;;) {
      const quote = bytes.indexOf(QUOTE, from);
      if (quote < 0) throw new MalformedResponseError('unterminated string', at);
      let backslashes = 0;
      for (let j = quote - 1; j >= i && bytes[j] === BACKSLASH; j -= 1) backslashes += 1;
      // A run of backslashes that started before `i` was already paired by the byte loop.
      if (backslashes % 2 === 0) return quote + 1;
      from = quote + 1;
    }
  }

  /** `at` starts a value; returns the position after it. */
  valueEnd(at: number): number {
    const first = this.bytes[at];
    if (first === QUOTE) return this.stringEnd(at);
    if (first === OPEN_BRACE || first === OPEN_BRACKET) return this.containerEnd(at, 0);
    let i = at;
    while (i < this.bytes.length) {
      const byte = this.bytes[i];
      if (byte === COMMA || byte === CLOSE_BRACE || byte === CLOSE_BRACKET || isSpace(byte)) break;
      i += 1;
    }
    if (i === at) throw new MalformedResponseError('value expected', at);
    return i;
  }

  /**
   * From `at`, `depth` objects or arrays deep (0: `at` opens one), returns the position after the
   * one that closes at depth 0. Values are skipped, not checked member by member.
   */
  containerEnd(at: number, depth: number): number {
    let level = depth;
    let i = at;
    while (i < this.bytes.length) {
      const byte = this.bytes[i];
      if (byte === QUOTE) {
        i = this.stringEnd(i);
        continue;
      }
      if (byte === OPEN_BRACE || byte === OPEN_BRACKET) level += 1;
      else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
        level -= 1;
        if (level === 0) return i + 1;
      }
      i += 1;
    }
    throw new MalformedResponseError('unterminated object or array', at);
  }

  /**
   * A member name (the string token [start, end)). Names repeat in every hit, so plain ASCII ones
   * are interned: hashed and compared byte by byte instead of decoded (a decode per member of every
   * hit was ~0.4 ms of a 100-job page). Names with escapes or non-ASCII bytes are decoded.
   */
  key(start: number, end: number): string {
    let hash = 0x811c9dc5;
    let plain = true;
    for (let i = start + 1; i < end - 1; i += 1) {
      const byte = this.bytes[i] ?? 0;
      if (byte === BACKSLASH || byte >= 0x80) plain = false;
      hash = Math.imul(hash ^ byte, 0x01000193);
    }
    if (!plain) return JSON.parse(this.bytes.toString('utf8', start, end)) as string;
    const cached = internedKeys.get(hash);
    if (cached !== undefined && this.equals(cached, start + 1, end - 1)) return cached;
    const key = this.bytes.toString('latin1', start + 1, end - 1);
    if (internedKeys.size < MAX_INTERNED_KEYS) internedKeys.set(hash, key);
    return key;
  }

  private equals(text: string, start: number, end: number): boolean {
    if (text.length !== end - start) return false;
    for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) !== this.bytes[start + i]) return false;
    return true;
  }

  /** Decodes the value [start, end) with JSON.parse. */
  parse(start: number, end: number): unknown {
    return JSON.parse(this.bytes.toString('utf8', start, end));
  }

  /**
   * Visits the members of the object at `at`; `visit(key, keyStart, valueStart)` returns the end of
   * the value. Returns the position after the object.
   */
  members(at: number, visit: (key: string, keyStart: number, valueStart: number) => number): number {
    this.expect(at, OPEN_BRACE, 'object');
    let i = this.skipSpace(at + 1);
    if (this.bytes[i] === CLOSE_BRACE) return i + 1;
    for (;;) {
      this.expect(i, QUOTE, 'member name');
      const keyEnd = this.stringEnd(i);
      const key = this.key(i, keyEnd);
      const colon = this.skipSpace(keyEnd);
      this.expect(colon, COLON, 'colon');
      const valueStart = this.skipSpace(colon + 1);
      i = this.skipSpace(visit(key, i, valueStart));
      if (this.bytes[i] === COMMA) {
        i = this.skipSpace(i + 1);
        continue;
      }
      this.expect(i, CLOSE_BRACE, 'comma or end of object');
      return i + 1;
    }
  }

  /** Visits the elements of the array at `at`; `visit(start)` returns the element's end. */
  elements(at: number, visit: (start: number) => number): number {
    this.expect(at, OPEN_BRACKET, 'array');
    let i = this.skipSpace(at + 1);
    if (this.bytes[i] === CLOSE_BRACKET) return i + 1;
    for (;;) {
      i = this.skipSpace(visit(i));
      if (this.bytes[i] === COMMA) {
        i = this.skipSpace(i + 1);
        continue;
      }
      this.expect(i, CLOSE_BRACKET, 'comma or end of array');
      return i + 1;
    }
  }

  private expect(at: number, byte: number, what: string): void {
    if (this.bytes[at] !== byte) throw new MalformedResponseError(`${what} expected`, at);
  }
}

/** Scans a search response: hits as spans, the rest parsed. */
export function scanSearchResponse(bytes: Buffer): RawSearchResponse {
  const json = new JsonBytes(bytes);
  const response: RawSearchResponse = {
    bytes,
    hits: [],
    timedOut: false,
    shardsFailed: 0,
    aggregations: {},
  };
  const start = json.skipSpace(0);
  const end = json.members(start, (key, _keyStart, valueStart) => {
    if (key === 'hits') return scanHitsObject(json, valueStart, response.hits);
    const valueEnd = json.valueEnd(valueStart);
    if (key === 'timed_out') response.timedOut = json.parse(valueStart, valueEnd) === true;
    else if (key === '_shards') response.shardsFailed = failedShards(json.parse(valueStart, valueEnd));
    else if (key === 'pit_id') {
      const id = json.parse(valueStart, valueEnd);
      if (typeof id === 'string') response.pitId = id;
    } else if (key === 'aggregations') {
      const aggregations = json.parse(valueStart, valueEnd);
      if (isRecord(aggregations)) response.aggregations = aggregations;
    }
    return valueEnd;
  });
  if (json.skipSpace(end) !== bytes.length) throw new MalformedResponseError('end of input expected', end);
  return response;
}

function scanHitsObject(json: JsonBytes, at: number, hits: RawHit[]): number {
  return json.members(at, (key, _keyStart, valueStart) =>
    key === 'hits'
      ? json.elements(valueStart, (hitStart) => {
          const { hit, end } = scanHit(json, hitStart);
          hits.push(hit);
          return end;
        })
      : json.valueEnd(valueStart),
  );
}

function scanHit(json: JsonBytes, at: number): { hit: RawHit; end: number } {
  let source: Span | undefined;
  let publicEnd: number | undefined;
  const stored = new Map<string, Span>();
  let sort: SortValues | undefined;
  const end = json.members(at, (key, _keyStart, valueStart) => {
    if (key === '_source') {
      publicEnd = publicMembersEnd(json.bytes, valueStart);
      // The public members skipped in one piece, the internal ones after them without their names.
      const sourceEnd =
        publicEnd === undefined
          ? json.members(valueStart, (_member, _memberKey, memberStart) => json.valueEnd(memberStart))
          : json.containerEnd(publicEnd, 1);
      source = { start: valueStart, end: sourceEnd };
      return sourceEnd;
    }
    if (key === 'fields') {
      return json.members(valueStart, (field, _fieldStart, valuesStart) => {
        let first = true;
        return json.elements(valuesStart, (elementStart) => {
          const elementEnd = json.valueEnd(elementStart);
          if (first) stored.set(field, { start: elementStart, end: elementEnd });
          first = false;
          return elementEnd;
        });
      });
    }
    const valueEnd = json.valueEnd(valueStart);
    if (key === 'sort') {
      const values = json.parse(valueStart, valueEnd);
      if (Array.isArray(values)) sort = values as SortValues;
    }
    return valueEnd;
  });
  if (source === undefined) throw new MalformedResponseError('hit without _source', at);
  const hit: RawHit = {
    source,
    ...(publicEnd === undefined ? {} : { publicEnd }),
    stored,
    ...(sort === undefined ? {} : { sort }),
  };
  return { hit, end };
}

/** `_source`'s top-level members by name, scanned when a reader needs them one by one. */
export function sourceMembers(bytes: Buffer, hit: RawHit): Map<string, MemberSpan> {
  const json = new JsonBytes(bytes);
  const members = new Map<string, MemberSpan>();
  json.members(hit.source.start, (member, keyStart, valueStart) => {
    const valueEnd = json.valueEnd(valueStart);
    members.set(member, { keyStart, valueStart, valueEnd });
    return valueEnd;
  });
  return members;
}

function failedShards(shards: unknown): number {
  return isRecord(shards) && typeof shards.failed === 'number' ? shards.failed : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const OPEN_OBJECT = Buffer.from('{');
const CLOSE_OBJECT = Buffer.from('}');
const SEPARATOR = Buffer.from(',');
/** `"name":` of every member name written so far, encoded once. */
const memberPrefixes = new Map<string, Buffer>();

function memberPrefix(name: string): Buffer {
  let prefix = memberPrefixes.get(name);
  if (prefix === undefined) {
    prefix = Buffer.from(`${JSON.stringify(name)}:`, 'utf8');
    memberPrefixes.set(name, prefix);
  }
  return prefix;
}

/**
 * `{…}` of a hit's members `names`, in that order, as JSON.stringify writes the object
 * `{ name: source[name] }` of a hit read with hitSource (a stored field wins over `_source`; a
 * member the hit lacks is absent): each value copied as it is in the answer. A member that follows
 * the previous one in `_source` after a comma is copied with it in one piece.
 */
export function writeMembers(writer: ByteWriter, bytes: Buffer, hit: RawHit, names: readonly string[]): void {
  writer.bytes(OPEN_OBJECT);
  let members: Map<string, MemberSpan> | undefined;
  let written = false;
  let previousEnd = -1;
  for (const name of names) {
    const stored = hit.stored.get(name);
    if (stored !== undefined) {
      if (written) writer.bytes(SEPARATOR);
      writer.bytes(memberPrefix(name)).span(bytes, stored.start, stored.end);
      written = true;
      previousEnd = -1;
      continue;
    }
    const member = (members ??= sourceMembers(bytes, hit)).get(name);
    if (member === undefined) continue;
    if (written && previousEnd >= 0 && member.keyStart === previousEnd + 1 && bytes[previousEnd] === COMMA) {
      writer.span(bytes, previousEnd, member.valueEnd);
    } else {
      if (written) writer.bytes(SEPARATOR);
      writer.span(bytes, member.keyStart, member.valueEnd);
    }
    written = true;
    previousEnd = member.valueEnd;
  }
  writer.bytes(CLOSE_OBJECT);
}
