/**
 * A Parquet export encoded on a worker thread of its own: this thread reads Elasticsearch's page
 * answers and hands each one over in the pieces it was read in (moved, not copied); the worker joins,
 * parses and encodes them (parquet-worker.ts) and hands back each finished row group.
 *
 * Why the pieces and not the answer joined here: a join on this thread allocated every answer's bytes
 * a second time and left the pieces behind as garbage, and this thread allocates little else, so
 * V8 collected them only once ~64 MB of them had piled up (its external-memory trigger; see
 * lib/chunked-bytes.ts). Moved, they are the worker's, which collects every few pages. bench:export,
 * Parquet, 1M rows: this thread's Buffers peaked at 57–63 MB joined and 25–35 MB in pieces, the
 * process's peak RSS 379–385 MB (three runs) against 358–359 MB (two), at the same rows/s.
 *
 * Why a thread: parsing and encoding cost ~20 µs a row, a 10,000-row group ~200 ms in one piece,
 * during which the API's event loop answered nothing else; and one thread doing both the reading
 * and the encoding was itself the bound (API 31–36 µs a row on one core, bench:export).
 */
import { availableParallelism } from 'node:os';
import pLimit, { type LimitFunction } from 'p-limit';
import { UpstreamUnavailableError } from '../domain/errors.js';
import { inOrder } from '../lib/ordered.js';
import { createWorkerPool, moduleExtension } from '../lib/worker-pool.js';
import type { ExportColumn } from './columns.js';
import { asBuffer } from './encoders.js';

/**
 * The thread's heap, a bound of its own: it holds one row group (≤ 8 MB of answers, encoders.ts)
 * and what the group's encoding allocates. Without a bound, the thread started from the API's flags
 * (main/node-flags.ts: no full collection before 256 MB of old generation) and let promoted rows of
 * earlier groups pile up to that: peak RSS of a 139,368-row export 501–563 MB, with 128 MB (and
 * 16 MB groups) 399–408 MB at the same rows/s (bench:export, alternating runs). 64 MB with 8 MB
 * groups: 1M rows at 377–382 MB against 392–416 (encoders.ts gives the rates); a 100,000-row export
 * with descriptions (3.3 kB a row in the answers) encodes within it.
 */
const THREAD_OLD_GENERATION_MB = 64;

/**
 * How many Parquet exports encode at once in one API process; more wait their turn. A thread holds up
 * to THREAD_OLD_GENERATION_MB of heap, and more threads than cores encode no faster.
 */
export type ParquetSlots = LimitFunction;

export function parquetSlots(threads = availableParallelism()): ParquetSlots {
  return pLimit(threads);
}

/** Waits for a free slot; the function given back frees it. */
function takeSlot(slots: ParquetSlots): Promise<() => void> {
  return new Promise((granted) => {
    void slots(
      () =>
        new Promise<void>((free) => {
          granted(free);
        }),
    );
  });
}

export interface ParquetWorkerData {
  columns: readonly ExportColumn[];
  /** The answers carry the stored description (then they are parsed whole). */
  withDescription: boolean;
}

/** One page answer (the pieces it was read in) and its row count, or (no answer) the end of the rows. */
export interface ParquetPageRequest {
  answer?: Uint8Array[];
  rows: number;
}

export interface ParquetPageResult {
  /** Bytes of the file ready to send (a finished row group; the footer at the end). */
  bytes?: Uint8Array;
  /** The answer was a timed-out or partial one. */
  upstreamFailed?: true;
}

/** A page answer of the export: its bytes, in the pieces they were read in, and how many rows it must hold. */
export interface PageAnswer {
  answer: Buffer[];
  rows: number;
}

/**
 * The Parquet file of `pages`, encoded on a worker thread once one of `slots` is free; the thread
 * ends with the generator.
 */
export async function* parquetFromAnswers(
  settings: ParquetWorkerData,
  pages: AsyncIterable<PageAnswer>,
  slots: ParquetSlots,
): AsyncGenerator<Buffer> {
  const freeSlot = await takeSlot(slots);
  const thread = createWorkerPool<ParquetPageRequest, ParquetPageResult>(
    new URL(`./parquet-worker.${moduleExtension(import.meta.url)}`, import.meta.url),
    1,
    settings,
    { maxOldGenerationSizeMb: THREAD_OLD_GENERATION_MB },
  );
  const bytesOf = (result: ParquetPageResult): Buffer | undefined => {
    if (result.upstreamFailed === true) throw new UpstreamUnavailableError(2);
    return result.bytes === undefined ? undefined : asBuffer(result.bytes);
  };
  async function* tasks(): AsyncGenerator<() => Promise<ParquetPageResult>> {
    for await (const page of pages) {
      const moved = page.answer.map(movable);
      yield () =>
        thread.run(
          { answer: moved.map(({ view }) => view), rows: page.rows },
          moved.map(({ buffer }) => buffer),
        );
    }
  }
  try {
    // Two pages with the worker: it starts on the next one as soon as it has answered for one.
    for await (const result of inOrder(tasks(), 2)) {
      const bytes = bytesOf(result);
      if (bytes !== undefined) yield bytes;
    }
    const footer = bytesOf(await thread.run({ rows: 0 }));
    if (footer !== undefined) yield footer;
  } finally {
    await thread.close();
    freeSlot();
  }
}

/**
 * `bytes` in memory of their own, which can be moved to another thread: a Buffer that shares its
 * ArrayBuffer (Node's pool of small buffers, a slice of a larger one) is copied first.
 */
function movable(bytes: Buffer): { view: Uint8Array; buffer: ArrayBuffer } {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  if (whole && bytes.buffer instanceof ArrayBuffer) return { view: bytes, buffer: bytes.buffer };
  const copy = new Uint8Array(bytes);
  return { view: copy, buffer: copy.buffer };
}
