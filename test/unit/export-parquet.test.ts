import { expect } from 'chai';
import { parquetMetadata } from 'hyparquet';
import { parquetColumns, type ExportColumn, type ExportRow } from '../../src/export/columns.js';
import { ParquetEncoder } from '../../src/export/encoders.js';
import { readParquet } from '../support/parquet.js';

const COLUMNS: ExportColumn[] = ['job_key', 'first_seen', 'department', 'salary', 'derivations'];
const derivations = { language: { source: 'rules', confidence: 0.7565363849765258 } };

/** One file of `rows` from ParquetEncoder, as one buffer. */
async function fileOf(rows: ExportRow[], columns = COLUMNS): Promise<ArrayBuffer> {
  const encoder = new ParquetEncoder(columns);
  const parts = [await encoder.add(rows), await encoder.finish()].filter((part) => part !== undefined);
  const file = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    file.set(part, at);
    at += part.byteLength;
  }
  return file.buffer;
}

describe('Parquet export encoding (export/encoders.ts, export/columns.ts)', () => {
  const rows: ExportRow[] = [
    { job_key: 'a', first_seen: '2026-01-02T03:04:05.678Z', derivations },
    { department: 'Platform', job_key: 'b', salary: { min: 1, currency: 'EUR' } },
    { job_key: 'c', first_seen: 'not a date', derivations: {} },
  ];

  it('takes each row group column by column, absent members as null, whatever order or shape the rows have', () => {
    const [keys, firstSeen, department, salary, json] = parquetColumns(COLUMNS, rows);
    expect(keys).to.deep.equal(['a', 'b', 'c']);
    expect(firstSeen).to.deep.equal([Date.parse('2026-01-02T03:04:05.678Z'), null, null]);
    expect(department).to.deep.equal([null, 'Platform', null]);
    expect(salary?.[1]).to.deep.include({ min: 1, max: null, currency: 'EUR', period: null, source: null });
    expect(salary?.[0]).to.equal(null);
    expect(json).to.deep.equal([JSON.stringify(derivations), null, '{}']);
  });

  it('gives readers the JSON columns back as objects', async () => {
    const read = await readParquet(new Uint8Array(await fileOf(rows)));
    expect(read.map((row) => row.derivations)).to.deep.equal([derivations, null, {}]);
    expect(read.map((row) => row.job_key)).to.deep.equal(['a', 'b', 'c']);
  });

  it('states JSON columns with both their converted and their logical type in the footer', async () => {
    const element = parquetMetadata(await fileOf(rows)).schema.find((e) => e.name === 'derivations');
    expect(element?.converted_type).to.equal('JSON');
    expect(element?.logical_type).to.deep.equal({ type: 'JSON' });
  });

  it('closes a row group at 4,000 rows or once its rows came from 8 MiB of JSON', async () => {
    const small = new ParquetEncoder(COLUMNS);
    expect(await small.add(rows, 1024)).to.equal(undefined);
    expect(await small.add(rows, 8 * 1024 * 1024)).to.be.instanceOf(Uint8Array);
    const many = new ParquetEncoder(COLUMNS);
    const batch = Array.from({ length: 2_000 }, (_, i): ExportRow => ({ job_key: `k${String(i)}` }));
    expect(await many.add(batch)).to.equal(undefined);
    expect(await many.add(batch)).to.be.instanceOf(Uint8Array);
    const file = await many.finish();
    expect(file.byteLength).to.be.greaterThan(0);
  });
});
