/**
 * Export columns: which Job members can be exported, their order, and how each is written in CSV and
 * NDJSON. Pure; the one place that knows a column's kind (export/parquet-sql.ts maps each kind to
 * DuckDB's type for Parquet).
 */

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
