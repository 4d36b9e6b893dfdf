import { expect } from 'chai';
import {
  csvCells,
  EXPORT_COLUMNS,
  ndjsonObject,
  parquetSchema,
  type ExportColumn,
} from '../../src/export/columns.js';
import { exportQuery } from '../../src/search/export-query.js';

describe('export columns', () => {
  it('writes CSV cells: strings as they are, arrays and objects as JSON, absent as empty', () => {
    const row = {
      job_key: 'j1',
      title: 'Engineer, "Platform"',
      remote_derived: false,
      employment_type: ['FULL_TIME'],
      salary: { min: 1, currency: 'EUR', period: 'year', source: 'source_field' },
    };
    const columns: ExportColumn[] = [
      'job_key',
      'title',
      'remote_derived',
      'employment_type',
      'salary',
      'department',
    ];
    expect(csvCells(row, columns)).to.deep.equal([
      'j1',
      'Engineer, "Platform"',
      'false',
      '["FULL_TIME"]',
      '{"min":1,"currency":"EUR","period":"year","source":"source_field"}',
      '',
    ]);
    expect(Object.keys(ndjsonObject(row, ['salary', 'job_key', 'department']))).to.deep.equal([
      'salary',
      'job_key',
    ]);
  });

  it('builds a Parquet schema whose groups declare exactly their children, for every column', () => {
    const columns = Object.keys(EXPORT_COLUMNS) as ExportColumn[];
    const schema = parquetSchema(columns);
    // Walk the flattened tree: every group must be followed by num_children complete subtrees.
    let index = 0;
    const subtree = (): void => {
      const element = schema[index];
      index += 1;
      for (let child = 0; child < (element?.num_children ?? 0); child += 1) subtree();
    };
    subtree();
    expect(index).to.equal(schema.length);
    expect(schema[0]?.num_children).to.equal(columns.length);
    expect(schema.find((element) => element.name === 'first_seen')?.logical_type).to.deep.equal({
      type: 'TIMESTAMP',
      isAdjustedToUTC: true,
      unit: 'MILLIS',
    });
  });

  it('filters an export like search does, without text or sort parameters', () => {
    expect(exportQuery({ country: ['DE'], source: ['lever'], status: 'open' })).to.deep.equal({
      bool: {
        filter: [
          { term: { status: 'open' } },
          { terms: { 'locations_derived.country_code': ['DE'] } },
          { terms: { source: ['lever'] } },
          // Like search without include_unresolved: only jobs of resolved companies.
          { term: { company_resolved: true } },
        ],
      },
    });
  });
});
