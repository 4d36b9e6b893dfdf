import { expect } from 'chai';
import Papa from 'papaparse';
import { csvCells, DEFAULT_EXPORT_COLUMNS, type ExportRow } from '../../src/export/columns.js';
import { csvField, csvFromJsonLines, UnexpectedLineError } from '../../src/export/csv-lines.js';
import { csvRecords } from '../../src/export/encoders.js';
import { cuttings } from '../support/pieces.js';
import { seededRandom } from '../support/random.js';

/** What the parsed path writes for the same lines: JSON.parse each, csvCells, csvRecords. */
function parsedCsv(text: string): string {
  const rows = text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ExportRow);
  return rows.length === 0 ? '' : csvRecords(rows.map((row) => csvCells(row, DEFAULT_EXPORT_COLUMNS)));
}

/**
 * csvFromJsonLines over the UTF-8 bytes of `text`, as text: whole, and cut into pieces as the
 * export's answer may be (support/pieces.ts), which must give the same.
 */
function csv(text: string): string {
  const [whole, ...cut] = cuttings(Buffer.from(text), 4).map((pieces) =>
    Buffer.concat(csvFromJsonLines(pieces, DEFAULT_EXPORT_COLUMNS)).toString('utf8'),
  );
  for (const result of cut) expect(result).to.equal(whole);
  return whole ?? '';
}

const ALPHABET = [
  'a',
  'Z',
  ' ',
  ',',
  '"',
  '\\',
  '\r',
  '\n',
  '\ufeff',
  '{',
  '}',
  '[',
  ']',
  ':',
  'é',
  '東',
  '🚀',
  '\u0007',
  'e',
  'E',
  '1',
];

describe('CSV records from NDJSON lines (export/csv-lines.ts)', () => {
  it('quotes a field exactly as Papa Parse does', () => {
    const random = seededRandom(4180);
    for (let i = 0; i < 3000; i += 1) {
      const value = Array.from(
        { length: Math.floor(random() * 8) },
        () => ALPHABET[Math.floor(random() * ALPHABET.length)],
      ).join('');
      expect(csvField(value), JSON.stringify(value)).to.equal(
        Papa.unparse([[value, 'x']], { quotes: false, escapeFormulae: false, newline: '\r\n' }).slice(0, -2),
      );
    }
  });

  it('writes what the parsed path writes for a typical job line', () => {
    const line = `${JSON.stringify({
      job_key: 'gh-1',
      title: 'Senior Engineer, Platform',
      organization: ' Acme ',
      status: 'open',
      first_seen: '2026-11-01T00:00:00.000Z',
      locations_derived: [
        { city: 'Zürich', country: 'Switzerland', country_code: 'CH', lat: 47.37, lng: 8.54 },
      ],
      remote_derived: false,
      employment_type: ['FULL_TIME'],
      skill_clusters: [],
      salary: { min: 100_000, max: 120_000.5, currency: 'CHF', period: 'year', source: 'source_field' },
      security_clearance: null,
      derivations: { language: { source: 'rules', confidence: 0.8618901408450705 } },
    })}\n`;
    expect(csv(line)).to.equal(parsedCsv(line));
  });

  it('decodes what Elasticsearch writes differently from JavaScript: exponents, escapes', () => {
    // Jackson writes small and large doubles with an exponent (1.0E-4, 1.23456785E7).
    const lines =
      '{"job_key":"a","salary":{"min":1.23456785E7,"max":1.0E8,"currency":"USD","period":"year","source":"description_text"},"derivations":{"x":{"source":"rules","confidence":1.0E-4}}}\n' +
      '{"job_key":"b\\"q\\"","title":"tab\\there\\u2028","department":"caf\\u00e9, ltd","employment_type":["FULL\\\\TIME"]}\n' +
      '{"job_key":"c","locations_derived":[{"city":"e","country":"E1","lat":1e-7,"lng":-2.5e+21}]}\n';
    expect(csv(lines)).to.equal(parsedCsv(lines));
  });

  it('agrees with the parsed path on 500 seeded random lines', () => {
    const random = seededRandom(20261127);
    const text = (): string =>
      Array.from(
        { length: Math.floor(random() * 12) },
        () => ALPHABET[Math.floor(random() * ALPHABET.length)],
      ).join('');
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const number = (): number =>
      pick([0, 1, -1, 0.1, 0.30000000000000004, 47.37, 1e-7, 123456789.5, 1e21, 2 ** 53]);
    let lines = '';
    for (let i = 0; i < 500; i += 1) {
      const row: Record<string, unknown> = {};
      for (const column of DEFAULT_EXPORT_COLUMNS) {
        if (random() < 0.3) continue;
        row[column] = pick([
          () => text(),
          () => null,
          () => random() < 0.5,
          () => [text(), text()],
          () => [],
          () => ({ a: text(), n: number(), b: random() < 0.5, z: null }),
          () => [{ city: text(), lat: number() }],
        ])();
      }
      lines += `${JSON.stringify(row)}\n`;
    }
    expect(csv(lines)).to.equal(parsedCsv(lines));
  });

  it('grows its output past the first guess (lists of empty strings double almost every byte)', () => {
    const lines = Array.from(
      { length: 50 },
      (_, i) =>
        `${JSON.stringify({ job_key: `k${String(i)}`, skill_clusters: Array.from({ length: 200 }, () => '') })}\n`,
    ).join('');
    expect(csv(lines)).to.equal(parsedCsv(lines));
    expect(Buffer.byteLength(csv(lines))).to.be.greaterThan(Buffer.byteLength(lines) * 1.25);
  });

  it('writes in pieces of 64 KiB or more, never cutting a record, whatever a record decodes to', () => {
    const long = 'x'.repeat(150_000);
    const lines = [
      // Records of a few KB: several fill a piece.
      ...Array.from({ length: 120 }, (_, i) => ({
        job_key: `k${String(i)}`,
        title: `Engineer ${'y'.repeat(900)}`,
        skill_clusters: Array.from({ length: 60 }, (__, j) => `s${String(j)}`),
      })),
      // A record longer than a piece, raw; one whose escaped title decodes past the room begun.
      { job_key: 'long', title: long, skill_clusters: [long] },
      { job_key: 'escaped', title: `"${long}"\n`, salary: { min: 1e21, max: 1e-7 } },
      ...Array.from({ length: 40 }, (_, i) => ({ job_key: `after${String(i)}`, title: 'a,b' })),
    ]
      .map((row) => `${JSON.stringify(row)}\n`)
      .join('');
    const pieces = csvFromJsonLines([Buffer.from(lines)], DEFAULT_EXPORT_COLUMNS);
    expect(pieces.length).to.be.greaterThan(4);
    const records = pieces.map((piece) => piece.toString('utf8'));
    // Each piece ends where a record does (a CRLF not inside a quoted field: one whole parse each).
    for (const piece of records) {
      expect(piece.endsWith('\r\n')).to.equal(true);
      expect(Papa.parse(piece.slice(0, -2), { newline: '\r\n' }).errors).to.deep.equal([]);
    }
    expect(records.join('')).to.equal(parsedCsv(lines));
    expect(csv(lines)).to.equal(parsedCsv(lines));
  });

  it('quotes strings with a BOM, a comma or an end space, and lists holding them, as Papa Parse does', () => {
    const lines = ['\ufeffx', 'a,b', ' lead', 'trail ', ' ', '', 'plain']
      .map(
        (value) =>
          `${JSON.stringify({ job_key: value, title: value, skill_clusters: [value], salary: { currency: value } })}\n`,
      )
      .join('');
    expect(csv(lines)).to.equal(parsedCsv(lines));
  });

  it('writes lists and objects without quotes or commas as they are, and with commas only quoted', () => {
    const lines = [[], {}, [[]], [1, 2.5, true], { a: [false, null] }, [{}], [-0.5]]
      .map((value) => `${JSON.stringify({ job_key: 'k', skill_clusters: value, salary: value })}\n`)
      .join('');
    expect(csv(lines)).to.equal(parsedCsv(lines));
  });

  it('writes an empty record for an empty object and nothing for no lines', () => {
    expect(csv('{}\n')).to.equal(`${','.repeat(29)}\r\n`);
    expect(csv('')).to.equal('');
  });

  it('refuses a line that is not an object of columns', () => {
    for (const bad of [
      '{"nope":1}\n',
      '[1]\n',
      '{"job_key":"a"}',
      '{"job_key":"a"\n',
      '{"job_key":"a}\n',
      '{"salary":{"min":1}\n',
      '{"salary":{"min":[1}\n',
    ])
      expect(() => csv(bad), bad).to.throw(UnexpectedLineError);
  });
});
