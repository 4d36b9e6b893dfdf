/**
 * Row batches → bytes, per format, as async generators: the HTTP layer pulls, so memory holds one
 * batch (or one Parquet row group) at a time whatever the export's size.
 */
import { zstdCompressSync } from 'node:zlib';
import type { SchemaElement } from 'hyparquet';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import Papa from 'papaparse';
import {
  csvCells,
  ndjsonObject,
  parquetSchema,
  parquetStatistics,
  parquetWritingSchema,
  parquetColumns,
  type ExportColumn,
  type ExportRow,
} from './columns.js';

export const EXPORT_FORMATS = ['csv', 'ndjson', 'parquet'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  ndjson: 'application/x-ndjson; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
};

/**
 * Rows per Parquet row group of the JavaScript writer (snapshots; exports are DuckDB's,
 * parquet-duckdb.ts). A group's rows live until it is written, so smaller groups die younger and
 * need a smaller heap. Measured when exports ran this writer on a thread of their own with a 64 MB
 * heap (bench:export, Parquet, 1M rows,
 * alternating runs on the same corpus: 10,000 rows / 16 MB / a 128 MB heap 23.5–25.8k rows/s, peak
 * RSS 392–416 MB; 4,000 / 8 MB / 64 MB 25.0–32.4k rows/s (mean 28.6k against 24.7k), 377–382 MB;
 * 6,000 / 12 MB / 64 MB 23.4–24.4k; 2,000 / 4 MB / 48 MB 18.7–21.7k (each group's fixed cost). The
 * files were the same size (39–40 MB)).
 */
const ROW_GROUP = 4_000;
/**
 * Or fewer, once the rows came from this many bytes of JSON: a group is held whole until it is
 * written; 4,000 rows with descriptions can be 30 MB of text. Default-column rows (~1.9 kB in an answer) fill 4,000 in ~7.6 MB.
 */
const ROW_GROUP_SOURCE_BYTES = 8 * 1024 * 1024;

export function encode(
  format: ExportFormat,
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportRow[]>,
): AsyncGenerator<Buffer> {
  switch (format) {
    case 'csv':
      return csv(columns, batches);
    case 'ndjson':
      return ndjson(columns, batches);
    case 'parquet':
      return parquet(columns, batches);
  }
}

// Values go out exactly as the API returns them: no formula escaping (a leading `=` stays).
const CSV_CONFIG: Papa.UnparseConfig = { newline: '\r\n', quotes: false, escapeFormulae: false };
// With one column, an empty field would make a blank line, which pandas and Python's csv.DictReader
// skip: the row would be lost. Quoted, it reads as a row with an empty value.
const ONE_COLUMN_CONFIG: Papa.UnparseConfig = { ...CSV_CONFIG, quotes: (value: unknown) => value === '' };

/**
 * CSV records as RFC 4180 text: every record ends in CRLF; a field holding a quote, comma, CR or LF
 * (or starting or ending with a space) is quoted, quotes doubled. Papa Parse, not csv-stringify:
 * csv-stringify quotes a lone CR or LF only through a per-field regular expression and wrote about
 * 30k rows/s of the default columns, Papa Parse 70k.
 */
export function csvRecords(records: string[][]): string {
  return `${Papa.unparse(records, records[0]?.length === 1 ? ONE_COLUMN_CONFIG : CSV_CONFIG)}\r\n`;
}

/** The header record of a CSV export: the column names. */
export function csvHeader(columns: readonly ExportColumn[]): Buffer {
  return Buffer.from(csvRecords([[...columns]]));
}

async function* csv(
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportRow[]>,
): AsyncGenerator<Buffer> {
  yield csvHeader(columns);
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield Buffer.from(csvRecords(batch.map((row) => csvCells(row, columns))));
  }
}

/** One JSON object per row and line, the API's member names, in column order. */
export function ndjsonLines(rows: readonly ExportRow[], columns: readonly ExportColumn[]): string {
  let text = '';
  for (const row of rows) text += `${JSON.stringify(ndjsonObject(row, columns))}\n`;
  return text;
}

async function* ndjson(
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportRow[]>,
): AsyncGenerator<Buffer> {
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield Buffer.from(ndjsonLines(batch, columns));
  }
}

/**
 * One Parquet file, written row group by row group: `add` takes rows and gives back the bytes of a
 * row group once it is full (ROW_GROUP rows or ROW_GROUP_SOURCE_BYTES), `finish` the rest and the
 * footer. The writer keeps only offsets and statistics for the footer, so memory holds one row group
 * whatever the file's size.
 * Synchronous work: snapshots run it in line on the worker process.
 */
export class ParquetEncoder {
  private readonly writer = new ByteWriter();
  private readonly schema: SchemaElement[];
  private readonly file: ParquetWriter;
  private group: ExportRow[] = [];
  private groupSourceBytes = 0;

  constructor(private readonly columns: readonly ExportColumn[]) {
    this.schema = parquetSchema(columns);
    // Zstandard through Node's native zlib: about a third faster than the writer's JavaScript Snappy,
    // and files half the size; DuckDB, pyarrow and Spark read it.
    this.file = new ParquetWriter({
      writer: this.writer,
      schema: parquetWritingSchema(this.schema),
      codec: 'ZSTD',
      compressors: { ZSTD: (input) => zstdCompressSync(input) },
    });
  }

  /**
   * Takes `rows` (read from `sourceBytes` bytes of JSON, when known); the bytes of the row group they
   * complete, if they complete one.
   */
  async add(rows: readonly ExportRow[], sourceBytes = 0): Promise<Uint8Array | undefined> {
    for (const row of rows) this.group.push(row);
    this.groupSourceBytes += sourceBytes;
    if (this.group.length < ROW_GROUP && this.groupSourceBytes < ROW_GROUP_SOURCE_BYTES) return undefined;
    await this.flush();
    return this.drain();
  }

  /** The last row group (if rows are left) and the footer. */
  async finish(): Promise<Uint8Array> {
    if (this.group.length > 0) await this.flush();
    // The footer as the file's readers should see it (JSON columns with their converted type too).
    this.file.schema = this.schema;
    await this.file.finish();
    return this.drain();
  }

  private async flush(): Promise<void> {
    const group = this.group;
    this.group = [];
    this.groupSourceBytes = 0;
    const data = parquetColumns(this.columns, group);
    await this.file.write({
      columnData: this.columns.map((column, i) => ({
        name: column,
        data: data[i] ?? [],
        statistics: parquetStatistics(column),
      })),
      rowGroupSize: group.length,
    });
  }

  /** The bytes written since the last drain, in a buffer of their own (a worker transfers it). */
  private drain(): Uint8Array {
    const bytes = this.writer.getBytes().slice();
    this.writer.index = 0;
    return bytes;
  }
}

async function* parquet(
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportRow[]>,
): AsyncGenerator<Buffer> {
  const encoder = new ParquetEncoder(columns);
  for await (const batch of batches) {
    const bytes = await encoder.add(batch);
    if (bytes !== undefined) yield asBuffer(bytes);
  }
  yield asBuffer(await encoder.finish());
}

/** A Buffer over `bytes`' memory (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
