import { expect } from 'chai';
import { ChunkedBytes } from '../../src/lib/chunked-bytes.js';
import type { SortValues } from '../../src/search/cursor.js';
import { sortStarts, sortValuesAt } from '../../src/search/sort-walk.js';
import { answerOf } from '../support/indexed.js';
import { cuttings } from '../support/pieces.js';

/** A walk page's answer as Elasticsearch writes it: hits without `_source` or fields. */
function walkAnswer(sorts: readonly unknown[][], header: Record<string, unknown> = {}): Buffer {
  return answerOf(
    sorts.map((sort) => ({ _index: 'jobs-v3"sort":[2]', _score: null, sort })),
    header,
  );
}

/** Every hit's sort values read through sortStarts and sortValuesAt, over each cutting of `bytes`. */
function readAll(bytes: Buffer, hits: number): (SortValues | undefined)[][] {
  return cuttings(bytes).map((pieces) => {
    const answer = new ChunkedBytes(pieces);
    const found = sortStarts(answer, hits);
    if (found === undefined) throw new Error('not recognized');
    return found.starts.map((start) => sortValuesAt(answer, start));
  });
}

const tricky: SortValues[] = [
  [4294967296123],
  [0],
  ['a]b', 7],
  ['"sort":[9]', null],
  ['quote \\" and ] and \\\\', -1.5e3],
  ['ünïcödé 🙂 ]', 2],
  [],
];

describe('sort-walk: sort values out of a walk page without parsing it', () => {
  it("reads each hit's sort values, whatever a string holds, over every cutting of the answer", () => {
    for (const read of readAll(walkAnswer(tricky), tricky.length)) expect(read).to.deep.equal(tricky);
  });

  it('reads the header: a timed-out or partial answer is reported, not read as complete', () => {
    const answer = new ChunkedBytes([
      walkAnswer([[1], [2]], {
        timed_out: true,
        _shards: { total: 2, successful: 1, skipped: 0, failed: 1 },
      }),
    ]);
    expect(sortStarts(answer, 2)).to.include({ timedOut: true, shardsFailed: 1 });
  });

  it('gives undefined for a hit count other than the one asked for', () => {
    const answer = new ChunkedBytes([walkAnswer([[1], [2], [3]])]);
    expect(sortStarts(answer, 2)).to.equal(undefined);
    expect(sortStarts(answer, 4)).to.equal(undefined);
    expect(sortStarts(answer, 3)?.starts).to.have.length(3);
  });

  it('gives undefined for an answer of another shape', () => {
    expect(sortStarts(new ChunkedBytes([Buffer.from('{"error":{"type":"x"}}')]), 0)).to.equal(undefined);
    expect(sortStarts(new ChunkedBytes([Buffer.from('')]), 0)).to.equal(undefined);
  });

  it('an empty page is recognized with no hits', () => {
    expect(sortStarts(new ChunkedBytes([walkAnswer([])]), 0)?.starts).to.deep.equal([]);
  });

  it('gives undefined for sort values that do not close or are not scalars', () => {
    const cut = Buffer.from('{"sort":[1,"a');
    expect(sortValuesAt(new ChunkedBytes([cut]), cut.indexOf('['))).to.equal(undefined);
    const nested = new ChunkedBytes([walkAnswer([[{ a: 1 }]])]);
    const found = sortStarts(nested, 1);
    expect(found?.starts).to.have.length(1);
    expect(sortValuesAt(nested, found?.starts[0] ?? -1)).to.equal(undefined);
  });
});
