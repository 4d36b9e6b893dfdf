/**
 * Bytes kept in the pieces they arrived in (a socket's reads), read and rewritten as one sequence:
 * positions are offsets into the whole, as if the pieces had been concatenated.
 *
 * Why not concatenate: every Buffer allocated is external memory to V8, and V8 starts a full
 * mark-compact for each ~64 MB of it allocated, whatever the JavaScript heap holds (`--trace-gc`
 * with `--trace-incremental-marking`: "external memory pressure"). An export page read whole cost
 * its bytes twice, the reads and then their concatenation: 24–25 mark-compacts per 500,000 NDJSON
 * rows, 9–11 when only the reads allocated (bench:export; source-lines.ts has the CPU and RSS).
 */
export class ChunkedBytes {
  readonly length: number;
  /** Where each piece starts in the whole. */
  private readonly starts: number[];
  /** The piece the last position was found in: reads go forward, mostly within one piece. */
  private cached = 0;

  constructor(readonly pieces: readonly Buffer[]) {
    let length = 0;
    this.starts = pieces.map((piece) => {
      const start = length;
      length += piece.length;
      return start;
    });
    this.length = length;
  }

  /** The byte at `position`; undefined outside the whole. */
  byteAt(position: number): number | undefined {
    if (position < 0 || position >= this.length) return undefined;
    const k = this.pieceAt(position);
    return this.piece(k)[position - this.start(k)];
  }

  /** Writes `value` at `position` (inside the whole). */
  setByte(position: number, value: number): void {
    if (position < 0 || position >= this.length)
      throw new RangeError(`position ${String(position)} outside the bytes`);
    const k = this.pieceAt(position);
    this.piece(k)[position - this.start(k)] = value;
  }

  /** Whether `needle` lies at `position`. */
  startsWith(needle: Buffer, position: number): boolean {
    if (position < 0 || position + needle.length > this.length) return false;
    const k = this.pieceAt(position);
    const piece = this.piece(k);
    const local = position - this.start(k);
    if (local + needle.length <= piece.length)
      return piece.compare(needle, 0, needle.length, local, local + needle.length) === 0;
    for (let i = 0; i < needle.length; i += 1) if (this.byteAt(position + i) !== needle[i]) return false;
    return true;
  }

  /** The first position at or after `from` where `needle` lies, or -1 (as Buffer.indexOf). */
  indexOf(needle: Buffer, from = 0): number {
    if (needle.length === 0) throw new RangeError('indexOf needs a needle of at least one byte');
    if (from >= this.length) return -1;
    let k = this.pieceAt(Math.max(0, from));
    let local = Math.max(0, from) - this.start(k);
    for (; k < this.pieces.length; k += 1, local = 0) {
      const piece = this.piece(k);
      // Within the piece: any such match starts before one that runs into the next piece.
      const found = piece.indexOf(needle, local);
      if (found >= 0) return this.start(k) + found;
      // Across the end of the piece (into one or more next pieces).
      const first = needle[0];
      for (let at = Math.max(local, piece.length - needle.length + 1); at < piece.length; at += 1) {
        if (piece[at] === first && this.startsWith(needle, this.start(k) + at)) return this.start(k) + at;
      }
    }
    return -1;
  }

  /** The UTF-8 text of [start, end). */
  toString(start: number, end: number): string {
    if (end <= start) return '';
    const k = this.pieceAt(start);
    const piece = this.piece(k);
    const local = start - this.start(k);
    if (local + (end - start) <= piece.length) return piece.toString('utf8', local, local + (end - start));
    return Buffer.concat(this.slice(start, end)).toString('utf8');
  }

  /**
   * Copies [start, end) to `target`, which is not after `start` (a move towards the front, as the
   * export's lines are written over their own answer): piece by piece, front first, so no byte is
   * overwritten before it is read.
   */
  moveToFront(target: number, start: number, end: number): void {
    if (target > start) throw new RangeError('moveToFront moves bytes towards the front only');
    if (end > this.length) throw new RangeError(`end ${String(end)} outside the bytes`);
    let from = start;
    let to = target;
    while (from < end) {
      const ks = this.pieceAt(from);
      const kt = this.pieceAt(to);
      const source = this.piece(ks);
      const destination = this.piece(kt);
      const sourceAt = from - this.start(ks);
      const targetAt = to - this.start(kt);
      const n = Math.min(end - from, source.length - sourceAt, destination.length - targetAt);
      if (ks === kt) source.copyWithin(targetAt, sourceAt, sourceAt + n);
      else source.copy(destination, targetAt, sourceAt, sourceAt + n);
      from += n;
      to += n;
    }
  }

  /** [start, end) as views of the pieces (no copy), empty views left out. */
  slice(start: number, end: number): Buffer[] {
    const views: Buffer[] = [];
    let at = Math.max(0, start);
    const stop = Math.min(end, this.length);
    while (at < stop) {
      const k = this.pieceAt(at);
      const piece = this.piece(k);
      const local = at - this.start(k);
      const n = Math.min(stop - at, piece.length - local);
      views.push(piece.subarray(local, local + n));
      at += n;
    }
    return views;
  }

  /** The whole, in one Buffer (the one piece itself when there is only one). */
  concat(): Buffer {
    const [only] = this.pieces;
    return this.pieces.length === 1 && only !== undefined ? only : Buffer.concat(this.pieces, this.length);
  }

  /** The piece holding `position` (0 ≤ position < length): the cached one, the next, or a binary search. */
  private pieceAt(position: number): number {
    const cached = this.cached;
    if (position >= this.start(cached)) {
      if (position < this.start(cached) + this.piece(cached).length) return cached;
      const next = cached + 1;
      if (next < this.pieces.length && position < this.start(next) + this.piece(next).length) {
        this.cached = next;
        return next;
      }
    }
    let low = 0;
    let high = this.pieces.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.start(middle) <= position) low = middle;
      else high = middle - 1;
    }
    // Empty pieces share their start with the next one: the one holding the byte is the last.
    this.cached = low;
    return low;
  }

  private piece(k: number): Buffer {
    const piece = this.pieces[k];
    if (piece === undefined) throw new RangeError(`no piece ${String(k)}`);
    return piece;
  }

  private start(k: number): number {
    return this.starts[k] ?? this.length;
  }
}
