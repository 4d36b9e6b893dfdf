import { expect } from 'chai';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { parquetMetadata } from 'hyparquet';
import type { StoredJob } from '../../src/domain/job.js';
import { parsedRows } from '../../src/export/answer-rows.js';
import { DEFAULT_EXPORT_COLUMNS, type ExportColumn } from '../../src/export/columns.js';
import { encode, ndjsonLines } from '../../src/export/encoders.js';
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

/** The same rows parsed whole and encoded by the JavaScript writer (snapshots'), read back. */
async function inline(
  answers: Buffer[],
  rows: number[],
  columns: readonly ExportColumn[],
): Promise<unknown[]> {
  async function* batches(): AsyncGenerator<ReturnType<typeof parsedRows>> {
    for (const [i, answer] of answers.entries()) yield parsedRows(answer, rows[i] ?? 0);
    await Promise.resolve();
  }
  return readParquet(await concat(encode('parquet', columns, batches())));
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

  it('writes the rows the JavaScript writer writes from the parsed answers, read back value for value', async () => {
    const file = await concat(
      parquetFromLines(
        engine,
        DEFAULT_EXPORT_COLUMNS,
        pagesOf(answers.map((a, i) => linesOf(a, counts[i] ?? 0))),
      ),
    );
    const read = await readParquet(file);
    expect(read).to.deep.equal(await inline(answers, counts, DEFAULT_EXPORT_COLUMNS));
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
    const read = await readParquet(await concat(parquetFromLines(engine, columns, pagesOf([lines]))));
    expect(read).to.deep.equal(await inline([answer], [2], columns));
    expect(read[0]?.description_text).to.equal('First "description", with {braces} and ü');
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
