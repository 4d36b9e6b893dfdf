/**
 * Row batches → bytes, per format, as async generators: the HTTP layer pulls, so memory holds one
 * batch at a time whatever the export's size (Parquet: export/parquet-duckdb.ts).
 */
import Papa from 'papaparse';
import { csvCells, ndjsonObject, type ExportColumn, type ExportRow } from './columns.js';

export const EXPORT_FORMATS = ['csv', 'ndjson', 'parquet'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const MEDIA_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8; header=present',
  ndjson: 'application/x-ndjson; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
};

/** CSV or NDJSON of rows parsed from the answers (chosen columns); Parquet is DuckDB's (parquet-duckdb.ts). */
export function encode(
  format: 'csv' | 'ndjson',
  columns: readonly ExportColumn[],
  batches: AsyncIterable<ExportRow[]>,
): AsyncGenerator<Buffer> {
  switch (format) {
    case 'csv':
      return csv(columns, batches);
    case 'ndjson':
      return ndjson(columns, batches);
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
