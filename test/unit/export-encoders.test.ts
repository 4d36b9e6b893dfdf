import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { csvRecords, ndjsonLines } from '../../src/export/encoders.js';
import { seededRandom } from '../support/random.js';

const ALPHABET = ['a', 'Z', ' ', ',', '"', '\r', '\n', '\r\n', ';', '\t', 'é', '💼', '='];

describe('export encoders', () => {
  it('writes RFC 4180 CSV: CRLF after every record, fields with a quote, comma, CR or LF quoted', () => {
    expect(csvRecords([['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\ronly', 'crlf\r\nend', '']])).to.equal(
      'plain,"a,b","say ""hi""","two\nlines","cr\ronly","crlf\r\nend",\r\n',
    );
    expect(
      csvRecords([
        ['h1', 'h2'],
        ['1', '2'],
      ]),
    ).to.equal('h1,h2\r\n1,2\r\n');
  });

  it('quotes an empty field of a one-column export, so no record is a blank line', () => {
    const text = csvRecords([['department'], ['sales'], [''], ['legal']]);
    expect(text).to.equal('department\r\nsales\r\n""\r\nlegal\r\n');
    expect(
      csvRecords([
        ['a', ''],
        ['', ''],
      ]),
    ).to.equal('a,\r\n,\r\n');
  });

  it('keeps values exactly as they are: a leading = is not escaped', () => {
    expect(csvRecords([['=1+1', '-2', '@x']])).to.equal('=1+1,-2,@x\r\n');
  });

  it('reads back cell for cell through an independent parser, whatever the characters (2,000 records)', () => {
    const next = seededRandom(4180);
    const records = Array.from({ length: 2000 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 6) }, () =>
        Array.from(
          { length: Math.floor(next() * 8) },
          () => ALPHABET[Math.floor(next() * ALPHABET.length)],
        ).join(''),
      ),
    );
    // Batches are written one after another into one body: each must end on a record boundary.
    const text = csvRecords(records.slice(0, 1000)) + csvRecords(records.slice(1000));
    const parsed: unknown = parse(text, { relax_column_count: true, record_delimiter: '\r\n' });
    expect(parsed).to.deep.equal(records);
  });

  it('writes one JSON object per line with the columns in order and absent members left out', () => {
    const text = ndjsonLines(
      [
        { title: 'Engineer\nII', job_key: 'j1', remote_derived: false },
        { job_key: 'j2', department: null },
      ],
      ['job_key', 'title', 'remote_derived', 'department'],
    );
    expect(text).to.equal(
      '{"job_key":"j1","title":"Engineer\\nII","remote_derived":false}\n{"job_key":"j2","department":null}\n',
    );
  });
});
