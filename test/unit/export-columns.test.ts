import { expect } from 'chai';
import { csvCells, ndjsonObject, type ExportColumn } from '../../src/export/columns.js';
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
