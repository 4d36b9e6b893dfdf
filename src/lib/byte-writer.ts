/**
 * Builds one Buffer from literal pieces and spans of other buffers, copying each byte once.
 * Consecutive spans of the same buffer that touch are merged into one copy: a job whose public
 * members lie next to each other in Elasticsearch's answer is copied in one piece.
 */
interface Piece {
  source: Buffer;
  start: number;
  end: number;
}

export class ByteWriter {
  private readonly pieces: Piece[] = [];
  private length = 0;
  private last: Piece | undefined;

  /** Bytes [start, end) of `source`. */
  span(source: Buffer, start: number, end: number): this {
    if (end <= start) return this;
    this.length += end - start;
    const last = this.last;
    if (last !== undefined && last.source === source && last.end === start) {
      last.end = end;
      return this;
    }
    const piece = { source, start, end };
    this.pieces.push(piece);
    this.last = piece;
    return this;
  }

  /** A whole buffer (literal pieces are encoded once by their owner and reused). */
  bytes(source: Buffer): this {
    return this.span(source, 0, source.length);
  }

  /** Text, encoded as UTF-8. */
  text(text: string): this {
    return this.bytes(Buffer.from(text, 'utf8'));
  }

  finish(): Buffer {
    const out = Buffer.allocUnsafe(this.length);
    let at = 0;
    for (const piece of this.pieces) at += piece.source.copy(out, at, piece.start, piece.end);
    return out;
  }
}
