/**
 * CSV records straight from NDJSON lines whose members come in column order (the lines
 * search/source-lines.ts copies out of Elasticsearch's answer), byte for byte, without parsing a line
 * into objects or decoding it into a string: each member's value is found in the bytes and copied as
 * its cell. The output is exactly what
 * `csvRecords(rows.map((row) => csvCells(row, columns)))` writes for the parsed rows (a unit test
 * holds them equal on adversarial and random input).
 *
 * Why: the parsed CSV path spent ~27–30 µs of API CPU a row (JSON.parse of the answer, JSON.stringify
 * of every list and object cell, Papa Parse), twice the NDJSON path's; see bench:export. The same
 * walk over a JavaScript string cost ~20 µs a row too (measured in process on the 1M corpus: the
 * lines decode to a two-byte string, and encoding the CSV text back to UTF-8 alone was 3.7 µs), so
 * it works on the bytes.
 *
 * A cell is its value's text when that text is already what JSON.parse + csvCells would give: a
 * string without escapes (its characters between the quotes), a list or object without escapes or
 * exponents (compact JSON as JSON.stringify writes it: Elasticsearch keeps `_source` compact, and
 * writes numbers as JavaScript does but for exponents, which it writes as 1.0E-4). Anything else
 * (an escape, an exponent, a bare number) is decoded with JSON.parse and written as csvCells would.
 */
import type { ExportColumn } from './columns.js';
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COMMA,
  NEWLINE,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  SPACE,
} from '../lib/json-bytes.js';

/** Papa Parse's rule (quotes: false): a quote, comma, CR, LF or BOM inside, or a space at an end. */
const NEEDS_QUOTES = /[",\r\n\ufeff]|^ | $/;

/** One CSV field as csvRecords (Papa Parse) writes it. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Thrown for a line that is not one JSON object of known members in column order. */
export class UnexpectedLineError extends Error {
  constructor(what: string, at: number) {
    super(`export line: ${what} at byte ${String(at)}`);
    this.name = 'UnexpectedLineError';
  }
}

const CRLF = Buffer.from('\r\n');

/** Bytes a piece of output holds at least: small enough to come from malloc's arena, not mmap. */
const PIECE_BYTES = 64 * 1024;

/**
 * The output, in pieces of PIECE_BYTES or more: each record starts with room for all of its raw
 * cells (startRecord), so the cell writers check no capacity; only decoded text asks for more, and a
 * record is never split between pieces (a composite cell takes back its opening quote in place).
 *
 * Why: one buffer the size of the page (~3 MB, grown by copying) was fresh mmap'd memory for every
 * page, and the composite loop checked its capacity at every byte. bench:export, CSV, 500,000 rows,
 * five alternating runs each on a noisy day: API CPU 19.5–22.4 (mean 21.0) µs a row against
 * 20.7–23.3 (mean 22.2); peak RSS the same (288–309 against 290–304 MB).
 */
class Output {
  readonly pieces: Buffer[] = [];
  bytes = Buffer.allocUnsafe(PIECE_BYTES);
  length = 0;
  /** Where the record being written starts, and the room it was promised. */
  private recordStart = 0;
  private recordRoom = 0;
  /** Room for a record whose raw cells take at most `room` bytes. */
  startRecord(room: number): void {
    this.recordStart = this.length;
    this.recordRoom = room;
    if (this.length + room > this.bytes.length) this.next(room);
  }
  /** Room for `more` bytes of decoded text and still the record's promised room. */
  ensure(more: number): void {
    if (this.length + more + this.recordRoom > this.bytes.length) this.next(more + this.recordRoom);
  }
  /** A new piece with `room` bytes free after the record begun so far (moved over with it). */
  private next(room: number): void {
    const begun = this.length - this.recordStart;
    const piece = Buffer.allocUnsafe(Math.max(PIECE_BYTES, begun + room));
    this.bytes.copy(piece, 0, this.recordStart, this.length);
    if (this.recordStart > 0) this.pieces.push(this.bytes.subarray(0, this.recordStart));
    this.bytes = piece;
    this.length = begun;
    this.recordStart = 0;
  }
  byte(value: number): void {
    this.bytes[this.length] = value;
    this.length += 1;
  }
  copy(source: Buffer, start: number, end: number): void {
    // Short pieces byte by byte: a native copy (or a subarray to set from) costs more than they do.
    if (end - start < 32) for (let i = start; i < end; i += 1) this.bytes[this.length++] = source[i] ?? 0;
    else this.length += source.copy(this.bytes, this.length, start, end);
  }
  text(value: string): void {
    this.ensure(Buffer.byteLength(value));
    this.length += this.bytes.write(value, this.length);
  }
  /** The pieces written, the last one included. */
  finish(): Buffer[] {
    if (this.length > 0) this.pieces.push(this.bytes.subarray(0, this.length));
    this.length = 0;
    return this.pieces;
  }
}

/**
 * The CSV records of `lines` (NDJSON: one object a line, `\n` after each), for `columns` (the
 * lines' members are among them, in their order; a missing one is an empty cell). Records end in
 * CRLF. The lines may come in pieces (the export's answer as it was read, lib/chunked-bytes.ts): a
 * line cut by a piece's end is joined with the rest of it first, the others are read where they lie.
 */
export function csvFromJsonLines(lines: readonly Buffer[], columns: readonly ExportColumn[]): Buffer[] {
  const prefixes = columns.map((column) => Buffer.from(`"${column}":`));
  const out = new Output();
  /** The start of a line the previous pieces cut, not yet written. */
  let cut: Buffer[] = [];
  for (const piece of lines) {
    let at = 0;
    if (cut.length > 0) {
      const newline = piece.indexOf(NEWLINE);
      if (newline < 0) {
        cut.push(piece);
        continue;
      }
      writeRecords(Buffer.concat([...cut, piece.subarray(0, newline + 1)]), prefixes, out);
      cut = [];
      at = newline + 1;
    }
    const lastNewline = piece.lastIndexOf(NEWLINE);
    if (lastNewline >= at) writeRecords(piece.subarray(at, lastNewline + 1), prefixes, out);
    const rest = Math.max(at, lastNewline + 1);
    if (rest < piece.length) cut.push(piece.subarray(rest));
  }
  if (cut.length > 0) writeRecords(Buffer.concat(cut), prefixes, out);
  return out.finish();
}

/** The records of whole lines (`lines` ends with a line's `\n`, or is cut short: an error). */
function writeRecords(lines: Buffer, prefixes: readonly Buffer[], out: Output): void {
  let at = 0;
  while (at < lines.length) {
    if (lines[at] !== OPEN_BRACE) throw new UnexpectedLineError('object expected', at);
    // Raw cells: a string's at most its own bytes, a composite's at most twice (every byte a quote)
    // plus its quotes; then a comma per column and CRLF.
    const newline = lines.indexOf(NEWLINE, at);
    const end = newline < 0 ? lines.length : newline;
    out.startRecord(2 * (end - at) + prefixes.length + 8);
    let i = at + 1;
    let column = 0;
    if (lines[i] !== CLOSE_BRACE) {
      for (;;) {
        // Columns this line lacks are empty cells; the member is the next column it names.
        while (column < prefixes.length && !startsWith(lines, i, prefixes[column])) {
          if (column > 0) out.byte(COMMA);
          column += 1;
        }
        const prefix = prefixes[column];
        if (prefix === undefined) throw new UnexpectedLineError('member not a column, or out of order', i);
        if (column > 0) out.byte(COMMA);
        i = writeCell(lines, i + prefix.length, end, out);
        column += 1;
        if (lines[i] === CLOSE_BRACE) break;
        if (lines[i] !== COMMA) throw new UnexpectedLineError('comma or end of object expected', i);
        i += 1;
      }
    }
    for (; column < prefixes.length; column += 1) if (column > 0) out.byte(COMMA);
    if (lines[i + 1] !== NEWLINE) throw new UnexpectedLineError('end of line expected', i + 1);
    at = i + 2;
    out.copy(CRLF, 0, 2);
  }
}

function startsWith(bytes: Buffer, at: number, prefix: Buffer | undefined): boolean {
  if (prefix === undefined) return false;
  for (let k = 0; k < prefix.length; k += 1) if (bytes[at + k] !== prefix[k]) return false;
  return true;
}

/**
 * Writes the cell of the value at `at` (its own bytes where exact, else decoded: see the top), in a
 * line that ends at `lineEnd`; returns the value's end.
 */
function writeCell(bytes: Buffer, at: number, lineEnd: number, out: Output): number {
  const first = bytes[at];
  if (first === QUOTE) {
    // To the closing quote; no escape means no quote, CR or LF inside.
    let i = at + 1;
    let escaped = false;
    let comma = false;
    let bom = false;
    for (let c = bytes[i]; c !== QUOTE; c = bytes[i]) {
      if (c === undefined) throw new UnexpectedLineError('unterminated string', at);
      if (c === BACKSLASH) {
        escaped = true;
        i += 2;
        continue;
      }
      if (c === COMMA) comma = true;
      else if (c === 0xef && bytes[i + 1] === 0xbb && bytes[i + 2] === 0xbf) bom = true;
      i += 1;
    }
    const end = i + 1;
    if (escaped) {
      out.text(csvField(JSON.parse(bytes.toString('utf8', at, end)) as string));
      return end;
    }
    const quoted = comma || bom || bytes[at + 1] === SPACE || (end - at > 2 && bytes[end - 2] === SPACE);
    if (quoted) out.byte(QUOTE);
    out.copy(bytes, at + 1, end - 1);
    if (quoted) out.byte(QUOTE);
    return end;
  }
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    const written = writeCompactComposite(bytes, at, lineEnd, out);
    if (written > 0) return written;
    // An escape or an exponent: found to its end, then decoded.
    const end = compositeEnd(bytes, at);
    out.text(csvField(JSON.stringify(JSON.parse(bytes.toString('utf8', at, end)) as unknown)));
    return end;
  }
  let end = at;
  while (end < bytes.length && bytes[end] !== COMMA && bytes[end] !== CLOSE_BRACE) end += 1;
  const raw = bytes.toString('latin1', at, end);
  if (raw === 'null') return end;
  if (raw === 'true' || raw === 'false') {
    out.copy(bytes, at, end);
    return end;
  }
  const value: unknown = JSON.parse(raw);
  if (typeof value !== 'number') throw new UnexpectedLineError('value expected', at);
  out.text(String(value));
  return end;
}

/** The end of the object or array at `at`. */
function compositeEnd(bytes: Buffer, at: number): number {
  let depth = 0;
  let inString = false;
  for (let i = at; i < bytes.length; i += 1) {
    const c = bytes[i];
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth += 1;
    else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) return i + 1;
  }
  throw new UnexpectedLineError('unterminated object or array', at);
}

/** What a byte is to writeCompactComposite: most are nothing (0), and cost one table load. */
const QUOTE_BYTE = 1;
const BACKSLASH_BYTE = 2;
const COMMA_BYTE = 3;
const OPENING_BYTE = 4;
const CLOSING_BYTE = 5;
const EXPONENT_BYTE = 6;
const COMPOSITE_BYTES = new Uint8Array(256);
COMPOSITE_BYTES[QUOTE] = QUOTE_BYTE;
COMPOSITE_BYTES[BACKSLASH] = BACKSLASH_BYTE;
COMPOSITE_BYTES[COMMA] = COMMA_BYTE;
COMPOSITE_BYTES[OPEN_BRACE] = OPENING_BYTE;
COMPOSITE_BYTES[OPEN_BRACKET] = OPENING_BYTE;
COMPOSITE_BYTES[CLOSE_BRACE] = CLOSING_BYTE;
COMPOSITE_BYTES[CLOSE_BRACKET] = CLOSING_BYTE;
COMPOSITE_BYTES[0x65] = EXPONENT_BYTE;
COMPOSITE_BYTES[0x45] = EXPONENT_BYTE;

/**
 * The object or array at `at` as its cell, in one pass that finds its end and copies it (quotes
 * doubled) at once, when it is compact JSON without escapes or exponents: quoted when it holds a
 * quote or a comma (never CR, LF or an end space). Returns its end, or 0 with nothing written when
 * it has an escape or exponent (or no end).
 *
 * Why one pass: finding the end and then copying read every byte twice; the objects and lists are
 * most of a row's bytes (`derivations` alone ~600 of ~1,500). 40,000 rows of bench-companies, in
 * process, 20 alternating rounds: 7.6–8.9 µs a row (median) against 10.0–10.3 for the two passes.
 * End to end it is within bench:export's noise (API CPU 21.0–21.8 against 21.6–21.9 µs a row, two
 * alternating runs each). Strings keep their scan and copy: merged the same way they measured
 * slower (9.5), the native copy of a long one being faster than a byte loop.
 */
function writeCompactComposite(bytes: Buffer, at: number, lineEnd: number, out: Output): number {
  const start = out.length;
  const target = out.bytes;
  // The opening quote, taken back if the cell needs none.
  target[start] = QUOTE;
  let length = start + 1;
  let depth = 0;
  let inString = false;
  let quoted = false;
  for (let i = at; i < lineEnd; i += 1) {
    const c = bytes[i] ?? 0;
    target[length++] = c;
    const kind = COMPOSITE_BYTES[c] ?? 0;
    if (kind === 0) continue;
    if (kind === QUOTE_BYTE) {
      target[length++] = QUOTE;
      quoted = true;
      inString = !inString;
    } else if (inString) {
      if (kind === BACKSLASH_BYTE) break;
      if (kind === COMMA_BYTE) quoted = true;
    } else if (kind === OPENING_BYTE) depth += 1;
    else if (kind === CLOSING_BYTE) {
      depth -= 1;
      if (depth > 0) continue;
      if (quoted) target[length++] = QUOTE;
      else {
        target.copyWithin(start, start + 1, length);
        length -= 1;
      }
      out.length = length;
      return i + 1;
    } else if (kind === COMMA_BYTE) quoted = true;
    else if (kind === EXPONENT_BYTE && isDigit(bytes[i - 1])) break;
  }
  out.length = start;
  return 0;
}

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}
