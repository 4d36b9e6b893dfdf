/**
 * What DuckDB is told to write for a Parquet export (export/parquet-duckdb.ts), pure: the COPY of one
 * row group's NDJSON lines, and the footer's schema edits.
 */
import { EXPORT_COLUMNS, type ExportColumn } from './columns.js';
import { ordered, type SchemaEdit, type ThriftStruct } from './parquet-splice.js';

/** DuckDB's type of each column's NDJSON value (export/columns.ts's kinds). */
const DUCKDB_TYPES: Record<(typeof EXPORT_COLUMNS)[ExportColumn], string> = {
  string: 'VARCHAR',
  timestamp: 'VARCHAR',
  boolean: 'BOOLEAN',
  string_list: 'VARCHAR[]',
  locations: 'STRUCT(city VARCHAR, country VARCHAR, country_code VARCHAR, lat DOUBLE, lng DOUBLE)[]',
  salary:
    'STRUCT(min DOUBLE, max DOUBLE, currency VARCHAR, period VARCHAR, annualized_min DOUBLE, annualized_max DOUBLE, source VARCHAR)',
  json: 'JSON',
};

/**
 * The COPY of one group: `columns` of the lines in `input` (members not among them are skipped) into
 * `output`. Column names come from EXPORT_COLUMNS and paths from mkdtemp: no caller's text.
 */
export function copySql(columns: readonly ExportColumn[], input: string, output: string): string {
  const types = columns.map((column) => `'${column}': '${DUCKDB_TYPES[EXPORT_COLUMNS[column]]}'`).join(', ');
  const selected = columns
    .map((column) =>
      EXPORT_COLUMNS[column] === 'timestamp'
        ? `epoch_ms(TRY_CAST("${column}" AS TIMESTAMPTZ)) AS "${column}"`
        : `"${column}"`,
    )
    .join(', ');
  return (
    `COPY (SELECT ${selected} FROM read_ndjson(${quoted(input)}, columns = {${types}})) ` +
    `TO ${quoted(output)} (FORMAT parquet, COMPRESSION zstd)`
  );
}

function quoted(path: string): string {
  return `'${path.replaceAll("'", "''")}'`;
}

// parquet.thrift: SchemaElement's type, name, converted type and logical type; INT64; TIMESTAMP.
const ELEMENT_TYPE = 1;
const ELEMENT_NAME = 4;
const ELEMENT_CHILDREN = 5;
const ELEMENT_CONVERTED = 6;
const ELEMENT_LOGICAL = 10;
const INT64 = 2;
const LOGICAL_TIMESTAMP = 8;

/**
 * The footer's schema with the timestamp columns stated as timestamps: DuckDB writes epoch_ms as a
 * plain INT64, the file says TIMESTAMP(MILLIS, adjusted to UTC) as the JavaScript writer did.
 */
export function timestampsAsMillis(columns: readonly ExportColumn[]): SchemaEdit {
  const timestamps = new Set<string>(columns.filter((column) => EXPORT_COLUMNS[column] === 'timestamp'));
  return (schema) => {
    const out = [...schema];
    // Top-level elements only: a nested field may share a column's name (salary.source).
    for (let at = 1; at < out.length; at = after(out, at)) {
      const element = out[at];
      if (element === undefined || !isTimestamp(element, timestamps)) continue;
      const { [`field_${ELEMENT_CONVERTED}`]: _integer, ...rest } = element;
      out[at] = ordered({
        ...rest,
        [`field_${ELEMENT_LOGICAL}`]: {
          [`field_${LOGICAL_TIMESTAMP}`]: { field_1: true, field_2: { field_1: {} } },
        },
      });
    }
    return out;
  };
}

function isTimestamp(element: ThriftStruct, names: ReadonlySet<string>): boolean {
  const name = element[`field_${ELEMENT_NAME}`];
  return (
    element[`field_${ELEMENT_TYPE}`] === INT64 &&
    name instanceof Uint8Array &&
    names.has(Buffer.from(name).toString('utf8'))
  );
}

/** The index after the element at `at` and all its descendants. */
function after(schema: readonly ThriftStruct[], at: number): number {
  let next = at + 1;
  let open = childrenOf(schema[at]);
  while (open > 0 && next < schema.length) {
    open += childrenOf(schema[next]) - 1;
    next += 1;
  }
  return next;
}

function childrenOf(element: ThriftStruct | undefined): number {
  const children = element?.[`field_${ELEMENT_CHILDREN}`];
  return typeof children === 'number' ? children : 0;
}
