/**
 * Export columns: which Job members can be exported, their order, and how each is written in CSV,
 * NDJSON and Parquet. Pure; the one place that knows a column's type.
 */
import type { SchemaElement } from 'hyparquet';

type Kind = 'string' | 'timestamp' | 'boolean' | 'string_list' | 'locations' | 'salary' | 'json';

/** The exportable members (the OpenAPI `columns` enum), in the default order. */
export const EXPORT_COLUMNS = {
  job_key: 'string',
  title: 'string',
  organization: 'string',
  url: 'string',
  status: 'string',
  first_seen: 'timestamp',
  posted_at: 'timestamp',
  valid_through: 'timestamp',
  closed_at: 'timestamp',
  close_reason: 'string',
  source: 'string',
  source_slug: 'string',
  source_endpoint: 'string',
  directory_verified_at: 'timestamp',
  company_key: 'string',
  company_domain: 'string',
  department: 'string',
  locations_derived: 'locations',
  remote_derived: 'boolean',
  ai_work_arrangement: 'string',
  employment_type: 'string_list',
  career_family: 'string',
  skill_clusters: 'string_list',
  language: 'string',
  salary: 'salary',
  security_clearance: 'boolean',
  visa_sponsorship: 'boolean',
  experience_level: 'string',
  duplicate_group: 'string',
  // Keyed by attribute name: a map, kept as JSON text in Parquet rather than a sparse struct.
  derivations: 'json',
  description_text: 'string',
} as const satisfies Record<string, Kind>;

export type ExportColumn = keyof typeof EXPORT_COLUMNS;

export function isExportColumn(name: string): name is ExportColumn {
  return Object.hasOwn(EXPORT_COLUMNS, name);
}

/** Without `columns`: everything but the description (it needs its own entitlement). */
export const DEFAULT_EXPORT_COLUMNS = (Object.keys(EXPORT_COLUMNS) as ExportColumn[]).filter(
  (column) => column !== 'description_text',
);

export type ExportRow = Partial<Record<ExportColumn, unknown>>;

// ------------------------------------------------------------------ CSV

/** One CSV record's cells: arrays and objects as JSON, absent as empty (quoting is the encoder's). */
export function csvCells(row: ExportRow, columns: readonly ExportColumn[]): string[] {
  return columns.map((column) => {
    const value = row[column];
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return JSON.stringify(value);
  });
}

// ------------------------------------------------------------------ NDJSON

/** The selected members in column order; absent values omitted (as in the API's Job). */
export function ndjsonObject(row: ExportRow, columns: readonly ExportColumn[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) if (row[column] !== undefined) out[column] = row[column];
  return out;
}

// ------------------------------------------------------------------ Parquet

const utf8 = (name: string, repetition: 'OPTIONAL' | 'REQUIRED' = 'OPTIONAL'): SchemaElement => ({
  name,
  type: 'BYTE_ARRAY',
  converted_type: 'UTF8',
  repetition_type: repetition,
});
const double = (name: string): SchemaElement => ({ name, type: 'DOUBLE', repetition_type: 'OPTIONAL' });

/** The schema elements of one column (a group is followed by its children, depth first). */
function columnSchema(column: ExportColumn): SchemaElement[] {
  const kind: Kind = EXPORT_COLUMNS[column];
  switch (kind) {
    case 'string':
      return [utf8(column, column === 'job_key' ? 'REQUIRED' : 'OPTIONAL')];
    case 'timestamp':
      return [
        {
          name: column,
          type: 'INT64',
          repetition_type: 'OPTIONAL',
          logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' },
        },
      ];
    case 'boolean':
      return [{ name: column, type: 'BOOLEAN', repetition_type: 'OPTIONAL' }];
    case 'json':
      return [
        {
          name: column,
          type: 'BYTE_ARRAY',
          converted_type: 'JSON',
          logical_type: { type: 'JSON' },
          repetition_type: 'OPTIONAL',
        },
      ];
    case 'string_list':
      return [
        { name: column, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
        { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
        utf8('element'),
      ];
    case 'locations':
      return [
        { name: column, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
        { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
        { name: 'element', repetition_type: 'OPTIONAL', num_children: 5 },
        utf8('city'),
        utf8('country'),
        utf8('country_code'),
        double('lat'),
        double('lng'),
      ];
    case 'salary':
      return [
        { name: column, repetition_type: 'OPTIONAL', num_children: 7 },
        double('min'),
        double('max'),
        utf8('currency'),
        utf8('period'),
        double('annualized_min'),
        double('annualized_max'),
        utf8('source'),
      ];
  }
}

/**
 * Free text, URLs and opaque keys: their min/max prune no row group for any real query, and
 * computing them costs ~10% of encoding. Dates, booleans and coded values keep their statistics.
 */
const UNPRUNABLE: ReadonlySet<ExportColumn> = new Set<ExportColumn>([
  'job_key',
  'title',
  'organization',
  'url',
  'source_endpoint',
  'department',
  'duplicate_group',
  'derivations',
  'description_text',
]);

/** Whether the Parquet writer computes a column's min/max statistics. */
export function parquetStatistics(column: ExportColumn): boolean {
  return !UNPRUNABLE.has(column);
}

/** The file's schema, as its footer states it. */
export function parquetSchema(columns: readonly ExportColumn[]): SchemaElement[] {
  return [{ name: 'root', num_children: columns.length }, ...columns.flatMap(columnSchema)];
}

/**
 * The schema the writer encodes row groups with: JSON columns without their converted type, so the
 * writer takes their values as the JSON text parquetColumns gives (with it, it would serialize each
 * value again, the text as a JSON string). The footer states the converted type too (encoders.ts),
 * for readers that know only converted types; logical-type readers (DuckDB, Arrow) read either.
 */
export function parquetWritingSchema(schema: readonly SchemaElement[]): SchemaElement[] {
  return schema.map((element) => {
    if (element.converted_type !== 'JSON') return element;
    const { converted_type: _footerOnly, ...writing } = element;
    return writing;
  });
}

/**
 * One row group's values, column by column in `columns`' order, as the Parquet writer takes them:
 * absent → null; timestamps as epoch milliseconds; JSON columns as JSON text (parquetWritingSchema).
 *
 * Why text: the writer converts a JSON value itself (walk, stringify, UTF-8) and keys its dictionary
 * by object, hashing each value's bytes; `derivations` given as objects cost 8.1 of the 21.5 µs a row
 * of encoding the default columns, as text 2.7 µs (40,000 rows of bench-companies, in process).
 *
 * Why one pass over each row's own members: rows parsed from JSON have as many shapes as
 * combinations of absent members, and reading `row[column]` column by column was a megamorphic
 * lookup per cell: 1.1–2.6 µs a row against 0.5–0.7 (40,000 rows, in process).
 */
export function parquetColumns(columns: readonly ExportColumn[], rows: readonly ExportRow[]): unknown[][] {
  const values = new Map<string, unknown[]>(
    columns.map((column) => [column, new Array<unknown>(rows.length).fill(null)]),
  );
  rows.forEach((row, i) => {
    for (const member in row) {
      const column = values.get(member);
      if (column !== undefined) column[i] = Reflect.get(row, member) ?? null;
    }
  });
  return columns.map((column) => parquetValues(column, values.get(column) ?? []));
}

/** A column's values (null when absent) in the writer's form. */
function parquetValues(column: ExportColumn, values: unknown[]): unknown[] {
  switch (EXPORT_COLUMNS[column]) {
    case 'timestamp':
      return values.map((value) => {
        const millis = typeof value === 'string' ? Date.parse(value) : Number.NaN;
        return Number.isFinite(millis) ? millis : null;
      });
    case 'salary':
      return values.map((value) =>
        typeof value === 'object' && value !== null ? { ...NULL_SALARY, ...value } : null,
      );
    case 'json':
      return values.map((value) => {
        if (value === null) return null;
        return JSON.stringify(value);
      });
    default:
      return values;
  }
}

const NULL_SALARY = {
  min: null,
  max: null,
  currency: null,
  period: null,
  annualized_min: null,
  annualized_max: null,
  source: null,
};
