import { expect } from 'chai';
import type { StoredJob } from '../../src/domain/job.js';
import { UpstreamUnavailableError } from '../../src/domain/errors.js';
import { parsedRows } from '../../src/export/answer-rows.js';
import { DEFAULT_EXPORT_COLUMNS, type ExportColumn } from '../../src/export/columns.js';
import { encode } from '../../src/export/encoders.js';
import { parquetFromAnswers, parquetSlots, type PageAnswer } from '../../src/export/parquet-thread.js';
import { adversarialSources, indexedSource, searchAnswer } from '../support/indexed.js';
import { storedJob } from '../support/jobs.js';
import { readParquet } from '../support/parquet.js';

const stored: StoredJob = storedJob('gh-1', {
  locations_derived: [{ city: 'Zürich', country: 'Switzerland', country_code: 'CH', lat: 47.37, lng: 8.54 }],
  salary: { min: 100_000, max: 120_000.5, currency: 'CHF', period: 'year', source: 'source_field' },
  derivations: { language: { source: 'rules', confidence: 0.7565363849765258 } },
});

/**
 * Each answer in pieces as a socket's reads arrive: 777 bytes each, every other one in memory of its
 * own (moved to the thread) and the rest views into the answer's memory (copied first).
 */
function piecesOf(answer: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < answer.length; at += 777) {
    const view = answer.subarray(at, at + 777);
    pieces.push(pieces.length % 2 === 0 ? Buffer.from(view) : view);
  }
  return pieces;
}

async function* pagesOf(answers: Buffer[], rows: number[]): AsyncGenerator<PageAnswer> {
  for (const [i, answer] of answers.entries()) yield { answer: piecesOf(answer), rows: rows[i] ?? 0 };
  await Promise.resolve();
}

async function concat(chunks: AsyncIterable<Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts);
}

/** The same rows parsed whole and encoded on this thread: what the worker must write byte for byte. */
async function inline(answers: Buffer[], rows: number[], columns: readonly ExportColumn[]): Promise<Buffer> {
  async function* batches(): AsyncGenerator<ReturnType<typeof parsedRows>> {
    for (const [i, answer] of answers.entries()) yield parsedRows(answer, rows[i] ?? 0);
    await Promise.resolve();
  }
  return concat(encode('parquet', columns, batches()));
}

describe('Parquet export on a worker thread (export/parquet-thread.ts)', () => {
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

  it('writes the file the in-line encoder writes from the parsed answers, byte for byte', async () => {
    const expected = await inline(answers, counts, DEFAULT_EXPORT_COLUMNS);
    const copies = answers.map((answer) => Buffer.from(answer));
    const file = await concat(
      parquetFromAnswers(
        { columns: DEFAULT_EXPORT_COLUMNS, withDescription: false },
        pagesOf(copies, counts),
        parquetSlots(),
      ),
    );
    expect(file.equals(expected)).to.equal(true);
    const read = await readParquet(file);
    expect(read).to.have.length(counts.reduce((a, b) => a + b, 0));
    expect(read[0]?.derivations).to.deep.equal(stored.derivations);
  });

  it('parses answers with descriptions whole, the description among the columns', async () => {
    const columns: ExportColumn[] = ['job_key', 'derivations', 'description_text'];
    const sources = [indexedSource(stored), indexedSource({ ...stored, job_key: 'gh-2' })];
    const answer = searchAnswer(sources, {}, ['First "description"', undefined]);
    const expected = await inline([answer], [2], columns);
    const file = await concat(
      parquetFromAnswers(
        { columns, withDescription: true },
        pagesOf([Buffer.from(answer)], [2]),
        parquetSlots(),
      ),
    );
    expect(file.equals(expected)).to.equal(true);
  });

  it('fails a timed-out or partial answer as Elasticsearch unavailable, and ends its thread', async () => {
    for (const header of [
      { timed_out: true },
      { _shards: { total: 2, successful: 1, skipped: 0, failed: 1 } },
    ]) {
      const answer = searchAnswer([indexedSource(stored)], header);
      const body = parquetFromAnswers(
        { columns: DEFAULT_EXPORT_COLUMNS, withDescription: false },
        pagesOf([answer], [1]),
        parquetSlots(),
      );
      const failure = await concat(body).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).to.be.instanceOf(UpstreamUnavailableError);
    }
  });

  it('ends its thread when the reader stops early', async () => {
    const many = Array.from({ length: 6 }, () => Buffer.from(answers[1] ?? Buffer.alloc(0)));
    const body = parquetFromAnswers(
      { columns: DEFAULT_EXPORT_COLUMNS, withDescription: false },
      pagesOf(
        many,
        many.map(() => 300),
      ),
      parquetSlots(),
    );
    const first = await body.next();
    expect(first.done).to.equal(false);
    expect(await body.return(undefined)).to.deep.equal({ done: true, value: undefined });
  });

  it('encodes as many exports at once as it has slots; the next one starts when one ends', async () => {
    const slots = parquetSlots(1);
    const body = (): AsyncGenerator<Buffer> =>
      parquetFromAnswers(
        { columns: DEFAULT_EXPORT_COLUMNS, withDescription: false },
        pagesOf([Buffer.from(answers[0] ?? Buffer.alloc(0))], [counts[0] ?? 0]),
        slots,
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
    expect(slots.activeCount).to.equal(1);
    await first.return(undefined);
    expect((await secondFirst).done).to.equal(false);
    await second.return(undefined);
    await new Promise((resolve) => setImmediate(resolve));
    expect(slots.activeCount, 'every slot free again').to.equal(0);
  });
});
