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
      return [{ name: column, type: 'BYTE_ARRAY', converted_type: 'JSON', repetition_type: 'OPTIONAL' }];
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

export function parquetSchema(columns: readonly ExportColumn[]): SchemaElement[] {
  return [{ name: 'root', num_children: columns.length }, ...columns.flatMap(columnSchema)];
}

/** A column's value as the Parquet writer takes it (absent → null; JSON columns take the value itself). */
export function parquetValue(column: ExportColumn, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (EXPORT_COLUMNS[column]) {
    case 'timestamp':
      return typeof value === 'string' ? new Date(value) : null;
    case 'salary':
      return { ...nullMembers(SALARY_MEMBERS), ...(value as Record<string, unknown>) };
    default:
      return value;
  }
}

const SALARY_MEMBERS = ['min', 'max', 'currency', 'period', 'annualized_min', 'annualized_max', 'source'];

function nullMembers(names: string[]): Record<string, null> {
  return Object.fromEntries(names.map((name) => [name, null]));
}
