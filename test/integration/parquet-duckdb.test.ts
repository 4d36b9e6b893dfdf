import { expect } from 'chai';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DuckDBConnection } from '@duckdb/node-api';
import { parquetMetadata } from 'hyparquet';
import type { StoredJob } from '../../src/domain/job.js';
import { parsedRows } from '../../src/export/answer-rows.js';
import {
  DEFAULT_EXPORT_COLUMNS,
  EXPORT_COLUMNS,
  type ExportColumn,
  type ExportRow,
} from '../../src/export/columns.js';
import { ndjsonLines } from '../../src/export/encoders.js';
import { ParquetEngine, parquetFromLines, type LinePage } from '../../src/export/parquet-duckdb.js';
import { ChunkedBytes } from '../../src/lib/chunked-bytes.js';
import { compactLines, publicSpans } from '../../src/search/source-lines.js';
import { adversarialSources, indexedSource, searchAnswer } from '../support/indexed.js';
import { storedJob } from '../support/jobs.js';
import { readParquet } from '../support/parquet.js';

const stored: StoredJob = storedJob('gh-1', {
  locations_derived: [{ city: 'Zürich', country: 'Switzerland', country_code: 'CH', lat: 47.37, lng: 8.54 }],
  salary: { min: 100_000, max: 120_000.5, currency: 'CHF', period: 'year', source: 'source_field' },
  derivations: { language: { source: 'rules', confidence: 0.7565363849765258 } },
});

/** An answer's rows as the NDJSON export cuts them out of its bytes (what the export hands DuckDB). */
function linesOf(answer: Buffer, rows: number): LinePage {
  const bytes = new ChunkedBytes([Buffer.from(answer)]);
  const spans = publicSpans(bytes, rows);
  if (spans === undefined) throw new Error('not an answer of public regions');
  return { lines: compactLines(bytes, spans), rows };
}

async function* pagesOf(pages: LinePage[]): AsyncGenerator<LinePage> {
  for (const page of pages) yield page;
  await Promise.resolve();
}

async function concat(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/**
 * What a reader gets back from Parquet for parsed rows: every chosen column, absent as null,
 * timestamps as dates (null when unreadable), structs with every field, JSON as the value.
 */
function expectedRows(
  rows: readonly ExportRow[],
  columns: readonly ExportColumn[],
): Record<string, unknown>[] {
  return rows.map((row) =>
    Object.fromEntries(columns.map((column) => [column, expectedValue(column, row[column])])),
  );
}

function expectedValue(column: ExportColumn, value: unknown): unknown {
  if (value === undefined || value === null) return null;
  switch (EXPORT_COLUMNS[column]) {
    case 'timestamp': {
      const millis = typeof value === 'string' ? Date.parse(value) : Number.NaN;
      return Number.isFinite(millis) ? new Date(millis) : null;
    }
    case 'salary':
      return { ...NULL_SALARY, ...value };
    case 'locations':
      return Array.isArray(value)
        ? value.map((place: unknown) => ({ ...NULL_PLACE, ...(typeof place === 'object' ? place : {}) }))
        : value;
    default:
      return value;
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
const NULL_PLACE = { city: null, country: null, country_code: null, lat: null, lng: null };

/**
 * Rows read back with hyparquet, a null struct as null: hyparquet gives a struct that DuckDB wrote
 * as null (definition level 0) as undefined; DuckDB itself reads it as NULL (checked below).
 */
async function readBack(file: Buffer): Promise<Record<string, unknown>[]> {
  return (await readParquet(file)).map((row) =>
    Object.fromEntries(Object.entries(row).map(([column, value]) => [column, value ?? null])),
  );
}

function parsedAll(answers: Buffer[], rows: number[]): ExportRow[] {
  return answers.flatMap((answer, i) => parsedRows(answer, rows[i] ?? 0));
}

async function ourTempDirs(): Promise<string[]> {
  return (await readdir(tmpdir())).filter((name) => name.startsWith('jlds-parquet-'));
}

describe('Parquet export encoded by DuckDB (export/parquet-duckdb.ts)', () => {
  const engine = new ParquetEngine();
  after(() => engine.close());

  const pages = [
    adversarialSources(stored),
    Array.from({ length: 300 }, (_, i) =>
      indexedSource({
        ...stored,
        job_key: `p${String(i)}`,
        ...(i % 4 === 0 ? { derivations: undefined } : {}),
      }),
    ),
  ];
  const answers = pages.map((sources) => searchAnswer(sources));
  const counts = pages.map((sources) => sources.length);

  it('writes every member of the parsed answers rows, read back value for value (adversarial text, absent derivations)', async () => {
    const file = await concat(
      parquetFromLines(
        engine,
        DEFAULT_EXPORT_COLUMNS,
        pagesOf(answers.map((a, i) => linesOf(a, counts[i] ?? 0))),
      ),
    );
    const read = await readBack(file);
    expect(read).to.deep.equal(expectedRows(parsedAll(answers, counts), DEFAULT_EXPORT_COLUMNS));
    expect(read[0]?.derivations).to.deep.equal(stored.derivations);
    const schema = parquetMetadata(new Uint8Array(file).buffer).schema;
    expect(schema.find((element) => element.name === 'first_seen')?.logical_type).to.deep.equal({
      type: 'TIMESTAMP',
      isAdjustedToUTC: true,
      unit: 'MILLIS',
    });
    expect(schema.find((element) => element.name === 'derivations')?.converted_type).to.equal('JSON');
  });

  it('reads chosen columns with descriptions from serialized rows', async () => {
    const columns: ExportColumn[] = ['job_key', 'first_seen', 'derivations', 'description_text'];
    const answer = searchAnswer([indexedSource(stored), indexedSource({ ...stored, job_key: 'gh-2' })], {}, [
      'First "description", with {braces} and ü',
      undefined,
    ]);
    const lines = { lines: [Buffer.from(ndjsonLines(parsedRows(answer, 2), columns))], rows: 2 };
    const read = await readBack(await concat(parquetFromLines(engine, columns, pagesOf([lines]))));
    expect(read).to.deep.equal(expectedRows(parsedAll([answer], [2]), columns));
    expect(read[0]?.description_text).to.equal('First "description", with {braces} and ü');
  });

  it('writes absent members as null, a partial salary with its other fields null, an unreadable date as null', async () => {
    const columns: ExportColumn[] = ['job_key', 'first_seen', 'department', 'salary', 'derivations'];
    const rows: ExportRow[] = [
      { job_key: 'a', first_seen: '2026-01-02T03:04:05.678Z', derivations: stored.derivations },
      { department: 'Platform', job_key: 'b', salary: { min: 1, currency: 'EUR' } },
      { job_key: 'c', first_seen: 'not a date', derivations: {} },
    ];
    const lines = { lines: [Buffer.from(ndjsonLines(rows, columns))], rows: 3 };
    const read = await readBack(await concat(parquetFromLines(engine, columns, pagesOf([lines]))));
    expect(read).to.deep.equal(expectedRows(rows, columns));
    expect(read.map((row) => row.first_seen)).to.deep.equal([
      new Date('2026-01-02T03:04:05.678Z'),
      null,
      null,
    ]);
    expect(read[1]?.salary).to.deep.equal({ ...NULL_SALARY, min: 1, currency: 'EUR' });
    const file = join(await mkdtemp(join(tmpdir(), 'parquet-read-')), 'rows.parquet');
    await writeFile(file, await concat(parquetFromLines(engine, columns, pagesOf([{ ...lines }]))));
    const duck = await DuckDBConnection.create();
    try {
      const nulls = await duck.runAndReadAll(`SELECT salary IS NULL FROM read_parquet('${file}')`);
      expect(nulls.getRowsJS()).to.deep.equal([[true], [false], [true]]);
    } finally {
      duck.closeSync();
      await rm(dirname(file), { recursive: true, force: true });
    }
  });

  it('closes a row group at 4,000 rows, and writes an export without rows as its schema alone', async () => {
    const many = Array.from({ length: 9 }, () => linesOf(answers[1] ?? Buffer.alloc(0), 300).lines);
    const file = await concat(
      parquetFromLines(
        engine,
        DEFAULT_EXPORT_COLUMNS,
        pagesOf(Array.from({ length: 30 }, (_, i) => ({ lines: many[i % many.length] ?? [], rows: 300 }))),
      ),
    );
    const meta = parquetMetadata(new Uint8Array(file).buffer);
    expect(meta.row_groups.map((group) => group.num_rows)).to.deep.equal([4200n, 4200n, 600n]);
    const empty = await concat(parquetFromLines(engine, DEFAULT_EXPORT_COLUMNS, pagesOf([])));
    expect(await readParquet(empty)).to.deep.equal([]);
    expect(parquetMetadata(new Uint8Array(empty).buffer).schema.map((element) => element.name)).to.include(
      'locations_derived',
    );
  });

  it('stops encoding and removes its files when the reader stops early, and frees its slot', async () => {
    const before = await ourTempDirs();
    const single = new ParquetEngine(1);
    try {
      const body = (): AsyncGenerator<Buffer> =>
        parquetFromLines(
          single,
          DEFAULT_EXPORT_COLUMNS,
          pagesOf(Array.from({ length: 40 }, () => linesOf(answers[1] ?? Buffer.alloc(0), 300))),
        );
      const [first, second] = [body(), body()];
      expect((await first.next()).done).to.equal(false);
      let secondStarted = false;
      const secondFirst = second.next().then((result) => {
        secondStarted = true;
        return result;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(secondStarted, 'waits while the only slot is taken').to.equal(false);
      expect(single.slots.activeCount).to.equal(1);
      await first.return(undefined);
      expect((await secondFirst).done).to.equal(false);
      await second.return(undefined);
      await new Promise((resolve) => setImmediate(resolve));
      expect(single.slots.activeCount, 'every slot free again').to.equal(0);
      expect(await ourTempDirs()).to.deep.equal(before);
    } finally {
      await single.close();
    }
  });
});
