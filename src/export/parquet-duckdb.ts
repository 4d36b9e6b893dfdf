/**
 * A Parquet export encoded by DuckDB from the export's NDJSON lines: each row group's lines go to a
 * file of their own, `COPY … TO … (FORMAT parquet)` turns them into a one-group Parquet file, and the
 * groups are given out as they are written, under one footer (export/parquet-splice.ts).
 *
 * Why DuckDB and not the JavaScript writer on a thread of its own (the design before): that thread
 * parsed every row and encoded it at 35–45 µs a row and was the export's bound (bench:export, 1M rows:
 * 22–26k rows/s, 0.34–0.41× of Elasticsearch delivery, the thread busy 98% of the run while the API
 * thread idled 87%). DuckDB parses and encodes the same lines at ~9–10 µs a row in native code on a
 * libuv thread, and the lines are the ones the NDJSON export already cuts out of Elasticsearch's
 * answers for ~5 µs a row (40,000 bench-companies rows in process, alternating: 14–16 µs a row in
 * all against 31–38). No JavaScript heap holds a row group any more. End to end (bench:export,
 * 1M rows, four runs of this code): 38.8–46.9k rows/s, 0.63–0.81× of Elasticsearch delivery, API
 * 18.1–20.3 µs a row. What it costs is memory: peak RSS 418–432 MB against an NDJSON export's
 * 287–294 — DuckDB's library (~30 MB) and what its jemalloc keeps of a group's working set (~85 MB;
 * giving it back after each group cost 14 µs a row more, docs/SCALING.md M18b). The API thread's
 * heap no longer adds ~90 MB of garbage (507–528 MB before): the export's walk reads sort values
 * from bytes (search/sort-walk.ts) and the splice keeps no parsed footers (parquet-splice.ts).
 * Bounded (in process, six exports of 200,000 rows each: the heap after collection and the RSS the
 * same after each).
 *
 * Values as the JavaScript writer before it wrote them: timestamps as UTC epoch milliseconds (an
 * unreadable one as null), JSON columns as JSON text (DuckDB re-serializes it compactly: the same
 * JSON value, not always the same characters — "1.50" becomes "1.5"). Every column is OPTIONAL in
 * the schema (DuckDB's pages carry definition levels), job_key included.
 */
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import pLimit, { type LimitFunction } from 'p-limit';
import type { ExportColumn, ExportRow } from './columns.js';
import { ndjsonLines } from './encoders.js';
import { ParquetSplice } from './parquet-splice.js';
import { copySql, timestampsAsMillis } from './parquet-sql.js';

/**
 * Rows per row group (or fewer once the lines reach ROW_GROUP_BYTES). 4,000 as the JavaScript
 * writer had them (its measured reasons were its heap's; here a group costs ~1.5 ms of fixed work
 * and 8 MB of lines on disk, so readers' preference for larger groups is kept within that).
 */
const ROW_GROUP = 4_000;
/** A group's lines: 4,000 default-column rows are ~7.6 MB; rows with descriptions close it sooner. */
const ROW_GROUP_BYTES = 8 * 1024 * 1024;

/**
 * DuckDB's memory per export encoding at once. Its JSON reader reads in 32 MiB buffers: a limit of
 * 32 MB fails a group ("could not allocate"), 64 MB encodes 4,000-row groups (measured).
 */
const MEMORY_MB_PER_EXPORT = 64;

/** One DuckDB database in memory for the process, opened at the first Parquet export. */
export class ParquetEngine {
  private instance: Promise<DuckDBInstance> | undefined;
  /** Parquet exports encoding at once; more wait their turn. */
  readonly slots: LimitFunction;

  constructor(private readonly exports = availableParallelism()) {
    this.slots = pLimit(exports);
  }

  async connect(): Promise<DuckDBConnection> {
    this.instance ??= openInstance(this.exports);
    const connection = await (await this.instance).connect();
    // Timestamps without an offset read as UTC, whatever the host's zone (not an option at creation).
    await connection.run("SET TimeZone = 'UTC'");
    return connection;
  }

  async close(): Promise<void> {
    const instance = this.instance;
    this.instance = undefined;
    if (instance !== undefined) (await instance).closeSync();
  }
}

/**
 * The database, its library loaded only now: importing @duckdb/node-api at start-up cost every API
 * process 10–12 MB of resident memory whether it ever exported Parquet or not (idle RSS 3 s after
 * start-up, alternating: 216–217 MB, 204–207 with this import deferred), which every NDJSON and
 * CSV export then carried on top of its own.
 */
async function openInstance(exports: number): Promise<DuckDBInstance> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  return DuckDBInstance.create(':memory:', {
    // One thread per query: an export's group is one file, and the API's cores serve searches too.
    threads: '1',
    memory_limit: `${String(MEMORY_MB_PER_EXPORT * exports)}MB`,
    // The groups' rows in the order of their lines (the export's order).
    preserve_insertion_order: 'true',
    // Nothing fetched: JSON and Parquet are built in.
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  });
}

/** One page of an export as NDJSON lines (each a JSON object and a newline) and its row count. */
export interface LinePage {
  lines: Buffer[];
  rows: number;
}

/** Parsed rows as a page of lines of `columns` (rows with descriptions, a snapshot's batches). */
export function rowsAsLines(rows: readonly ExportRow[], columns: readonly ExportColumn[]): LinePage {
  return { lines: [Buffer.from(ndjsonLines(rows, columns))], rows: rows.length };
}

/**
 * The Parquet file of `columns` of `pages`' rows, encoded once one of the engine's slots is free.
 *
 * Each page's lines go to the group's file as they come (a page is held only while it is written),
 * and DuckDB encodes a full group while the next one's pages are read and written to the other of
 * two files: the reads and the encoding overlap.
 */
export async function* parquetFromLines(
  engine: ParquetEngine,
  columns: readonly ExportColumn[],
  pages: AsyncIterable<LinePage>,
): AsyncGenerator<Buffer> {
  const freeSlot = await takeSlot(engine.slots);
  let dir: string | undefined;
  let connection: DuckDBConnection | undefined;
  /** The group whose pages are being written. */
  let group: GroupFile | undefined;
  /** The previous group's encoding, running while this group's pages are written. */
  let encoding: Promise<Buffer> | undefined;
  try {
    const files = await mkdtemp(join(tmpdir(), 'jlds-parquet-'));
    dir = files;
    const opened = await engine.connect();
    connection = opened;
    const slots = [0, 1].map((slot) => groupSlot(opened, columns, files, slot));
    const splice = new ParquetSplice(timestampsAsMillis(columns));
    let groups = 0;
    let [rows, bytes] = [0, 0];
    const start = (): GroupFile => {
      const slot = slots[groups % slots.length];
      if (slot === undefined) throw new Error('no group slot');
      return slot();
    };
    for await (const page of pages) {
      group ??= start();
      await group.write(page.lines);
      rows += page.rows;
      bytes += page.lines.reduce((sum, line) => sum + line.byteLength, 0);
      if (rows < ROW_GROUP && bytes < ROW_GROUP_BYTES) continue;
      if (encoding !== undefined) yield* asBuffers(splice.add(await encoding));
      encoding = handledLater(group.encode());
      [group, rows, bytes, groups] = [undefined, 0, 0, groups + 1];
    }
    if (encoding !== undefined) yield* asBuffers(splice.add(await encoding));
    encoding = undefined;
    // The last group; an export without rows is a file of its schema alone.
    if (rows > 0 || groups === 0) {
      const last = group ?? start();
      group = undefined;
      yield* asBuffers(splice.add(await last.encode()));
    }
    yield splice.finish();
  } finally {
    // A reader that stopped early: the running encoding is stopped before its files go.
    if (encoding !== undefined) {
      connection?.interrupt();
      await encoding.catch(() => undefined);
    }
    await group?.discard();
    connection?.closeSync();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    freeSlot();
  }
}

/** `promise`, marked as handled now: it is awaited later, or dropped when the export stops early. */
function handledLater<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

interface GroupFile {
  /** Appends lines to the group's file. */
  write(lines: readonly Buffer[]): Promise<void>;
  /** Closes the file and encodes it: the bytes of a one-group Parquet file. */
  encode(): Promise<Buffer>;
  /** Closes the file without encoding it. */
  discard(): Promise<void>;
}

/** One of two group slots in `dir`: each group it starts writes its lines there and DuckDB encodes them. */
function groupSlot(
  connection: DuckDBConnection,
  columns: readonly ExportColumn[],
  dir: string,
  slot: number,
): () => GroupFile {
  const input = join(dir, `group-${String(slot)}.ndjson`);
  const output = join(dir, `group-${String(slot)}.parquet`);
  const sql = copySql(columns, input, output);
  return () => {
    const file = handledLater(open(input, 'w'));
    let closed = false;
    const close = async (): Promise<void> => {
      if (closed) return;
      closed = true;
      await (await file).close();
    };
    return {
      write: async (lines) => {
        await (await file).writev([...lines]);
      },
      encode: async () => {
        await close();
        await connection.run(sql);
        return readFile(output);
      },
      discard: () => close().catch(() => undefined),
    };
  };
}

function* asBuffers(parts: Uint8Array[]): Generator<Buffer> {
  for (const part of parts) yield Buffer.from(part.buffer, part.byteOffset, part.byteLength);
}

/** Waits for a free slot; the function given back frees it. */
function takeSlot(slots: LimitFunction): Promise<() => void> {
  return new Promise((granted) => {
    void slots(
      () =>
        new Promise<void>((free) => {
          granted(free);
        }),
    );
  });
}
