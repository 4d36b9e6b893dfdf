import { expect } from 'chai';
import { copySql, timestampsAsMillis } from '../../src/export/parquet-sql.js';
import type { ThriftStruct } from '../../src/export/parquet-splice.js';

const name = (text: string): Uint8Array => Buffer.from(text);

describe('what DuckDB is told to write for a Parquet export (export/parquet-sql.ts)', () => {
  it('reads the chosen columns of the lines with their types, timestamps as UTC epoch milliseconds', () => {
    expect(
      copySql(
        ['job_key', 'first_seen', 'salary', 'skill_clusters', 'derivations'],
        "/tmp/a'b/in.ndjson",
        '/tmp/out.parquet',
      ),
    ).to.equal(
      `COPY (SELECT "job_key", epoch_ms(TRY_CAST("first_seen" AS TIMESTAMPTZ)) AS "first_seen", "salary", "skill_clusters", "derivations" ` +
        `FROM read_ndjson('/tmp/a''b/in.ndjson', columns = {'job_key': 'VARCHAR', 'first_seen': 'VARCHAR', ` +
        `'salary': 'STRUCT(min DOUBLE, max DOUBLE, currency VARCHAR, period VARCHAR, annualized_min DOUBLE, annualized_max DOUBLE, source VARCHAR)', ` +
        `'skill_clusters': 'VARCHAR[]', 'derivations': 'JSON'})) TO '/tmp/out.parquet' (FORMAT parquet, COMPRESSION zstd)`,
    );
  });

  it('states top-level timestamp columns as TIMESTAMP(MILLIS, UTC) and leaves nested fields of the same name alone', () => {
    const schema: ThriftStruct[] = [
      { field_4: name('duckdb_schema'), field_5: 3 },
      { field_1: 2, field_3: 1, field_4: name('first_seen'), field_6: 18 },
      { field_3: 1, field_4: name('salary'), field_5: 1 },
      { field_1: 2, field_3: 1, field_4: name('first_seen'), field_6: 18 },
      { field_1: 6, field_3: 1, field_4: name('source'), field_6: 0 },
    ];
    const edited = timestampsAsMillis(['first_seen', 'salary', 'source'])(schema);
    expect(edited[1]).to.deep.equal({
      field_1: 2,
      field_3: 1,
      field_4: name('first_seen'),
      field_10: { field_8: { field_1: true, field_2: { field_1: {} } } },
    });
    expect(edited[3], 'a nested field named like a timestamp column').to.deep.equal(schema[3]);
    expect(edited[4]).to.deep.equal(schema[4]);
    expect(Object.keys(edited[1] ?? {}), 'fields in ascending order').to.deep.equal([
      'field_1',
      'field_3',
      'field_4',
      'field_10',
    ]);
  });
});
